import Foundation
import LoopbackTesting
import Testing

/// Issue 35: a secret reaches a request in many encodings — as written, percent-encoded in a query,
/// form-encoded (`+` for a space), escaped in a JSON body, and in base64 inside a Basic credential
/// whose password is a template around it (`{{pw}}!`) — and an echo server sends each back. Every
/// output must mask every one of them: history, the human, JUnit, JSON and TAP reports, the curl
/// export and the HAR export (which decodes the query: it must not decode the secret back).
@Suite("Secrets: every encoding masked in every output")
struct SecretEncodingTests {
    /// A space (`+` in a form), a slash (`%2F` when encoded), a quote (`\"` in JSON): each encoding
    /// writes it differently, and `S3CRET` stays readable in all but base64.
    static let secret = "hunter two/S3CRET\"x"
    /// The Basic credential the request sends, `user:<secret>!` in base64.
    static let credential = Data("user:\(secret)!".utf8).base64EncodedString()

    /// How a request carries the secret, and the echoed value a failed check reports.
    struct Encoding: Sendable, CustomTestStringConvertible {
        var name: String
        /// The request's JSON members (url, query, body, auth) in the collection file.
        var request: String
        /// A JSONPath into the echo whose value holds the secret in this encoding.
        var echoed: String
        var testDescription: String { name }
    }

    static let encodings: [Encoding] = [
        Encoding(
            name: "raw (a text body)",
            request: #""method": "POST", "url": "/post", "body": {"type": "text", "text": "{{pw}}"}"#,
            echoed: "$.data"),
        Encoding(
            name: "percent-encoded (a query value)",
            request: #""method": "GET", "url": "/get", "query": [{"name": "q", "value": "{{pw}}"}]"#,
            echoed: "$.url"),
        Encoding(
            name: "form-encoded (+ for a space)",
            // Sent as text/plain, so the echo server returns the encoded body as it came.
            request:
                #""method": "POST", "url": "/post", "headers": [{"name": "Content-Type", "value": "text/plain"}], "#
                + #""body": {"type": "form", "fields": [{"name": "f", "value": "{{pw}}"}]}"#,
            echoed: "$.data"),
        Encoding(
            name: "JSON-escaped (a JSON body)",
            request: #""method": "POST", "url": "/post", "body": {"type": "json", "json": {"note": "{{pw}}"}}"#,
            echoed: "$.data"),
        Encoding(
            name: "base64 (Basic auth, password {{pw}}!)",
            request:
                #""method": "GET", "url": "/get", "auth": {"type": "basic", "username": "user", "password": "{{pw}}!"}"#,
            echoed: "$.headers.Authorization"),
    ]

    /// What must not appear anywhere: `S3CRET` (every encoding but base64 keeps it), the credential,
    /// and the secret's base64 at any alignment.
    static func leak(in text: String) -> String? {
        let needles = [
            "S3CRET", credential, "aHVudGVyIHR3by9TM0NSRVQie", "h1bnRlciB0d28vUzNDUkVUIn", "odW50ZXIgdHdvL1MzQ1JFVCJ4",
        ]
        return needles.first { text.contains($0) }
    }

    @Test("masked in history, every report, the curl export and the HAR export", arguments: encodings)
    func masked(encoding: Encoding) throws {
        let server = try HTTPBinLikeServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let collection = try scratch.write(
            """
            {"formatVersion": 1, "id": "secret-encodings", "name": "Secrets", "defaultEnvironment": "live",
             "variables": [{"name": "pw", "secret": true}],
             "environments": [{"name": "live", "kind": "live", "baseURL": "\(server.baseURL)"}],
             "requests": [{"id": "r", "name": "R", \(encoding.request),
               "expectations": [{"subject": "jsonPath", "path": "\(encoding.echoed)", "op": "equals", "value": "nope"}]}]}
            """, to: "secrets.json")
        var environment = scratch.environment
        environment["LAZER_VAR_pw"] = Self.secret
        let reports = ["junit", "json", "tap"].map { ($0, scratch.path + "/report.\($0)") }
        var arguments = ["run", collection, "--reporter", "human"]
        for (kind, path) in reports { arguments += ["--reporter", kind, "--output", path] }
        let run = try LazerBinary.run(arguments, environment: environment, currentDirectory: scratch.path)
        // The check fails on purpose: its actual value is the echo, in this encoding.
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(Self.leak(in: run.stdout + run.stderr) == nil, "human report: \(run.stdout)")
        #expect(run.stdout.contains("••••••"), "\(run.stdout)")
        for (kind, path) in reports {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(Self.leak(in: text) == nil, "\(kind) report: \(text)")
            #expect(text.contains("••••••"), "\(kind) report: \(text)")
        }
        let history = try Self.files(under: scratch.path + "/state")
        #expect(!history.isEmpty, "no history was written")
        for (path, text) in history {
            #expect(Self.leak(in: text) == nil, "\(path): \(text)")
        }
        for format in ["curl", "har"] {
            let export = try LazerBinary.run(
                ["export", collection, "--format", format], environment: environment, currentDirectory: scratch.path)
            #expect(export.status == 0, "\(format): \(export.stderr)")
            #expect(Self.leak(in: export.stdout) == nil, "\(format) export: \(export.stdout)")
        }
    }

    /// Every file under `folder`, as text.
    static func files(under folder: String) throws -> [(String, String)] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var result: [(String, String)] = []
        while let relative = enumerator.nextObject() as? String {
            let path = folder + "/" + relative
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                result.append((path, String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)))
            }
        }
        return result
    }
}
