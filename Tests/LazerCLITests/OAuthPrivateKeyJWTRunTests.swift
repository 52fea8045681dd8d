import Foundation
import LoopbackTesting
import Testing

/// `lazer run` with oauth2's `private_key_jwt` client authentication (RFC 7523 §2.2, issue 26)
/// against Authlib's `JWTBearerClientAssertion` on loopback: tokens issued for assertions signed
/// with the client's RSA key (a file; RS256 and PS256) or its P-256 key (a secret variable;
/// ES256), every token request — refresh included — with a fresh assertion whose claims the
/// provider checked; a key the provider does not know refused as invalid_client, a provider
/// whose discovery does not list the method named so, and the key in no output and no file.
@Suite("oauth2 private_key_jwt in lazer run, against Authlib", .serialized)
struct OAuthPrivateKeyJWTRunTests {
    static func auth(_ server: OAuthTestServer, provider: String = "main", key: String, extra: String = "") -> String {
        """
        {"type": "oauth2", "grant": "password", "issuer": "\(server.issuer(provider))",
         "clientId": "\(OAuthTestServer.jwtClientID)", "clientAuthentication": "private_key_jwt", \(key),
         "username": "alice", "password": "{{password}}", "scope": "read"\(extra)}
        """
    }

    private func run(
        _ scratch: RunCommandTests.Scratch, _ file: String, key: String = "", _ extra: [String] = []
    ) throws -> LazerBinary.Output {
        var environment = scratch.environment
        environment["LAZER_VAR_password"] = OAuthTestServer.password
        if !key.isEmpty { environment["LAZER_VAR_clientKey"] = key }
        return try LazerBinary.run(["run", file] + extra, environment: environment, currentDirectory: scratch.path)
    }

    private func collection(_ server: OAuthTestServer, provider: String = "main", auth: String) -> String {
        OAuthRunTests.collection(server, provider: provider, auth: auth).replacingOccurrences(
            of: #"{"name": "password", "secret": true}"#,
            with: #"{"name": "password", "secret": true}, {"name": "clientKey", "secret": true}"#)
    }

    /// Makes the cached token expire (as if an hour had passed): the next run refreshes it.
    private func expireCachedToken(_ scratch: RunCommandTests.Scratch) throws {
        let path = scratch.path + "/config/lazer/oauth-tokens.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let expiry = try #require(text.range(of: #""expiresAt" : [0-9.]+"#, options: .regularExpression))
        text.replaceSubrange(expiry, with: #""expiresAt" : 1000"#)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("an RS256 key file: the grant and the refresh each with a fresh assertion the provider checked")
    func rs256KeyFileGrantAndRefresh() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let keys = try server.clientKeys()
        let scratch = try RunCommandTests.Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path + "/keys", withIntermediateDirectories: true)
        _ = try scratch.write(try #require(keys["rsa"]), to: "keys/client.pem")
        let auth = Self.auth(server, key: #""privateKeyFile": "keys/client.pem", "keyId": "lazer-rsa-1""#)
        let file = try scratch.write(collection(server, auth: auth), to: "c.json")
        let first = try run(scratch, file)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        try expireCachedToken(scratch)
        let second = try run(scratch, file)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(try server.tokenRequests() == ["password": 1, "refresh_token": 1])
        let assertions = try server.assertions()
        #expect(assertions.count == 2)
        var jtis: Set<String> = []
        for assertion in assertions {
            let header = try #require(assertion["header"] as? [String: Any])
            let claims = try #require(assertion["claims"] as? [String: Any])
            #expect(header["alg"] as? String == "RS256" && header["kid"] as? String == "lazer-rsa-1")
            #expect(claims["iss"] as? String == OAuthTestServer.jwtClientID)
            #expect(claims["sub"] as? String == OAuthTestServer.jwtClientID)
            #expect(claims["aud"] as? String == server.issuer() + "/token")
            let iat = try #require(claims["iat"] as? Int)
            let exp = try #require(claims["exp"] as? Int)
            #expect(exp > iat && exp - iat <= 300)
            #expect(abs(Double(iat) - Date().timeIntervalSince1970) < 120)
            jtis.insert(try #require(claims["jti"] as? String))
        }
        #expect(jtis.count == 2)
    }

    @Test("ES256 with the key in a secret variable, and PS256: tokens issued")
    func es256AndPS256() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let keys = try server.clientKeys()
        for (algorithm, key, kid) in [("ES256", "ec", "lazer-ec-1"), ("PS256", "rsa", "")] {
            let scratch = try RunCommandTests.Scratch()
            var fields = #""privateKey": "{{clientKey}}", "assertionAlgorithm": "\#(algorithm)""#
            if !kid.isEmpty { fields += #", "keyId": "\#(kid)""# }
            let file = try scratch.write(collection(server, auth: Self.auth(server, key: fields)), to: "c.json")
            let result = try run(scratch, file, key: try #require(keys[key]))
            #expect(result.status == 0, "\(algorithm): \(result.stdout)\(result.stderr)")
        }
        let algorithms = try server.assertions().compactMap { ($0["header"] as? [String: Any])?["alg"] as? String }
        #expect(algorithms == ["ES256", "PS256"])
    }

    @Test("a key the provider does not know: invalid_client, with what to check")
    func unknownKeyIsInvalidClient() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let auth = Self.auth(server, key: #""privateKey": "{{clientKey}}""#)
        let file = try scratch.write(collection(server, auth: auth), to: "c.json")
        let result = try run(scratch, file, key: try #require(try server.clientKeys()["stranger"]))
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("token request failed: invalid_client"), "\(result.stdout)")
        #expect(try server.assertions().isEmpty)
    }

    @Test("a provider whose discovery does not list private_key_jwt: the refusal says so")
    func unlistedMethodIsNamed() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let auth = Self.auth(server, provider: "rotating", key: #""privateKey": "{{clientKey}}""#)
        let file = try scratch.write(collection(server, provider: "rotating", auth: auth), to: "c.json")
        let result = try run(scratch, file, key: try #require(try server.clientKeys()["rsa"]))
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("invalid_client"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "lists client_secret_basic, client_secret_post, none — not private_key_jwt"), "\(result.stdout)")
    }

    @Test("the private key and the assertions in no output and no file Lazer wrote")
    func keyAndAssertionsNowhere() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let key = try #require(try server.clientKeys()["ec"])
        let scratch = try RunCommandTests.Scratch()
        let auth = Self.auth(
            server, key: #""privateKey": "{{clientKey}}", "assertionAlgorithm": "ES256", "keyId": "lazer-ec-1""#)
        let file = try scratch.write(collection(server, auth: auth), to: "c.json")
        let reports = ["junit", "json", "tap"].map { ($0, scratch.path + "/report.\($0)") }
        var arguments = ["--reporter", "human"]
        for (kind, path) in reports { arguments += ["--reporter", kind, "--output", path] }
        let first = try run(scratch, file, key: key, arguments)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        try expireCachedToken(scratch)
        let second = try run(scratch, file, key: key, arguments)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        // The key's body lines (not its BEGIN/END armour), and every assertion sent.
        var secrets = key.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("-----") && $0.count > 20 }
        secrets += try server.assertions().compactMap { $0["raw"] as? String }
        #expect(secrets.count >= 3)
        var written = [("stdout", first.stdout + second.stdout), ("stderr", first.stderr + second.stderr)]
        written += try SecretEncodingTests.files(under: scratch.path).filter { !$0.0.hasSuffix("/oauth-tokens.json") }
        #expect(written.count > 4, "\(written.map(\.0))")
        for (name, text) in written {
            for secret in secrets { #expect(!text.contains(secret), "a secret (\(secret.prefix(6))…) is in \(name)") }
        }
    }
}
