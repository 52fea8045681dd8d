import Foundation
import Interop
import Testing
import Workspace

/// Postman's `oauth2` auth (issue 26) becomes Lazer's `oauth2` — Lazer fetches the token, so a
/// saved `accessToken` is left behind and reported; exported, it is Postman's `oauth2` again.
@Suite struct PostmanOAuth2Tests {
    static let collection = """
        {
          "info": {"_postman_id": "o", "name": "OAuth APIs", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
          "auth": {"type": "oauth2", "oauth2": [
            {"key": "grant_type", "value": "client_credentials"},
            {"key": "accessTokenUrl", "value": "https://id.example.com/token"},
            {"key": "clientId", "value": "app"}, {"key": "clientSecret", "value": "{{clientSecret}}"},
            {"key": "scope", "value": "read write"}, {"key": "client_authentication", "value": "body"},
            {"key": "accessToken", "value": "eyJ.saved.token"}]},
          "item": [
            {"name": "Me", "request": {"method": "GET", "url": "https://api.example.com/me",
             "auth": {"type": "oauth2", "oauth2": [
               {"key": "grant_type", "value": "authorization_code_with_pkce"},
               {"key": "authUrl", "value": "https://id.example.com/authorize"},
               {"key": "accessTokenUrl", "value": "https://id.example.com/token"},
               {"key": "clientId", "value": "public-app"}, {"key": "addTokenTo", "value": "queryParams"}]}}},
            {"name": "Old", "request": {"method": "GET", "url": "https://api.example.com/old",
             "auth": {"type": "oauth2", "oauth2": [{"key": "grant_type", "value": "implicit"}]}}},
            {"name": "Inherits", "request": {"method": "GET", "url": "https://api.example.com/x"}}
          ]
        }
        """

    func imported() throws -> ImportResult {
        try PostmanImport.importCollection(
            Fixtures.source(Self.collection, name: "o.postman_collection.json"), options: ImportOptions())
    }

    @Test func grantsBecomeOAuth2AuthAndTheSavedTokenIsLeftBehind() throws {
        let result = try imported()
        let collection = result.collection
        func auth(_ name: String) throws -> SavedAuth {
            let request = try #require(collection.allRequests.first { $0.request.name == name }?.request)
            return collection.authInForce(for: request).auth
        }
        var credentials = OAuth2Auth(grant: .clientCredentials)
        credentials.tokenURL = "https://id.example.com/token"
        credentials.clientID = "app"
        credentials.clientSecret = "{{clientSecret}}"
        credentials.scope = "read write"
        credentials.clientAuthentication = .body
        #expect(try auth("Inherits") == SavedAuth(.oauth2(credentials)))
        guard case .oauth2(let code) = try auth("Me").scheme else {
            Issue.record("Me is not oauth2")
            return
        }
        #expect(code.grant == .authorizationCode && code.authorizationURL == "https://id.example.com/authorize")
        #expect(code.placement == .query)
        #expect(try auth("Old") == SavedAuth(.none))
        #expect(result.report.items.contains { $0.what.contains("implicit") })
        #expect(result.report.items.contains { $0.what.contains("access token saved") })
        let text = collection.fileText()
        #expect(!text.contains("eyJ.saved.token"))
    }

    @Test func exportedAsOAuth2AndImportedBackTheSame() throws {
        let collection = try imported().collection
        let output = try PostmanExport.output(
            ExportInput(
                document: CollectionDocument(
                    path: "/tmp/o.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))))
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.contains("\"type\": \"oauth2\""))
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
    }
}
