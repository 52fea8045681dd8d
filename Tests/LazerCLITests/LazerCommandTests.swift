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

    /// ArgumentParser breaks every line longer than the terminal where it reaches the edge, so a
    /// discussion written in lines of up to 100 columns read as ragged fragments at 80.
    @Test(
        "each command's --help text is written in lines that fit 80 columns",
        arguments: ["run", "validate", "send", "mock", "record", "import", "export", "json"])
    func helpFitsEightyColumns(command: String) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "300"
        let result = try LazerBinary.run([command, "--help"], environment: environment)
        #expect(result.status == 0)
        let discussion = try #require(result.stdout.components(separatedBy: "USAGE:").first)
        // The one-line abstract (OVERVIEW) is a single paragraph: ArgumentParser wraps it well.
        let long = discussion.split(separator: "\n").map(String.init)
            .filter { $0.count > 79 && !$0.hasPrefix("OVERVIEW:") }
        #expect(long.isEmpty, "\(long)")
    }

    @Test("an unknown command, or an unknown option of any command, is a usage error with exit status 2")
    func unknownCommand() throws {
        let result = try LazerBinary.run(["frobnicate"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("frobnicate"))
        #expect(result.stderr.contains("no such command"))
        for command in ["run", "send", "json", "validate", "mock", "record", "import", "export"] {
            let option = try LazerBinary.run([command, "--no-such-option"])
            #expect(option.status == 2, "\(command)")
            #expect(option.stderr.hasPrefix("Error: "), "\(command)")
        }
    }

    @Test("the explorer refuses to start without a terminal, with a message and status 1")
    func explorerNeedsATerminal() throws {
        let result = try LazerBinary.run(["tui", "."])
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs a terminal"))
    }
}
