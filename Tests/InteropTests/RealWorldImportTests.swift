import Foundation
import HTTPCore
import Interop
import Testing
import Workspace

/// The three classes of real-world files that did not import (issue 35), each with fixtures
/// written for these tests: a document recognised only by where its keys sit, a document failed
/// whole for one dangling reference, and a `.http` file failed whole at its first directive.
@Suite("Real-world imports: key order, dangling references, .http directives")
struct RealWorldImportTests {
    // MARK: - Detection does not depend on key order or position

    /// `openapi-sorted-keys.json` with `count` schemas of padding added to `components`, which a
    /// key-sorting generator writes before `openapi`.
    private func padded(_ count: Int) throws -> ImportSource {
        let source = try Fixtures.load("detection/openapi-sorted-keys.json")
        let filler = (0..<count).map { index in
            #""Filler\#(index)": { "type": "object", "description": "\#(String(repeating: "padding ", count: 8))" }"#
        }
        let text = source.text.replacingOccurrences(
            of: #""schemas": {"#, with: #""schemas": {"# + filler.joined(separator: ",\n") + ",")
        return ImportSource(name: "sorted.json", bytes: Array(text.utf8), baseFolder: source.baseFolder)
    }

    @Test("an OpenAPI JSON document whose openapi key comes after hundreds of KB of components is recognised")
    func lateOpenAPIKey() throws {
        let source = try padded(5_000)
        let offset = try #require(source.text.range(of: #""openapi""#)).lowerBound.utf16Offset(in: source.text)
        #expect(offset > 300_000)
        #expect(FormatDetection.detect(source) == .openapi)
        let result = try Importer.importSource(source)
        #expect(result.collection.allRequests.map(\.request.method) == [.get, .post])
    }

    @Test(
        "keys are read at the top level only: a nested openapi or log key does not make a Postman file OpenAPI or HAR")
    func nestedKeysDoNotCount() {
        func detect(_ text: String) -> ImportFormat {
            FormatDetection.detect(ImportSource(name: "x.json", bytes: Array(text.utf8), baseFolder: "/tmp"))
        }
        let postman = #"""
            {"item": [{"name": "spec", "request": {"method": "POST", "url": "https://a.test",
              "body": {"mode": "raw", "raw": "{\"openapi\": \"3.0.0\"}", "options": {"log": {"entries": []}}}}}],
             "info": {"name": "n", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}}
            """#
        #expect(detect(postman) == .postman)
        #expect(detect(#"{"a": {"openapi": "3.0.0"}, "item": []}"#) == .postman)
        #expect(detect(#"{"paths": {}, "info": {"title": "t"}, "swagger": "2.0"}"#) == .openapi)
        #expect(detect(#"{"x": "\"openapi\": 1", "log": {}}"#) == .har)
    }

    @Test("a YAML document whose openapi key is its last line, after 1,000 lines of components, is recognised")
    func lateYAMLKey() {
        let components = (0..<1_000).map { "    S\($0):\n      type: object" }.joined(separator: "\n")
        let text =
            "components:\n  schemas:\n\(components)\ninfo:\n  title: t\n  version: '1'\npaths: {}\nopenapi: 3.0.3\n"
        #expect(
            FormatDetection.detect(ImportSource(name: "api.txt", bytes: Array(text.utf8), baseFolder: "/tmp"))
                == .openapi)
    }

    // MARK: - Dangling references are reported, not fatal

    @Test(
        "Swagger 2.0 with undefined security schemes and dangling $refs: everything else imports, each one reported where it is"
    )
    func swaggerDanglingReferences() throws {
        let result = try Importer.importSource(try Fixtures.load("dangling/swagger-dangling.json"))
        let requests = result.collection.allRequests.map(\.request)
        #expect(requests.map(\.name) == ["listPets", "addPet", "getPet"])
        let items = result.report.items.map { "\($0.location): \($0.what) (\($0.kept ?? ""))" }
        #expect(
            items.filter { $0.contains("does not resolve") || $0.contains("not defined") } == [
                #"dangling/swagger-dangling.json:10:51 security[1].oauth_gone: security scheme "oauth_gone" that is not defined (sent without it)"#,
                #"dangling/swagger-dangling.json:15:41 paths./pets.get.security[0].petstore_auth: security scheme "petstore_auth" that is not defined (sent without it)"#,
                #"dangling/swagger-dangling.json:16:66 paths./pets.get.responses.200.schema: reference #/definitions/PetList that does not resolve (what it names is left out)"#,
                #"dangling/swagger-dangling.json:36:80 definitions.Pet.properties.owner: reference #/definitions/Owner that does not resolve (what it names is left out)"#,
            ])
        // The operation with a defined scheme keeps it.
        let add = try #require(requests.first { $0.name == "addPet" })
        #expect(add.auth != SavedAuth(.none))
        #expect(requests.first { $0.name == "listPets" }?.auth == SavedAuth(.none))
    }

    @Test("OpenAPI 3 YAML with an undefined security scheme and dangling $refs imports; each reported with its path")
    func yamlDanglingReferences() throws {
        let result = try Importer.importSource(try Fixtures.load("dangling/openapi-dangling.yaml"))
        #expect(result.collection.allRequests.map(\.request.method) == [.get, .post])
        let items = result.report.items.map { "\($0.location): \($0.what)" }
        #expect(
            items.filter { $0.contains("does not resolve") || $0.contains("not defined") } == [
                #"dangling/openapi-dangling.yaml paths./orders.get.security[1].missing_scheme: security scheme "missing_scheme" that is not defined"#,
                #"dangling/openapi-dangling.yaml paths./orders.get.responses.200.content.application/json.schema: reference #/components/schemas/OrderList that does not resolve"#,
                #"dangling/openapi-dangling.yaml components.schemas.Order.properties.customer: reference #/components/schemas/Customer that does not resolve"#,
            ])
        // The resolvable schema still gives the body its example.
        let post = try #require(result.collection.allRequests.last?.request)
        #expect(post.body != .empty)
    }

    // MARK: - .http directives

    @Test(
        "import and run are followed inside the project, in order, with a run's variables; the rest is reported, never fatal"
    )
    func kulalaDirectives() throws {
        let main = try Fixtures.load("kulala/main.http")
        let result = try Importer.importSource(
            ImportSource(name: main.name, bytes: main.bytes, baseFolder: Fixtures.folder + "/kulala"))
        let requests = result.collection.requests
        #expect(
            requests.map { "\($0.method.rawValue) \($0.url)" } == [
                "POST {{host}}/login", "GET {{host}}/me", "GET {{host}}/tenants/7/users?limit=2",
                "GET {{host}}/tenants/7/count", "POST {{host}}/graphql", "GET {{host}}/broken",
            ])
        #expect(result.collection.variables.map(\.name) == ["host"])
        try #require(requests.count == 6)
        // The query and its variables as the JSON body of a POST (sent as application/json).
        #expect(
            requests[4].body
                == SavedBody(
                    .jsonText(
                        #"{"query": "query Users($first: Int) { users(first: $first) { id name } }", "variables": {"first": 2}}"#
                    )))
        #expect(requests[5].headers.map(\.name) == ["Accept"])
        let items = result.report.items.map { "\($0.location): \($0.what) (\($0.kept ?? ""))" }
        #expect(
            items == [
                "kulala/main.http:28:1: line not understood (expected a header (Name: value) or a blank line before the body; found \"this is not a header\") (left out)",
                "kulala/main.http:12:1: run ./users.http (@tenant=7, @limit=2): 2 requests of kulala/users.http with {{tenant}} = 7, {{limit}} = 2 (carried here)",
                "kulala/main.http:15:1: run ./missing.http (no such file) (not carried)",
                "kulala/main.http:16:1: run #Nobody (no request named Nobody in this file or the files it imports) (not carried)",
                "kulala/main.http:17:1: import ../kulala-outside.http (outside the folder of kulala/main.http) (not carried)",
                "kulala/main.http:20: GRAPHQL request (sent as a POST with the query as a JSON body)",
            ])
    }

    @Test("a file that runs itself, or imports in a circle, stops there and says so")
    func directiveCycles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("run ./b.http\n### A\nGET https://a.test/a\n".utf8).write(to: folder.appendingPathComponent("a.http"))
        try Data("run ./a.http\n### B\nGET https://a.test/b\n".utf8).write(to: folder.appendingPathComponent("b.http"))
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("a.http")))
        let result = try Importer.importSource(ImportSource(name: "a.http", bytes: bytes, baseFolder: folder.path))
        #expect(result.collection.requests.map(\.url) == ["https://a.test/b", "https://a.test/a"])
        #expect(result.report.items.map(\.what).contains("run ./a.http (it leads back to a file already being read)"))
    }
}
