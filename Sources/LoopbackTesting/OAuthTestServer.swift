import Foundation

/// A real OAuth 2.0 / OpenID Connect authorization server on 127.0.0.1 (`oauth_server.py`, built
/// on Authlib in the virtualenv `scripts/oauth-venv.sh` makes): providers `main`, `rotating` (new
/// refresh token at each refresh, 2-second access tokens) and `slow` (token answers after 0.5 s),
/// each at `issuer(_:)`, with test hooks to approve a device code, revoke every access token
/// and count token requests. Stops when `stop()` is called or the test process exits.
package final class OAuthTestServer: Sendable {
    package let port: Int
    private let child: PortReportingChild

    package static let clientID = "lazer-client"
    package static let clientSecret = "lazer-secret"
    package static let publicClientID = "lazer-public"
    /// The `private_key_jwt` client (at provider `main` only); its keys from `clientKeys()`.
    package static let jwtClientID = "lazer-jwt-client"
    package static let username = "alice"
    package static let password = "wonderland"

    package init() throws {
        (child, port) = try PortReportingChild.virtualenvServer("oauth_server.py")
    }

    /// `http://127.0.0.1:<port>/p/<provider>`: the provider's issuer, under which its endpoints are.
    package func issuer(_ provider: String = "main") -> String { "http://127.0.0.1:\(port)/p/\(provider)" }

    /// The person approving device code `userCode` (or refusing it).
    package func approve(userCode: String, provider: String = "main", deny: Bool = false) throws {
        _ = try post(issuer(provider) + "/approve?user_code=\(userCode)" + (deny ? "&deny=1" : ""))
    }

    /// Every access token the provider gave becomes invalid (its API answers 401 invalid_token).
    package func revokeAll(provider: String = "main") throws {
        _ = try post(issuer(provider) + "/revoke-all")
    }

    /// How many token requests each grant type had.
    package func tokenRequests(provider: String = "main") throws -> [String: Int] {
        let data = try Process.hook(issuer(provider) + "/stats", method: "POST")
        return (try JSONSerialization.jsonObject(with: data) as? [String: Int]) ?? [:]
    }

    /// The authorization codes and PKCE verifiers the token endpoint was sent (secrets greps).
    package func seen(provider: String = "main") throws -> [String: [String]] {
        let data = try Process.hook(issuer(provider) + "/seen", method: "POST")
        return (try JSONSerialization.jsonObject(with: data) as? [String: [String]]) ?? [:]
    }

    /// The private keys of the `private_key_jwt` client, made when the server started: `rsa`
    /// (RS256, PS256; kid `lazer-rsa-1`), `ec` (ES256; kid `lazer-ec-1`) and `stranger` (a key
    /// the provider does not know).
    package func clientKeys() throws -> [String: String] {
        let data = try Process.hook(issuer() + "/client-keys", method: "POST")
        return (try JSONSerialization.jsonObject(with: data) as? [String: String]) ?? [:]
    }

    /// The client assertions the provider accepted, in order: each one's `header`, `claims`
    /// (as the provider read them) and `raw` text.
    package func assertions(provider: String = "main") throws -> [[String: Any]] {
        let data = try Process.hook(issuer(provider) + "/assertions", method: "POST")
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    /// The browser of the authorization code grant: GETs `address` and follows the provider's
    /// redirect to the loopback redirect URI, as a user agent would (Python's urllib, no Lazer
    /// code). The last answer's status and page; status 0 when nothing answered.
    package static func follow(_ address: String) throws -> (status: Int, page: String) {
        let process = Process()
        process.executableURL = try LoopbackServer.python()
        process.arguments = [
            "-c",
            """
            import sys, urllib.request, urllib.error
            try:
                answer = urllib.request.urlopen(sys.argv[1], timeout=20)
                status, body = answer.status, answer.read()
            except urllib.error.HTTPError as error:
                status, body = error.code, error.read()
            except OSError as error:
                status, body = 0, str(error).encode()
            sys.stdout.write(str(status) + "\\n" + body.decode("utf-8", "replace"))
            """,
            address,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        let status = Int(text.prefix { $0 != "\n" }) ?? 0
        return (status, String(text.drop { $0 != "\n" }.dropFirst()))
    }

    package func stop() {
        child.stop(terminate: true)
    }

    private func post(_ address: String) throws -> Data {
        try Process.hook(address, method: "POST")
    }

    /// The virtualenv's python, made first when it is missing (scripts/oauth-venv.sh).
    /// The test virtualenv's python, for a test that runs a script of its own with its packages.
    package static func virtualenvPythonPath() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try virtualenvPython(root: root).path
    }

    static func virtualenvPython(root: URL) throws -> URL {
        let script = root.appendingPathComponent("scripts/oauth-venv.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !path.isEmpty else { throw LoopbackServer.StartError.noPython }
        return URL(fileURLWithPath: path)
    }
}
