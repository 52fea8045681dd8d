import Foundation
import Testing

@Suite("lazer command line")
struct LazerCommandTests {
    @Test("--version prints the version and exits 0")
    func version() throws {
        let result = try LazerBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.1.0")
    }

    @Test("--help names the tool and every command")
    func help() throws {
        let result = try LazerBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("A terminal API explorer for Linux."))
        #expect(!result.stdout.contains("Planned"))
        for command in ["import", "export"] {
            #expect(result.stdout.contains(command))
        }
        #expect(result.stdout.contains("mock"))
        #expect(result.stdout.contains("record"))
        #expect(!result.stdout.contains("run (replay"))
        #expect(result.stdout.contains("tui"))
        #expect(result.stdout.contains("run"))
    }

    @Test("an unknown command is a usage error with exit status 64")
    func unknownCommand() throws {
        let result = try LazerBinary.run(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("frobnicate"))
        #expect(result.stderr.contains("no such command"))
    }

    @Test("the explorer refuses to start without a terminal, with a message and status 1")
    func explorerNeedsATerminal() throws {
        let result = try LazerBinary.run(["tui", "."])
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs a terminal"))
    }
}
