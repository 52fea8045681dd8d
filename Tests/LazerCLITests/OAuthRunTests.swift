import Foundation
import LoopbackTesting
import Testing

/// `lazer run` with `oauth2` auth against a real OAuth 2.0 / OpenID Connect server on loopback
/// (Authlib, `OAuthTestServer`), issue 26: discovery and client credentials, the cached token
/// reused by the next run, an expired one refreshed, a revoked one replaced after the API's 401,
/// one fetch for requests sent together, a device code grant failing at once with status 3, and
/// the token, refresh token and client secret in no output and no file but the token cache.
@Suite("oauth2 in lazer run, against Authlib", .serialized)
struct OAuthRunTests {
    static func collection(_ server: OAuthTestServer, provider: String = "main", auth: String, requests: Int = 1)
        -> String
    {
        let items = (1...requests).map { index in
            """
            {"id": "me\(index)", "name": "Me \(index)", "method": "GET", "url": "/api/me",
             "expectations": [{"subject": "status", "op": "equals", "value": 200}]}
            """
        }
        return """
            {"formatVersion": 1, "id": "oauth-\(provider)", "name": "OAuth", "defaultEnvironment": "live",
             "variables": [{"name": "clientSecret", "secret": true}, {"name": "password", "secret": true}],
             "auth": \(auth),
             "environments": [{"name": "live", "kind": "live", "baseURL": "\(server.issuer(provider))"}],
             "requests": [\(items.joined(separator: ","))]}
            """
    }

    static func clientCredentials(_ server: OAuthTestServer, provider: String = "main") -> String {
        """
        {"type": "oauth2", "grant": "client_credentials", "issuer": "\(server.issuer(provider))",
         "clientId": "lazer-client", "clientSecret": "{{clientSecret}}", "scope": "read"}
        """
    }

    static func password(_ server: OAuthTestServer, provider: String) -> String {
        """
        {"type": "oauth2", "grant": "password", "tokenUrl": "\(server.issuer(provider))/token",
         "clientId": "lazer-client", "clientSecret": "{{clientSecret}}", "clientAuthentication": "body",
         "username": "alice", "password": "{{password}}", "scope": "read"}
        """
    }

    private func run(
        _ scratch: RunCommandTests.Scratch, _ file: String, _ extra: [String] = []
    ) throws -> LazerBinary.Output {
        var environment = scratch.environment
        environment["LAZER_VAR_clientSecret"] = OAuthTestServer.clientSecret
        environment["LAZER_VAR_password"] = OAuthTestServer.password
        return try LazerBinary.run(["run", file] + extra, environment: environment, currentDirectory: scratch.path)
    }

    /// The token cache file's tokens, by key.
    private func cache(_ scratch: RunCommandTests.Scratch) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/config/lazer/oauth-tokens.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["tokens"] as? [String: [String: Any]])
    }

    @Test("client credentials found by discovery; the next run uses the cached token")
    func clientCredentialsThenCached() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(server, auth: Self.clientCredentials(server)), to: "c.json")
        let first = try run(scratch, file)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let second = try run(scratch, file)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(try server.tokenRequests()["client_credentials"] == 1)
        let attributes = try FileManager.default.attributesOfItem(
            atPath: scratch.path + "/config/lazer/oauth-tokens.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("an expired token is refreshed; a revoked one is replaced after the API's 401")
    func refreshedThenReplaced() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(server, provider: "main", auth: Self.password(server, provider: "main")), to: "c.json")
        #expect(try run(scratch, file).status == 0)
        // The cached token expires (as if an hour had passed).
        let path = scratch.path + "/config/lazer/oauth-tokens.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let expiry = try #require(text.range(of: #""expiresAt" : [0-9.]+"#, options: .regularExpression))
        text.replaceSubrange(expiry, with: #""expiresAt" : 1000"#)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let refreshed = try run(scratch, file)
        #expect(refreshed.status == 0, "\(refreshed.stdout)\(refreshed.stderr)")
        #expect(try server.tokenRequests() == ["password": 1, "refresh_token": 1])
        // The provider revokes every access token: the API's 401 invalid_token brings one new token.
        try server.revokeAll()
        let replaced = try run(scratch, file)
        #expect(replaced.status == 0, "\(replaced.stdout)\(replaced.stderr)")
        #expect(try server.tokenRequests() == ["password": 1, "refresh_token": 2])
    }

    @Test("a provider that rotates refresh tokens: the new refresh token is kept")
    func rotatingRefreshTokens() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(server, provider: "rotating", auth: Self.password(server, provider: "rotating")),
            to: "c.json")
        #expect(try run(scratch, file).status == 0)
        let before = try #require(try cache(scratch).values.first?["refreshToken"] as? String)
        try server.revokeAll(provider: "rotating")
        #expect(try run(scratch, file).status == 0)
        let after = try #require(try cache(scratch).values.first?["refreshToken"] as? String)
        #expect(before != after)
        try server.revokeAll(provider: "rotating")
        // The old refresh token was revoked by the rotation: the new one must have been used.
        #expect(try run(scratch, file).status == 0)
        #expect(try server.tokenRequests(provider: "rotating") == ["password": 1, "refresh_token": 2])
    }

    @Test("requests sent together wait for one fetch from a slow provider")
    func oneFetchForConcurrentRequests() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(
                server, provider: "slow", auth: Self.clientCredentials(server, provider: "slow"), requests: 6),
            to: "c.json")
        let result = try run(scratch, file, ["--parallel", "6"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try server.tokenRequests(provider: "slow")["client_credentials"] == 1)
    }

    /// `lazer send` takes a URL and no collection: one saved request with its collection's auth is
    /// `lazer run FILE --request ID` (README), which gets and caches the token like a whole run.
    @Test("one saved request with its collection's oauth2 auth: lazer run --request")
    func oneSavedRequest() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(server, auth: Self.clientCredentials(server), requests: 3), to: "c.json")
        let result = try run(scratch, file, ["--request", "me2"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Me 2") && !result.stdout.contains("Me 3"), "\(result.stdout)")
        #expect(try server.tokenRequests()["client_credentials"] == 1)
    }

    @Test("a device code grant needs a person: lazer run fails at once with status 3")
    func deviceCodeFailsHeadless() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let auth = """
            {"type": "oauth2", "grant": "device_code", "issuer": "\(server.issuer())", "clientId": "lazer-public"}
            """
        let file = try scratch.write(Self.collection(server, auth: auth), to: "c.json")
        let result = try run(scratch, file)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("device_code grant needs a person"), "\(result.stdout)")
        #expect(try server.tokenRequests().isEmpty)
    }

    @Test("an authorization code grant with no cached token: lazer run fails at once with status 3")
    func authorizationCodeFailsHeadless() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let auth = """
            {"type": "oauth2", "grant": "authorization_code", "issuer": "\(server.issuer())", "clientId": "lazer-public"}
            """
        let file = try scratch.write(Self.collection(server, auth: auth), to: "c.json")
        let result = try run(scratch, file)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("authorization_code grant needs a person"), "\(result.stdout)")
        #expect(try server.tokenRequests().isEmpty)
    }

    @Test("a refused client: the step and the provider's error in plain words")
    func invalidClient() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let auth = Self.clientCredentials(server).replacingOccurrences(of: "{{clientSecret}}", with: "not-the-secret")
        let file = try scratch.write(Self.collection(server, auth: auth), to: "c.json")
        let result = try run(scratch, file)
        #expect(result.status == 3, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("token request failed: invalid_client"), "\(result.stdout)")
    }

    @Test("the token, the refresh token and the client secret in no output and no file but the cache")
    func secretsNowhere() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(
            Self.collection(server, provider: "main", auth: Self.password(server, provider: "main")), to: "c.json")
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let reports = ["junit", "json", "tap"].map { ($0, scratch.path + "/report.\($0)") }
        var arguments = ["--reporter", "human"]
        for (kind, path) in reports { arguments += ["--reporter", kind, "--output", path] }
        let first = try run(scratch, file, arguments)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let token = try #require(try cache(scratch).values.first)
        let access = try #require(token["accessToken"] as? String)
        let refresh = try #require(token["refreshToken"] as? String)
        // Refreshed and replaced too, so every kind of fetch has run.
        try server.revokeAll()
        let second = try run(scratch, file, arguments)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        let latest = try #require(try cache(scratch).values.first)
        let secrets = [
            access, refresh, try #require(latest["accessToken"] as? String), OAuthTestServer.clientSecret,
            OAuthTestServer.password,
        ]
        var written = [("stdout", first.stdout + second.stdout), ("stderr", first.stderr + second.stderr)]
        written += try SecretEncodingTests.files(under: scratch.path).filter {
            !$0.0.hasSuffix("/oauth-tokens.json") && !$0.0.hasSuffix("/secrets.json")
        }
        #expect(written.count > 4, "\(written.map(\.0))")
        for (name, text) in written {
            for secret in secrets { #expect(!text.contains(secret), "a secret (\(secret.prefix(6))…) is in \(name)") }
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }
}

extension OAuthRunTests {
    @Test("a WebSocket request with oauth2 auth: the token is fetched and goes on the upgrade, masked in reports")
    func webSocketUpgradeCarriesTheToken() throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let peer = try LoopbackServer.shared().port
        let scratch = try RunCommandTests.Scratch()
        let collection = """
            {"formatVersion": 1, "id": "oauth-ws", "name": "OAuth WebSocket", "defaultEnvironment": "live",
             "variables": [{"name": "clientSecret", "secret": true}],
             "auth": \(Self.clientCredentials(server)),
             "environments": [{"name": "live", "kind": "live", "baseURL": "\(server.issuer("main"))"}],
             "requests": [{"id": "echo", "name": "Echo", "url": "ws://127.0.0.1:\(peer)/ws/echo",
               "websocket": {"messages": [{"name": "who", "text": "hello?"}]}, "stream": {"maxEvents": 1},
               "expectations": [{"subject": "event", "index": 0, "op": "contains", "value": "Bearer ey"}]}]}
            """
        let file = try scratch.write(collection, to: "c.json")
        let result = try run(scratch, file, ["--reporter", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try server.tokenRequests()["client_credentials"] == 1)
        let access = try #require(try cache(scratch).values.first?["accessToken"] as? String)
        #expect(!result.stdout.contains(access) && !result.stderr.contains(access))
    }
}
