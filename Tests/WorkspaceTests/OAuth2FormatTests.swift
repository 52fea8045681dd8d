import Foundation
import Testing
import Workspace

/// `"type": "oauth2"` auth in the collection file (issue 26): read, inherited, written back the
/// same, and the mistakes `lazer validate` reports.
@Suite struct OAuth2FormatTests {
    static func collection(auth: String) -> String {
        """
        {
          "formatVersion": 1,
          "id": "o",
          "name": "OAuth",
          "auth": \(auth),
          "requests": [
            {
              "id": "r",
              "name": "Me",
              "method": "GET",
              "url": "/me"
            }
          ]
        }

        """
    }

    static let full = """
        {
            "type": "oauth2",
            "grant": "client_credentials",
            "tokenUrl": "https://id.example.com/token",
            "clientId": "app",
            "clientSecret": "{{clientSecret}}",
            "clientAuthentication": "body",
            "scope": "read write",
            "audience": "https://api.example.com",
            "parameters": [
              {
                "name": "tenant",
                "value": "t1"
              }
            ],
            "tokenIn": "query",
            "queryParameter": "token"
          }
        """

    @Test func anOAuth2AuthIsReadInheritedAndWrittenBackTheSame() throws {
        let text = Self.collection(auth: Self.full)
        let loaded = CollectionLoader.load(Array(text.utf8), file: "o.json")
        let collection = try #require(loaded.collection, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        guard case .oauth2(let oauth)? = collection.auth?.scheme else {
            Issue.record("not oauth2: \(String(describing: collection.auth))")
            return
        }
        #expect(oauth.grant == .clientCredentials)
        #expect(oauth.clientAuthentication == .body)
        #expect(oauth.placement == .query && oauth.queryParameter == "token")
        #expect(oauth.parameters.map(\.name) == ["tenant"])
        let request = try #require(collection.request(id: "r"))
        #expect(collection.authInForce(for: request).auth == collection.auth)
        #expect(collection.fileText() == text)
    }

    @Test func whatAGrantNeedsAndDoesNotHaveIsAnError() {
        let cases = [
            (#"{"type": "oauth2", "grant": "client_credentials", "clientId": "a"}"#, "needs a tokenUrl or an issuer"),
            (
                #"{"type": "oauth2", "grant": "device_code", "clientId": "a", "tokenUrl": "https://x/t"}"#,
                "needs a deviceAuthorizationUrl"
            ),
            (
                #"{"type": "oauth2", "grant": "password", "clientId": "a", "tokenUrl": "https://x/t"}"#,
                "needs a username"
            ),
            (#"{"type": "oauth2", "grant": "implicit", "clientId": "a"}"#, "expected one of"),
        ]
        for (auth, message) in cases {
            let loaded = CollectionLoader.load(Array(Self.collection(auth: auth).utf8), file: "o.json")
            #expect(
                loaded.diagnostics.contains { $0.severity == .error && $0.message.contains(message) },
                "\(auth): \(loaded.diagnostics.map(\.message))")
        }
        // An issuer stands for every endpoint URL (OpenID Connect discovery).
        let issuer = #"{"type": "oauth2", "grant": "device_code", "clientId": "a", "issuer": "https://id.example"}"#
        let loaded = CollectionLoader.load(Array(Self.collection(auth: issuer).utf8), file: "o.json")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
    }

    @Test func aClientSecretWrittenInTheFileIsWarnedAbout() {
        let auth =
            #"{"type": "oauth2", "grant": "client_credentials", "clientId": "a", "tokenUrl": "https://x/t", "clientSecret": "s3cr3t-literal"}"#
        let loaded = CollectionLoader.load(Array(Self.collection(auth: auth).utf8), file: "o.json")
        #expect(loaded.collection != nil)
        #expect(
            loaded.diagnostics.contains { $0.severity == .warning && $0.message.contains("clientSecret is written") },
            "\(loaded.diagnostics.map(\.message))")
    }
}

extension OAuth2FormatTests {
    @Test func privateKeyJWTIsReadAndWrittenBackTheSame() throws {
        let auth = """
            {
                "type": "oauth2",
                "grant": "client_credentials",
                "tokenUrl": "https://id.example.com/token",
                "clientId": "app",
                "clientAuthentication": "private_key_jwt",
                "privateKeyFile": "keys/app.pem",
                "assertionAlgorithm": "ES256",
                "keyId": "2026-12"
              }
            """
        let text = Self.collection(auth: auth)
        let loaded = CollectionLoader.load(Array(text.utf8), file: "o.json")
        let collection = try #require(loaded.collection, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        guard case .oauth2(let oauth)? = collection.auth?.scheme else {
            Issue.record("not oauth2")
            return
        }
        #expect(oauth.clientAuthentication == .privateKeyJWT && oauth.assertionAlgorithm == .es256)
        #expect(oauth.privateKeyFile == "keys/app.pem" && oauth.keyID == "2026-12")
        #expect(collection.fileText() == text)
    }

    @Test func privateKeyJWTWithoutAKeyIsAnErrorAndALiteralKeyIsWarnedAbout() {
        let missing =
            #"{"type": "oauth2", "grant": "client_credentials", "clientId": "a", "tokenUrl": "https://x/t", "clientAuthentication": "private_key_jwt"}"#
        var loaded = CollectionLoader.load(Array(Self.collection(auth: missing).utf8), file: "o.json")
        #expect(
            loaded.diagnostics.contains {
                $0.severity == .error
                    && $0.message.contains(
                        "clientAuthentication private_key_jwt needs a privateKeyFile (a PEM file) or a privateKey")
            }, "\(loaded.diagnostics.map(\.message))")
        let literal =
            #"{"type": "oauth2", "grant": "client_credentials", "clientId": "a", "tokenUrl": "https://x/t", "clientAuthentication": "private_key_jwt", "privateKey": "-----BEGIN PRIVATE KEY-----", "assertionAlgorithm": "HS256"}"#
        loaded = CollectionLoader.load(Array(Self.collection(auth: literal).utf8), file: "o.json")
        #expect(
            loaded.diagnostics.contains { $0.severity == .warning && $0.message.contains("privateKey is written") },
            "\(loaded.diagnostics.map(\.message))")
        #expect(
            loaded.diagnostics.contains { $0.message.contains("expected one of") && $0.message.contains("PS256") },
            "\(loaded.diagnostics.map(\.message))")
    }
}
