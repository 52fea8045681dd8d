import Foundation
import LoopbackTesting
import Testing

/// Issue 35: text from a collection, a file or a server written by `lazer export`, `lazer import
/// --into -`, `lazer run --reporter json` and the mock server: no escape sequence, C1 control,
/// bidi control or invisible format character reaches a terminal raw, and the output still means
/// what it meant (a curl command sends the same bytes, JSON holds the same value).
@Suite("Hostile text in exports and JSON outputs")
struct HostileOutputTests {
    /// OSC 52 (sets the clipboard), OSC 0 (retitles the window), a C1 CSI, a bidi override, tag
    /// characters and a variation selector.
    static let hostile =
        "A\u{1B}]52;c;cHduZWQ=\u{07}B\u{1B}]0;pwned\u{07}C\u{9B}2JD\u{202E}E\u{E0041}\u{E0042}F\u{FE01}"
    /// The same as JSON string content.
    static let hostileJSON =
        #"A\u001b]52;c;cHduZWQ=\u0007B\u001b]0;pwned\u0007C\u009b2JD\u202eE\udb40\udc41\udb40\udc42F\ufe01"#

    /// The first scalar that must not reach a terminal raw (line feeds and tabs allowed).
    static func rawUnsafe(_ text: String) -> Unicode.Scalar? {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let allowed = scalar == "\n" || scalar == "\t"
            let value = scalar.value
            let unsafe =
                value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0xE0000...0xE0FFF).contains(value) || (0xFE00...0xFE0D).contains(value)
                || ((value == 0xFE0E || value == 0xFE0F) && (previous.map { $0.value <= 0x20 } ?? true))
            if unsafe, !allowed { return scalar }
            previous = scalar
        }
        return nil
    }

    /// A collection whose names, URL, body and mock answer hold `hostile`; with `header`, a header
    /// value too (such a request is exported, but never sent: a control in a header is refused).
    static func collection(baseURL: String, header: Bool = true) -> String {
        let headers = header ? #""headers": [{"name": "X-Note", "value": "\#(hostileJSON)"}],"# : ""
        return """
            {"formatVersion": 1, "id": "hostile", "name": "Hostile \(hostileJSON)", "defaultEnvironment": "m",
             "environments": [{"name": "m", "kind": "mock", "baseURL": "\(baseURL)", "routes": [
               {"method": "*", "path": "/x", "response": {"text": "\(hostileJSON)"}}]}],
             "requests": [{"id": "r", "name": "R \(hostileJSON)", "method": "POST", "url": "/x?q=\(hostileJSON)",
               \(headers)
               "body": {"type": "text", "text": "body \(hostileJSON)"},
               "expectations": [{"subject": "body", "op": "equals", "value": "other"}]}]}
            """
    }

    @Test("export --format curl: controls shell-quoted as $'\\e', comments shown visibly; the command reads back")
    func curlExport() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(baseURL: "http://m.test"), to: "hostile.json")
        let export = try LazerBinary.run(
            ["export", file, "--format", "curl"], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(Self.rawUnsafe(export.stdout) == nil, "\(export.stdout.debugDescription)")
        #expect(export.stdout.contains(#"$'\e'"#), "\(export.stdout)")
        #expect(export.stdout.contains("# R A␛]52;c;cHduZWQ=␇B"), "\(export.stdout)")
        // Imported back, the command sends what the request sends: the same body, bytes and all.
        let script = try scratch.write(export.stdout, to: "export.sh")
        let back = try LazerBinary.run(
            ["import", script, "--into", "-"], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("body " + Self.hostileJSON), "\(back.stdout)")
    }

    @Test("export --format http: controls shown visibly in comments and values, and reported")
    func httpExport() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(baseURL: "http://m.test"), to: "hostile.json")
        let export = try LazerBinary.run(
            ["export", file, "--format", "http"], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(Self.rawUnsafe(export.stdout) == nil, "\(export.stdout.debugDescription)")
        #expect(export.stdout.contains("### R A␛]52;c;cHduZWQ=␇B␛]0;pwned␇C<U+009B>2JD<U+202E>E<U+E0041>"))
        #expect(export.stdout.contains("/x?q=A%1B]52;c;cHduZWQ=%07B"), "\(export.stdout)")
        #expect(Self.rawUnsafe(export.stderr) == nil)
        #expect(export.stderr.contains("control or invisible characters"), "\(export.stderr)")
    }

    @Test("JSON outputs escape C1, bidi and invisible characters: run --reporter json, import --into -, postman, har")
    func jsonOutputs() throws {
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(baseURL: "http://m.test", header: false), to: "hostile.json")
        let run = try LazerBinary.run(
            ["run", file, "--reporter", "json"], environment: scratch.environment, currentDirectory: scratch.path)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(Self.rawUnsafe(run.stdout) == nil, "run --reporter json: \(run.stdout.debugDescription)")
        #expect(run.stdout.contains(#"C\u009B2JD\u202EE\uDB40\uDC41"#), "\(run.stdout)")
        for format in ["postman", "har"] {
            let export = try LazerBinary.run(
                ["export", file, "--format", format], environment: scratch.environment, currentDirectory: scratch.path)
            #expect(export.status == 0, "\(format): \(export.stderr)")
            #expect(Self.rawUnsafe(export.stdout) == nil, "\(format): \(export.stdout.debugDescription)")
            #expect(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) is [String: Any])
        }
        let postman = try LazerBinary.run(
            ["export", file, "--format", "postman"], environment: scratch.environment, currentDirectory: scratch.path)
        let imported = try LazerBinary.run(
            ["import", "-", "--into", "-"], stdin: Data(postman.stdout.utf8), environment: scratch.environment,
            currentDirectory: scratch.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(Self.rawUnsafe(imported.stdout) == nil, "import --into -: \(imported.stdout.debugDescription)")
        #expect(imported.stdout.contains(#"C\u009b2JD\u202eE\udb40\udc41"#), "\(imported.stdout)")
    }
}
