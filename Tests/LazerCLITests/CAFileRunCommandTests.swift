import Foundation
import LoopbackTesting
import Testing

/// A collection's `options.caFile` (a private CA for `https://` and `wss://`, relative to the
/// collection file): `lazer run` against the loopback server's self-signed HTTPS port trusts it
/// with the file and refuses it without (exit 3, "Certificate not trusted"), for an HTTPS request
/// and a `wss://` one alike.
@Suite("lazer run: options.caFile")
struct CAFileRunCommandTests {
    static func collection(port: Int, caFile: String?) -> String {
        let options = caFile.map { #""options": { "caFile": "\#($0)" },"# } ?? ""
        return """
            {
              "formatVersion": 1, "id": "ca-run", "name": "Private CA", \(options)
              "environments": [{ "name": "local", "baseURL": "https://127.0.0.1:\(port)" }],
              "defaultEnvironment": "local",
              "requests": [
                { "id": "json", "name": "JSON", "method": "GET", "url": "/json",
                  "expectations": [{ "subject": "status", "op": "equals", "value": 200 }] },
                { "id": "socket", "name": "Socket", "url": "/ws/echo",
                  "websocket": { "messages": [{ "name": "hi", "text": "hi" }] }, "stream": { "maxEvents": 1 },
                  "expectations": [{ "subject": "event", "index": 0, "op": "equals", "value": "hi" }] }
              ]
            }
            """
    }

    private func run(caFile: String?, command: String = "run") throws -> (status: Int32, stdout: String, stderr: String)
    {
        let server = try LoopbackServer.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ca-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("certs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: server.certificate.certificateFile, to: folder.appendingPathComponent("certs/private-ca.pem"))
        let file = folder.appendingPathComponent("c.json")
        try Data(Self.collection(port: server.tlsPort, caFile: caFile).utf8).write(to: file)
        let home = folder.appendingPathComponent("home").path
        let environment = ProcessInfo.processInfo.environment.merging(
            ["HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config"]
        ) { $1 }
        let arguments = command == "run" ? ["run", file.path, "--no-history"] : [command, file.path]
        let result = try LazerBinary.run(arguments, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }

    @Test("the collection's CA file is trusted for HTTPS and wss://, relative to the collection file")
    func trusted() throws {
        let result = try run(caFile: "certs/private-ca.pem")
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("2 requests: 2 passed"), "\(result.stdout)")
    }

    @Test("without it the self-signed certificate is refused, with the translation HTTPS has")
    func untrusted() throws {
        let result = try run(caFile: nil)
        #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "Certificate not trusted").count == 3, "\(result.stdout)")
    }

    @Test("a CA file that cannot be read fails the send and says so")
    func unreadable() throws {
        let result = try run(caFile: "certs/missing.pem")
        #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("CA file"), "\(result.stdout)")
    }

    @Test("lazer validate: a CA file that is not there is an error; one that is, is fine")
    func validate() throws {
        let missing = try run(caFile: "certs/missing.pem", command: "validate")
        #expect(missing.status != 0)
        #expect((missing.stdout + missing.stderr).contains("options.caFile: no such file certs/missing.pem"))
        let present = try run(caFile: "certs/private-ca.pem", command: "validate")
        #expect(present.status == 0, "\(present.stdout)\n\(present.stderr)")
    }
}
