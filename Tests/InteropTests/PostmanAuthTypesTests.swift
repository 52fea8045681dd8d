import Foundation
import HTTPCore
import Interop
import Testing
import Workspace

/// Postman's `jwt`, `ntlm`, `bearer`, `basic` and `apikey` auth (issue 26) at the collection,
/// folder and request level become Lazer's auth types, inheritance kept; exported, they are
/// Postman's again, and what Postman cannot hold (command and Negotiate auth, a JWT key file, the
/// `iat`/`exp` Lazer adds) is reported.
@Suite struct PostmanAuthTypesTests {
    static let collection = """
        {
          "info": {"_postman_id": "auth", "name": "Auth types", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
          "auth": {"type": "jwt", "jwt": [
            {"key": "algorithm", "value": "HS256", "type": "string"},
            {"key": "secret", "value": "{{jwtSecret}}", "type": "string"},
            {"key": "payload", "value": "{\\n  \\"sub\\": \\"{{user}}\\",\\n  \\"scope\\": \\"read\\"\\n}", "type": "string"},
            {"key": "isSecretBase64Encoded", "value": false, "type": "boolean"},
            {"key": "addTokenTo", "value": "header", "type": "string"},
            {"key": "headerPrefix", "value": "Bearer", "type": "string"},
            {"key": "queryParamKey", "value": "token", "type": "string"},
            {"key": "header", "value": "{\\"kid\\": \\"k1\\"}", "type": "string"}]},
          "item": [
            {"name": "Windows", "auth": {"type": "ntlm", "ntlm": [
                {"key": "username", "value": "ada"}, {"key": "password", "value": "{{ntlmPassword}}"},
                {"key": "domain", "value": "CORP"}, {"key": "workstation", "value": "WS1"}]},
             "item": [
               {"name": "Shares", "request": {"method": "GET", "url": "https://intranet.example/shares"}},
               {"name": "Signed", "request": {"method": "GET", "url": "https://intranet.example/signed",
                "auth": {"type": "jwt", "jwt": [{"key": "algorithm", "value": "RS256"},
                  {"key": "privateKey", "value": "{{rsaKey}}"}, {"key": "payload", "value": "{}"},
                  {"key": "headerPrefix", "value": ""}, {"key": "addTokenTo", "value": "queryParam"}]}}}
             ]},
            {"name": "Keys", "auth": {"type": "apikey", "apikey": [
                {"key": "key", "value": "X-Api-Key"}, {"key": "value", "value": "{{apiKey}}"}, {"key": "in", "value": "header"}]},
             "item": [
               {"name": "Basic one", "request": {"method": "GET", "url": "https://api.example/basic",
                "auth": {"type": "basic", "basic": [{"key": "username", "value": "u"}, {"key": "password", "value": "{{pw}}"}]}}},
               {"name": "Bearer one", "request": {"method": "GET", "url": "https://api.example/bearer",
                "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{token}}"}]}}},
               {"name": "Keyed", "request": {"method": "GET", "url": "https://api.example/keyed"}}
             ]},
            {"name": "Strong", "request": {"method": "GET", "url": "https://api.example/strong",
             "auth": {"type": "jwt", "jwt": [{"key": "algorithm", "value": "PS512"}]}}},
            {"name": "Top", "request": {"method": "GET", "url": "https://api.example/top"}}
          ]
        }
        """

    func imported() throws -> ImportResult {
        try PostmanImport.importCollection(
            Fixtures.source(Self.collection, name: "auth.postman_collection.json"), options: ImportOptions())
    }

    func auth(_ name: String, in collection: RequestCollection) throws -> SavedAuth {
        let request = try #require(collection.allRequests.first { $0.request.name == name }?.request)
        return collection.authInForce(for: request).auth
    }

    @Test func everyLevelsAuthBecomesLazersWithItsInheritance() throws {
        let result = try imported()
        let collection = result.collection
        #expect(
            try auth("Top", in: collection)
                == SavedAuth(
                    .jwt(
                        JWTAuth(
                            algorithm: .hs256, secret: "{{jwtSecret}}",
                            claims: .object([
                                StoredJSON.Member("sub", .string("{{user}}")),
                                StoredJSON.Member("scope", .string("read")),
                            ]), keyID: "k1"))))
        #expect(
            try auth("Shares", in: collection)
                == SavedAuth(.ntlm(NTLMAuth(username: "ada", password: "{{ntlmPassword}}", domain: "CORP"))))
        #expect(
            try auth("Signed", in: collection)
                == SavedAuth(.jwt(JWTAuth(algorithm: .rs256, secret: "{{rsaKey}}", prefix: ""))))
        #expect(
            try auth("Keyed", in: collection)
                == SavedAuth(.apiKey(name: "X-Api-Key", value: "{{apiKey}}", location: .header)))
        #expect(try auth("Basic one", in: collection) == SavedAuth(.basic(username: "u", password: "{{pw}}")))
        #expect(try auth("Bearer one", in: collection) == SavedAuth(.bearer(token: "{{token}}")))
        #expect(try auth("Strong", in: collection) == SavedAuth(.none))
        let report = result.report.items.map(\.description).joined(separator: "\n")
        #expect(report.contains("NTLM workstation \"WS1\""))
        #expect(report.contains("JWT signed with PS512"))
        #expect(report.contains("a JWT sent in the query string"))
    }

    @Test func theImportMatchesItsGoldenFile() throws {
        try FormatsGoldenTests().check(imported(), golden: "postman-auth-types.json")
    }

    @Test func exportedAndImportedBackTheSame() throws {
        let collection = try imported().collection
        let output = try PostmanExport.output(
            ExportInput(
                document: CollectionDocument(
                    path: "/tmp/auth.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))))
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.contains("\"type\": \"jwt\"") && text.contains("\"type\": \"ntlm\""))
        let again = try PostmanImport.importCollection(
            ImportSource(name: "again.postman_collection.json", bytes: output.bytes, baseFolder: "/tmp"),
            options: ImportOptions()
        ).collection
        for entry in collection.allRequests {
            let back = try #require(again.allRequests.first { $0.request.name == entry.request.name }?.request)
            #expect(
                again.authInForce(for: back).auth == collection.authInForce(for: entry.request).auth,
                "\(entry.request.name)")
        }
        #expect(output.report.items.contains { $0.what.contains("JWT iat and exp added at each send") })
    }

    @Test func whatPostmanCannotHoldIsReportedNotDropped() throws {
        var collection = RequestCollection(id: "c", name: "C")
        collection.auth = SavedAuth(.command(CommandAuth(command: "gcloud auth print-access-token")))
        collection.requests = [
            SavedRequest(id: "k", name: "Kerberos", method: .get, url: "https://intranet.example/"),
            SavedRequest(id: "f", name: "Key file", method: .get, url: "https://api.example/"),
            SavedRequest(id: "p", name: "Client key", method: .get, url: "https://api.example/"),
        ]
        var oauth = OAuth2Auth(grant: .clientCredentials)
        oauth.tokenURL = "https://id.example/token"
        oauth.clientID = "svc"
        oauth.clientAuthentication = .privateKeyJWT
        oauth.privateKeyFile = "keys/svc.pem"
        collection.requests[2].auth = SavedAuth(.oauth2(oauth))
        collection.requests[0].auth = SavedAuth(.negotiate)
        collection.requests[1].auth = SavedAuth(.jwt(JWTAuth(algorithm: .es256, privateKeyFile: "keys/ec.pem")))
        let output = try PostmanExport.output(
            ExportInput(
                document: CollectionDocument(
                    path: "/tmp/c.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))))
        let report = output.report.items.map(\.description)
        #expect(report.contains { $0.hasPrefix("collection: command auth ($ gcloud auth print-access-token)") })
        #expect(report.contains { $0.hasPrefix("Kerberos: Negotiate (Kerberos) auth: Postman has none") })
        #expect(report.contains { $0.hasPrefix("Key file: JWT private key file keys/ec.pem") })
        #expect(
            report.contains {
                $0.hasPrefix("Client key: oauth2 private_key_jwt client authentication: Postman has none")
            })
    }

    @Test func openAPIHTTPNegotiateBecomesNegotiateBesideBasicBearerAndKeys() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: Intranet, version: "1"}
            servers: [{url: "https://intranet.example"}]
            components:
              securitySchemes:
                kerberos: {type: http, scheme: Negotiate}
                key: {type: apiKey, name: X-Key, in: query}
                basic: {type: http, scheme: basic}
                token: {type: http, scheme: bearer, bearerFormat: JWT}
            security: [{kerberos: []}]
            paths:
              /shares: {get: {responses: {"200": {description: ok}}}}
              /keyed: {get: {security: [{key: []}], responses: {"200": {description: ok}}}}
              /basic: {get: {security: [{basic: []}], responses: {"200": {description: ok}}}}
              /token: {get: {security: [{token: []}], responses: {"200": {description: ok}}}}
            """
        let result = try OpenAPIImport.importCollection(
            Fixtures.source(yaml, name: "intranet.yaml"), options: ImportOptions())
        let collection = result.collection
        func scheme(_ path: String) -> SavedAuth.Scheme? {
            collection.allRequests.first { $0.request.url.hasSuffix(path) }.map {
                collection.authInForce(for: $0.request).auth.scheme
            }
        }
        #expect(scheme("/shares") == .negotiate)
        #expect(scheme("/keyed") == .apiKey(name: "X-Key", value: "{{key}}", location: .query))
        #expect(scheme("/basic") == .basic(username: "{{basic.username}}", password: "{{basic.password}}"))
        #expect(scheme("/token") == .bearer(token: "{{token}}"))
        #expect(!result.report.items.contains { $0.what.contains("Negotiate") })
    }
}
