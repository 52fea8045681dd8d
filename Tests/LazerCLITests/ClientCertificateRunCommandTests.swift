import Foundation
import LoopbackTesting
import Testing

/// A collection's `options.clientCertificate`, `clientKey` and `clientKeyPassphrase` (mutual TLS,
/// files relative to the collection file): `lazer run` against the loopback server's port that
/// answers only clients presenting its certificate, for an HTTPS request and a `wss://` one; an
/// encrypted key opened with a passphrase from a secret variable that no output repeats; and what
/// `lazer validate` and the run refuse.
@Suite("lazer run: options.clientCertificate")
struct ClientCertificateRunCommandTests {
    static func collection(port: Int, options: String) -> String {
        """
        {
          "formatVersion": 1, "id": "mtls-run", "name": "Mutual TLS",
          "options": { "caFile": "certs/ca.pem"\(options.isEmpty ? "" : ", " + options) },
          "variables": [{ "name": "keyPass", "secret": true }],
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

    static let passphrase = "correct horse battery"

    private struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Every file the run left in its state folder and reports, read as text.
        var written: String
    }

    private func run(options: String, command: String = "run", keyPass: String? = nil) throws -> Outcome {
        let server = try LoopbackServer.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mtls-run-\(UUID().uuidString)")
        let certs = folder.appendingPathComponent("certs")
        try FileManager.default.createDirectory(at: certs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: server.certificate.certificateFile, to: certs.appendingPathComponent("ca.pem"))
        try FileManager.default.copyItem(
            at: server.clientCertificate.certificateFile, to: certs.appendingPathComponent("client.pem"))
        try FileManager.default.copyItem(
            at: server.clientCertificate.keyFile, to: certs.appendingPathComponent("client-key.pem"))
        try Self.openssl([
            "pkey", "-in", server.clientCertificate.keyFile.path, "-aes256", "-passout", "pass:" + Self.passphrase,
            "-out", certs.appendingPathComponent("client-key-encrypted.pem").path,
        ])
        let file = folder.appendingPathComponent("c.json")
        try Data(Self.collection(port: server.mutualTLSPort, options: options).utf8).write(to: file)
        let home = folder.appendingPathComponent("home").path
        var environment = ProcessInfo.processInfo.environment.merging(
            ["HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config"]
        ) { $1 }
        if let keyPass { environment["LAZER_VAR_keyPass"] = keyPass }
        let report = folder.appendingPathComponent("report.html").path
        let arguments =
            command == "run"
            ? ["run", file.path, "--reporter", "human", "--reporter", "html", "--output", report]
            : [command, file.path]
        let result = try LazerBinary.run(arguments, environment: environment)
        var written = ""
        if let files = FileManager.default.enumerator(atPath: folder.path) {
            for case let path as String in files where !path.hasPrefix("certs") {
                let text = try? String(contentsOfFile: folder.appendingPathComponent(path).path, encoding: .utf8)
                written += text ?? ""
            }
        }
        return Outcome(status: result.status, stdout: result.stdout, stderr: result.stderr, written: written)
    }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl \(arguments.first ?? "") failed")
    }

    @Test("the certificate and key, relative to the collection file, are presented for HTTPS and wss://")
    func presented() throws {
        let result = try run(options: #""clientCertificate": "certs/client.pem", "clientKey": "certs/client-key.pem""#)
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stdout.contains("2 requests: 2 passed"), "\(result.stdout)")
    }

    @Test("without a certificate the server refuses both, exit 3")
    func refusedWithout() throws {
        let result = try run(options: "")
        #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
        #expect(!result.stdout.contains("passed ·"), "\(result.stdout)")
        #expect(result.stdout.contains("2 requests: 0 passed"), "\(result.stdout)")
    }

    @Test("an encrypted key opens with the passphrase of a secret variable, which no output or file repeats")
    func encryptedKey() throws {
        let options =
            #""clientCertificate": "certs/client.pem", "clientKey": "certs/client-key-encrypted.pem", "#
            + #""clientKeyPassphrase": "{{keyPass}}""#
        let opened = try run(options: options, keyPass: Self.passphrase)
        #expect(opened.status == 0, "\(opened.stdout)\n\(opened.stderr)")
        #expect(opened.stdout.contains("2 requests: 2 passed"), "\(opened.stdout)")
        #expect(!opened.written.isEmpty)
        for text in [opened.stdout, opened.stderr, opened.written] { #expect(!text.contains(Self.passphrase)) }
        let wrong = try run(options: options, keyPass: "not the passphrase")
        #expect(wrong.status == 3, "\(wrong.stdout)\n\(wrong.stderr)")
        #expect(wrong.stdout.contains("Client certificate"), "\(wrong.stdout)")
    }

    @Test("a passphrase written out, or a key without a certificate, is refused before anything is sent")
    func refusedSettings() throws {
        let literal = #""clientCertificate": "certs/client.pem", "clientKeyPassphrase": "hunter22""#
        let run = try run(options: literal)
        #expect(run.status != 0)
        #expect(run.stdout.contains("options.clientKeyPassphrase: ••••••: write a {{variable}}"), "\(run.stdout)")
        #expect(!run.stdout.contains("hunter22"))
        let validated = try self.run(options: literal, command: "validate")
        #expect(validated.status != 0)
        #expect((validated.stdout + validated.stderr).contains("options.clientKeyPassphrase"))
        #expect(!(validated.stdout + validated.stderr).contains("hunter22"))
        let lonelyKey = try self.run(options: #""clientKey": "certs/client-key.pem""#, command: "validate")
        #expect(lonelyKey.status != 0)
        #expect(
            (lonelyKey.stdout + lonelyKey.stderr).contains(
                "options.clientKey: certs/client-key.pem: a client key needs options.clientCertificate"))
    }

    @Test("lazer validate: certificate and key files that are not there are errors; ones that are, are fine")
    func validate() throws {
        let missing = try run(
            options: #""clientCertificate": "certs/missing.pem", "clientKey": "certs/missing-key.pem""#,
            command: "validate")
        #expect(missing.status != 0)
        let text = missing.stdout + missing.stderr
        #expect(text.contains("options.clientCertificate: no such file certs/missing.pem"), "\(text)")
        #expect(text.contains("options.clientKey: no such file certs/missing-key.pem"), "\(text)")
        let present = try run(
            options: #""clientCertificate": "certs/client.pem", "clientKey": "certs/client-key.pem""#,
            command: "validate")
        #expect(present.status == 0, "\(present.stdout)\n\(present.stderr)")
    }
}
