import Foundation
import Glibc
import LoopbackTesting
import Testing

@Suite("lazer json")
struct JSONCommandTests {
    @Test("pretty-prints stdin with two-space indentation, keeping key order and number text")
    func prettyPrintsStdin() throws {
        let result = try LazerBinary.run(["json"], stdin: Data(#"{"b":1e400,"a":[true,null]}"#.utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "{\n  \"b\": 1e400,\n  \"a\": [\n    true,\n    null\n  ]\n}\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("--compact, --sort-keys and --indent shape the output")
    func layoutOptions() throws {
        let input = Data(#"{ "b" : 1, "a" : { "d" : 2, "c" : 3 } }"#.utf8)
        let compact = try LazerBinary.run(["json", "--compact", "--sort-keys"], stdin: input)
        #expect(compact.stdout == "{\"a\":{\"c\":3,\"d\":2},\"b\":1}\n")
        let wide = try LazerBinary.run(["json", "--indent", "4", "-"], stdin: input)
        #expect(wide.stdout.hasPrefix("{\n    \"b\": 1,\n    \"a\": {\n        \"d\": 2"))
    }

    @Test("reads a file given as argument; --color always adds ANSI colours")
    func readsFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-json-\(UUID().uuidString).json")
        try Data(#"["x"]"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let plain = try LazerBinary.run(["json", url.path, "--compact"])
        #expect(plain.stdout == "[\"x\"]\n")
        let colored = try LazerBinary.run(["json", url.path, "--compact", "--color", "always"])
        #expect(colored.stdout == "[\u{1B}[32m\"x\"\u{1B}[0m]\n")
    }

    @Test(
        "C1 and bidi controls print as JSON escapes (coloured too); the error excerpt and file name show them visibly")
    func hostileTextIsVisible() throws {
        let value = "\u{9B}2J\u{202E}x\u{9D}0;t\u{9C}"
        let input = Data("{\"k\u{9B}\": \"\(value)\"}".utf8)
        for arguments in [["json"], ["json", "--color", "always"], ["json", "--compact"]] {
            let result = try LazerBinary.run(arguments, stdin: input)
            #expect(result.status == 0)
            let withoutColour = result.stdout.replacingOccurrences(of: "\u{1B}[", with: "[")
            #expect(!SendCommandTests.hasRawControl(withoutColour), "\(arguments): \(result.stdout.debugDescription)")
            #expect(result.stdout.contains(#"\u009B2J\u202Ex\u009D0;t\u009C"#))
        }
        let broken = try LazerBinary.run(["json"], stdin: Data("[1 \u{9B}2J\u{202E}\u{1B}]0;t\u{07}]".utf8))
        #expect(broken.status == 1)
        #expect(!SendCommandTests.hasRawControl(broken.stderr), "\(broken.stderr.debugDescription)")

        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-json-\u{1B}[2J\u{202E}\n\(UUID().uuidString).json")
        try Data("[".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let named = try LazerBinary.run(["json", url.path])
        #expect(named.status == 1)
        #expect(!SendCommandTests.hasRawControl(named.stderr), "\(named.stderr.debugDescription)")
        #expect(named.stderr.hasPrefix("lazer json: \(url.deletingLastPathComponent().path)/lazer-json-␛[2J<U+202E>␊"))
    }

    @Test("a FIFO, /dev/zero and a file over the limit are refused at once with a clear message")
    func inputsThatHang() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let huge = folder.appendingPathComponent("huge.json").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 5 << 30) == 0)  // sparse: 5 GiB on paper, nothing on disk
        // Under the limit, mapped: zeros are refused at the first byte, not after a pass over 2 GiB.
        let zeros = folder.appendingPathComponent("zeros.json").path
        #expect(FileManager.default.createFile(atPath: zeros, contents: nil))
        #expect(truncate(zeros, 2 << 30) == 0)
        for (path, message) in [
            (fifo, "FIFO (named pipe), not a regular file"), ("/dev/zero", "a device, not a regular file"),
            (huge, "larger than the 4 GiB limit"),
            (zeros, "line 1, column 1: expected a value, found control character U+0000"),
        ] {
            let result = try LazerBinary.run(["json", path])
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.contains(message), "\(path): \(result.stderr)")
        }
    }

    @Test("a failed write to stdout (/dev/full) prints a message and exits 1, for json, validate and send")
    func fullDisk() throws {
        let json = try LazerBinary.runToFullDisk(["json"], stdin: Data("[1, 2]".utf8))
        #expect(json.status == 1)
        #expect(json.stderr.contains("lazer json: cannot write the output: No space left on device"), "\(json.stderr)")
        let validate = try LazerBinary.runToFullDisk(["validate", ValidateCommandTests.repositoryRoot + "/Collections"])
        #expect(validate.status == 1)
        #expect(validate.stderr.contains("lazer validate: cannot write the output: No space left on device"))
        let server = try LoopbackServer.shared()
        let send = try LazerBinary.runToFullDisk(["send", server.url("/json").absoluteString])
        #expect(send.status == 1)
        #expect(send.stderr.contains("lazer send: cannot write the output: No space left on device"))
    }

    @Test("invalid JSON prints line, column, excerpt and caret on stderr and exits 1")
    func invalidInput() throws {
        let result = try LazerBinary.run(["json"], stdin: Data("{\n  \"a\": [1, 2,, 3]\n}".utf8))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                lazer json: <stdin>: line 2, column 14: expected a value, found ','
                      "a": [1, 2,, 3]
                                 ^

                """)
    }

    @Test("a missing file is a clear error with exit status 1")
    func missingFile() throws {
        let result = try LazerBinary.run(["json", "/nonexistent/body.json"])
        #expect(result.status == 1)
        #expect(result.stderr == "lazer json: /nonexistent/body.json: No such file or directory\n")
    }

    @Test("--lenient accepts comments and trailing commas")
    func lenient() throws {
        let input = Data("[1, // one\n 2,]".utf8)
        #expect(try LazerBinary.run(["json", "--compact"], stdin: input).status == 1)
        #expect(try LazerBinary.run(["json", "--compact", "--lenient"], stdin: input).stdout == "[1,2]\n")
    }
}

@Suite("lazer json --query")
struct JSONQueryCommandTests {
    @Test("prints each selected node; an empty selection prints nothing")
    func query() throws {
        let input = Data(#"[{"meta":{"nested":{"x":1}}},{"meta":{}},{"meta":{"nested":{"x":[2]}}}]"#.utf8)
        let result = try LazerBinary.run(["json", "--query", "$[*].meta.nested.x", "--compact"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == "1\n[2]\n")
        let none = try LazerBinary.run(["json", "--query", "$.nothing"], stdin: input)
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
    }

    @Test("an invalid query is reported with its position and exit status 1")
    func invalidQuery() throws {
        let result = try LazerBinary.run(["json", "--query", "$[?@.a = 1]"], stdin: Data("[]".utf8))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("lazer json: invalid JSONPath at character"))
        #expect(result.stderr.contains("$[?@.a = 1]"))
        // The query and a caret under the problem, each on a line of its own.
        let cut = try LazerBinary.run(["json", "--query", "$["], stdin: Data("[]".utf8))
        #expect(cut.stderr == "lazer json: invalid JSONPath at character 3: expected a selector\n    $[\n      ^\n")
    }
}
