import Foundation
import Testing
import Workspace

/// `command`, `jwt`, `ntlm` and `negotiate` auth (issue 26) as Lazer writes them match
/// `docs/collection.schema.json`, and the schema rejects what the loader rejects.
@Suite struct AuthTypesSchemaTests {
    @Test func theSchemaAcceptsEveryNewAuthAsWritten() throws {
        let folder = try TemporaryFolder()
        var collection = try #require(CollectionLoader.load(Array(Fixtures.minimal.utf8), file: "x").collection)
        collection.auth = SavedAuth(
            .command(CommandAuth(command: "gcloud auth print-access-token", prefix: "", cacheSeconds: 1800)))
        collection.folders[0].auth = SavedAuth(
            .jwt(
                JWTAuth(
                    algorithm: .rs256, privateKeyFile: "keys/k.pem",
                    claims: .object([StoredJSON.Member("sub", .string("{{user}}"))]), lifetimeSeconds: 60,
                    keyID: "k1", header: "X-JWT")))
        collection.requests[0].auth = SavedAuth(.ntlm(NTLMAuth(username: "ada", password: "{{pw}}", domain: "CORP")))
        collection.requests[1].auth = SavedAuth(.negotiate)
        _ = try CollectionStore.create(collection, at: folder.file("written.json"))
        let written = try String(contentsOfFile: folder.file("written.json"), encoding: .utf8)
        #expect(written.contains(#""type": "command""#) && written.contains(#""type": "negotiate""#))
        let result = try SchemaValidationTests.validate([folder.file("written.json")])
        #expect(result.status == 0, "\(result.output)")
        // Loaded back, the same.
        let loaded = try #require(CollectionLoader.load(Array(written.utf8), file: "written.json").collection)
        #expect(loaded.auth == collection.auth)
        #expect(loaded.folders[0].auth == collection.folders[0].auth)
        #expect(loaded.requests[0].auth == collection.requests[0].auth)
        #expect(loaded.requests[1].auth == collection.requests[1].auth)
    }

    @Test func theSchemaAndTheLoaderRejectTheSameMistakes() throws {
        let folder = try TemporaryFolder()
        let bad = [
            ("header.json", #"{"type": "command", "command": "x", "header": "Bad: header"}"#),
            ("algorithm.json", #"{"type": "jwt", "algorithm": "HS512", "secret": "{{s}}"}"#),
            ("ntlm.json", #"{"type": "ntlm", "password": "{{pw}}"}"#),
        ]
        for (name, auth) in bad {
            let text = Fixtures.minimal(
                replacing: "\"formatVersion\": 1,", with: "\"formatVersion\": 1, \"auth\": \(auth),")
            try folder.write(text, to: name)
            #expect(CollectionLoader.load(Array(text.utf8), file: name).collection == nil, "\(name)")
        }
        let result = try SchemaValidationTests.validate(bad.map { folder.file($0.0) })
        #expect(result.status == 1)
        for (name, _) in bad { #expect(result.output.contains(name), "\(name): \(result.output)") }
    }
}
