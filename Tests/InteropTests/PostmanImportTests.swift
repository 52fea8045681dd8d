import HTTPCore
import Interop
import Testing
import Workspace

/// Postman v2.0 / v2.1 collections and environments, on fixtures written here.
@Suite struct PostmanImportTests {
    static let v21 = """
        {
          "info": {"_postman_id": "c1", "name": "Shop", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
          "auth": {"type": "bearer", "bearer": [{"key": "token", "value": "{{token}}", "type": "string"}]},
          "variable": [{"key": "baseUrl", "value": "https://shop.test"}, {"key": "api key", "value": "k"},
                       {"key": "off", "value": "x", "disabled": true}],
          "event": [{"listen": "prerequest", "script": {"exec": ["pm.environment.set('a', 1)"]}}],
          "item": [
            {"name": "Orders", "auth": {"type": "basic", "basic": [{"key": "username", "value": "u"}, {"key": "password", "value": "p"}]},
             "item": [
               {"name": "Nested", "item": [
                 {"name": "List", "request": {"method": "GET", "url": {"raw": "{{baseUrl}}/orders?page=2&q=a%20b#top",
                   "host": ["{{baseUrl}}"], "path": ["orders"],
                   "query": [{"key": "page", "value": "2"}, {"key": "q", "value": "a%20b"}, {"key": "debug", "value": "1", "disabled": true}]},
                   "header": [{"key": "Accept", "value": "application/json"}, {"key": "X-Old", "value": "1", "disabled": true}]}}
               ]},
               {"name": "Create", "event": [{"listen": "test", "script": {"exec": ["pm.test('ok', () => {})"]}}],
                "request": {"method": "POST", "auth": {"type": "noauth"},
                 "header": [{"key": "Content-Type", "value": "application/json"}],
                 "body": {"mode": "raw", "raw": "{\\"id\\": 1, \\"who\\": \\"{{$guid}}\\"}", "options": {"raw": {"language": "json"}}},
                 "url": "{{baseUrl}}/orders"}}
             ]},
            {"name": "Get one", "request": {"method": "GET", "url": {"raw": "{{baseUrl}}/orders/:id", "variable": [{"key": "id", "value": "7", "description": "order id"}]},
             "auth": {"type": "apikey", "apikey": [{"key": "key", "value": "X-Key"}, {"key": "value", "value": "{{api key}}"}, {"key": "in", "value": "query"}]}}},
            {"name": "Form", "request": {"method": "POST", "url": "{{baseUrl}}/form",
             "body": {"mode": "urlencoded", "urlencoded": [{"key": "a", "value": "1"}, {"key": "b", "value": "2", "disabled": true}]}}},
            {"name": "Upload", "request": {"method": "POST", "url": "{{baseUrl}}/upload",
             "header": [{"key": "Content-Type", "value": "multipart/form-data"}],
             "body": {"mode": "formdata", "formdata": [{"key": "note", "value": "hi", "type": "text"}, {"key": "doc", "type": "file", "src": "/tmp/doc.pdf"}]}}},
            {"name": "Raw file", "request": {"method": "PUT", "url": "{{baseUrl}}/blob", "body": {"mode": "file", "file": {"src": "data.bin"}}}},
            {"name": "Signed", "request": {"method": "GET", "url": "{{baseUrl}}/x", "auth": {"type": "oauth1", "oauth1": []}}},
            {"name": "Graph", "request": {"method": "POST", "url": "{{baseUrl}}/graphql",
             "body": {"mode": "graphql", "graphql": {"query": "{ me { id } }", "variables": "{\\"a\\": 1}"}}}}
          ]
        }
        """

    func imported() throws -> ImportResult {
        try PostmanImport.importCollection(
            Fixtures.source(Self.v21, name: "shop.postman_collection.json"), options: ImportOptions())
    }

    /// Without `_postman_id`, two files holding collections of one name get two ids.
    @Test func collectionsOfOneNameWithoutPostmanIDsGetTwoIDs() throws {
        let text = Self.v21.replacing(#""_postman_id": "c1", "#, with: "")
        func id(_ name: String) throws -> String {
            try PostmanImport.importCollection(Fixtures.source(text, name: name), options: ImportOptions()).collection
                .id
        }
        #expect(try id("a.json") == id("a.json"))
        #expect(try id("a.json") != id("b.json"))
    }

    func request(_ result: ImportResult, _ name: String) throws -> SavedRequest {
        try #require(result.collection.allRequests.first { $0.request.name == name }?.request)
    }

    @Test func foldersNestAndVariablesAreKept() throws {
        let result = try imported()
        #expect(result.collection.name == "Shop")
        #expect(result.collection.folders.map(\.name) == ["Orders"])
        #expect(result.collection.folders[0].folders.map(\.name) == ["Nested"])
        #expect(result.collection.variables.map(\.name) == ["baseUrl", "api_key"])
        #expect(result.report.items.contains { $0.what.contains("variable name \"api key\"") })
        #expect(result.report.items.contains { $0.what.contains("disabled variable \"off\"") })
    }

    @Test func authIsInheritedFromFolderAndCollectionAndNoauthStopsIt() throws {
        let result = try imported()
        let collection = result.collection
        func inForce(_ name: String) throws -> SavedAuth { collection.authInForce(for: try request(result, name)).auth }
        #expect(try inForce("List") == SavedAuth(.basic(username: "u", password: "p")))
        #expect(try inForce("Create") == SavedAuth(.none))
        #expect(try inForce("Form") == SavedAuth(.bearer(token: "{{token}}")))
        #expect(try inForce("Get one") == SavedAuth(.apiKey(name: "X-Key", value: "{{api_key}}", location: .query)))
        #expect(try inForce("Signed") == SavedAuth(.none))
        // The inheritance is kept where Postman had it, not copied onto every request.
        #expect(try request(result, "List").auth == SavedAuth(.inherit))
        #expect(try request(result, "Create").auth == SavedAuth(.none))
        #expect(
            result.report.items.contains {
                $0.what.hasPrefix("OAuth 1.0") && $0.location.path == "item[5].request.auth"
            })
    }

    @Test func urlQueryHeadersAndPathVariables() throws {
        let result = try imported()
        let list = try request(result, "List")
        #expect(list.url == "{{baseUrl}}/orders")
        #expect(
            list.query == [
                KeyValueRow(name: "page", value: "2"), KeyValueRow(name: "q", value: "a b"),
                KeyValueRow(name: "debug", value: "1", enabled: false),
            ])
        #expect(list.headers.map(\.enabled) == [true, false])
        #expect(result.report.items.contains { $0.what.contains("#top") })
        let one = try request(result, "Get one")
        #expect(one.url == "{{baseUrl}}/orders/:id")
        #expect(one.pathParams == [KeyValueRow(name: "id", value: "7", description: "order id")])
    }

    @Test func bodies() throws {
        let result = try imported()
        let create = try request(result, "Create")
        #expect(
            create.body
                == SavedBody(
                    .json(
                        .object([StoredJSON.Member("id", .number("1")), StoredJSON.Member("who", .string("{{$uuid}}"))])
                    )))
        #expect(create.scripts?.test?.contains("pm.test") == true)
        #expect(create.notes == nil)
        #expect(
            try request(result, "Form").body
                == SavedBody(
                    .formURLEncoded([
                        KeyValueRow(name: "a", value: "1"), KeyValueRow(name: "b", value: "2", enabled: false),
                    ])))
        let upload = try request(result, "Upload")
        #expect(upload.headers.isEmpty)
        #expect(
            upload.body
                == SavedBody(
                    .multipart([
                        SavedPart(name: "note", source: .text("hi")),
                        SavedPart(name: "doc", source: .file(path: "/tmp/doc.pdf")),
                    ])))
        #expect(try request(result, "Raw file").body == SavedBody(.file(path: "data.bin", contentType: nil)))
        guard case .json(let graph) = try request(result, "Graph").body.content else {
            Issue.record("GraphQL body is not JSON")
            return
        }
        #expect(graph["query"] == .string("{ me { id } }"))
        #expect(graph["variables"] == .object([StoredJSON.Member("a", .number("1"))]))
    }

    @Test func preRequestAndTestScriptsBecomeScriptsNotNotes() throws {
        let result = try imported()
        #expect(result.report.items.filter { $0.what.contains("script") }.isEmpty)
        #expect(result.collection.scripts?.preRequest?.contains("pm.environment.set") == true)
        #expect(result.collection.description?.contains("pm.environment.set") != true)
        #expect(result.collection.allRequests.contains { $0.request.scripts?.test?.contains("pm.test") == true })
    }

    @Test func importIsByteStable() throws {
        #expect(try imported().collection.fileText() == imported().collection.fileText())
    }

    @Test func version20ShapesAreRead() throws {
        let text = """
            {"info": {"name": "Old", "schema": "https://schema.getpostman.com/json/collection/v2.0.0/collection.json"},
             "item": [{"id": "r1", "name": "Basic", "request": {"url": "postman-echo.com/basic-auth", "method": "get",
               "header": "Accept: text/plain\\nX-A: 1",
               "auth": {"type": "basic", "basic": {"username": "postman", "password": "password"}}}},
              {"name": "Bare", "request": "https://example.test/x?y=1"}]}
            """
        let result = try PostmanImport.importCollection(Fixtures.source(text), options: ImportOptions())
        let basic = result.collection.requests[0]
        #expect(basic.id == "r1")
        #expect(basic.method == .get)
        #expect(basic.url == "http://postman-echo.com/basic-auth")
        #expect(
            basic.headers == [KeyValueRow(name: "Accept", value: "text/plain"), KeyValueRow(name: "X-A", value: "1")])
        #expect(basic.auth == SavedAuth(.basic(username: "postman", password: "password")))
        #expect(result.collection.requests[1].url == "https://example.test/x")
        #expect(result.collection.requests[1].query == [KeyValueRow(name: "y", value: "1")])
    }

    @Test func bomAndCRLFAreRead() throws {
        let text = "{\r\n\"info\": {\"name\": \"B\"},\r\n\"item\": []\r\n}\r\n"
        let source = ImportSource(name: "bom.json", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), baseFolder: "/")
        #expect(try PostmanImport.importCollection(source, options: ImportOptions()).collection.name == "B")
    }

    @Test func malformedFilesGetPositionedErrors() {
        #expect(throws: ImportError.self) {
            try PostmanImport.importCollection(Fixtures.source("{\n  \"info\": {,\n}"), options: ImportOptions())
        }
        do {
            _ = try PostmanImport.importCollection(
                Fixtures.source("{\n  \"info\": {,\n}", name: "bad.json"), options: ImportOptions())
        } catch {
            #expect(error.location.line == 2)
            #expect(error.location.column == 12)
        }
        #expect(throws: ImportError.self) {
            try PostmanImport.importCollection(Fixtures.source("[1, 2]"), options: ImportOptions())
        }
        #expect(throws: ImportError.self) {
            try PostmanImport.importCollection(Fixtures.source("{\"requests\": []}"), options: ImportOptions())
        }
    }

    @Test func environmentFile() throws {
        let text = """
            {"name": "Staging", "values": [{"key": "baseUrl", "value": "https://staging.test", "enabled": true},
              {"key": "token", "value": "s3cret", "type": "secret"}, {"key": "old", "value": "1", "enabled": false}],
             "_postman_variable_scope": "environment"}
            """
        let result = try PostmanImport.importEnvironments(Fixtures.source(text))
        let environment = try #require(result.environments.first)
        #expect(environment.name == "Staging")
        #expect(environment.baseURL == "{{baseUrl}}")
        #expect(environment.variables.map(\.name) == ["baseUrl", "token"])
        #expect(environment.variables[1].secret)
        #expect(result.report.items.map(\.location.path) == ["values[2]"])
    }
}
