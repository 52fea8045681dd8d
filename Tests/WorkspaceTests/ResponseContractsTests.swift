import Foundation
import HTTPCore
import JSONTree
import Testing
import Workspace

/// Responses checked against their OpenAPI operation (status, headers, content type, body schema)
/// and against `schema` expectations, on small documents of our own written to a folder.
@Suite struct ResponseContractsTests {
    /// An OpenAPI 3.0 document: a pet by id (200, 2XX, no default), pets listed with a required
    /// header, `nullable` and `writeOnly` in the schema.
    static let petstore30 = """
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {
           "/pets/{petId}": {"get": {"operationId": "getPet", "responses": {
             "200": {"description": "a pet", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
             "2XX": {"description": "other success", "content": {"application/json": {"schema": {"type": "object"}}}},
             "404": {"$ref": "#/components/responses/NotFound"}}}},
           "/pets": {"get": {"operationId": "listPets", "responses": {
             "200": {"description": "pets", "headers": {"X-Total": {"$ref": "#/components/headers/Total"}, "X-Optional": {"schema": {"type": "string"}}},
                     "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}},
             "default": {"description": "error", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}}
         },
         "components": {
           "schemas": {
             "Pet": {"type": "object", "required": ["id", "name"], "properties": {
               "id": {"type": "integer"}, "name": {"type": "string"}, "tag": {"type": "string", "nullable": true},
               "price": {"type": "number"}, "password": {"type": "string", "writeOnly": true}}},
             "Error": {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}}}},
           "responses": {"NotFound": {"description": "none", "content": {"text/*": {"schema": {"type": "string"}}}}},
           "headers": {"Total": {"required": true, "schema": {"type": "integer"}}}}}
        """

    /// The same pet in OpenAPI 3.1 (2020-12: a type list instead of `nullable`).
    static let petstore31 = """
        {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
         "paths": {"/pets/{petId}": {"get": {"responses": {"200": {"description": "a pet", "content": {"application/json": {
           "schema": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}, "tag": {"type": ["string", "null"]}}}}}}}}}}}
        """

    struct Setup {
        let folder: TemporaryFolder
        let collection: RequestCollection
        var path: String { folder.file("pets.json") }
    }

    static func setup(_ document: String = petstore30, file: String = "contracts/pets.openapi.json") throws -> Setup {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("contracts"), withIntermediateDirectories: true)
        try folder.write(document, to: file)
        return Setup(
            folder: folder, collection: RequestCollection(name: "Pets", contract: CollectionContract(document: file)))
    }

    static func request(_ operation: RequestContract.Operation?, enabled: Bool = true) -> SavedRequest {
        SavedRequest(name: "Pet", url: "/pets/1", contract: RequestContract(operation: operation, enabled: enabled))
    }

    static func facts(
        _ status: Int, _ body: String, contentType: String? = "application/json", headers: [(String, String)] = []
    ) -> ResponseFacts {
        var fields = headers
        if let contentType { fields.append(("Content-Type", contentType)) }
        let bytes = Array(body.utf8)
        return ResponseFacts(
            status: status, headers: HTTPHeaders(fields), body: bytes, document: try? JSONDocument(bytes: bytes),
            duration: .milliseconds(5))
    }

    func check(
        _ setup: Setup, _ request: SavedRequest, _ facts: ResponseFacts,
        contracts: ResponseContracts = ResponseContracts()
    ) -> [ContractResult] {
        contracts.check(request, collection: setup.collection, collectionPath: setup.path, facts: facts)
    }

    @Test func aConformingResponsePassesNamingWhatWasChecked() throws {
        let setup = try Self.setup()
        let results = check(
            setup, Self.request(.operationId("getPet")), Self.facts(200, #"{"id": 1, "name": "Rex", "tag": null}"#))
        #expect(results.count == 1)
        #expect(results.first?.passed == true)
        #expect(results.first?.label == "contract getPet")
        #expect(results.first?.checked == "200 application/json")
    }

    @Test func aDriftingBodyGivesOneFindingPerValueWithItsPath() throws {
        let setup = try Self.setup()
        let results = check(
            setup, Self.request(.operationId("getPet")),
            Self.facts(200, #"{"id": "7", "price": "12.50", "password": "x"}"#))
        let findings = try #require(results.first?.findings)
        let byPath = Dictionary(grouping: findings, by: { $0.instancePath ?? "" })
        #expect(byPath["$.id"]?.first?.keyword == "type")
        #expect(byPath["$.price"]?.first?.message == #"expected a number, found the string "12.50""#)
        #expect(byPath["$.price"]?.first?.expectedAndActual.expected == "a number")
        #expect(byPath["$"]?.contains { $0.keyword == "required" && $0.message.contains("\"name\"") } == true)
        // writeOnly: a response must not carry it.
        #expect(byPath["$.password"]?.first?.keyword == "writeOnly")
        #expect(results.first?.label(of: byPath["$.id"]![0]) == "contract getPet $.id")
    }

    @Test func theStatusFallsBackToItsRangeThenToDefaultAndAnUndocumentedOneIsAFinding() throws {
        let setup = try Self.setup()
        let ranged = check(setup, Self.request(.operationId("getPet")), Self.facts(201, #"{"any": true}"#))
        #expect(ranged.first?.passed == true)
        #expect(ranged.first?.checked == "2XX application/json")
        let undocumented = check(setup, Self.request(.operationId("getPet")), Self.facts(500, #"{}"#))
        let finding = try #require(undocumented.first?.findings.first)
        #expect(finding.keyword == "status")
        #expect(finding.instancePath == nil)
        #expect(finding.message == "expected a documented status (200, 2XX, 404), found 500")
        let byDefault = check(
            setup, Self.request(.operationId("listPets")),
            Self.facts(503, #"{"message": 3}"#, contentType: "application/problem+json"))
        #expect(byDefault.first?.findings.map(\.instancePath) == ["$.message"])
    }

    @Test func aResponseObjectByReferenceAndAWildcardMediaTypeAreFollowed() throws {
        let setup = try Self.setup()
        // 404 → #/components/responses/NotFound, text/* matches text/html; a string body is not JSON-checked.
        let results = check(
            setup, Self.request(.operationId("getPet")), Self.facts(404, "<p>gone</p>", contentType: "text/html"))
        #expect(results.first?.passed == true)
        #expect(results.first?.checked == "404 text/*")
    }

    @Test func anUndocumentedContentTypeIsAFinding() throws {
        let setup = try Self.setup()
        let results = check(
            setup, Self.request(.operationId("getPet")), Self.facts(200, "<p/>", contentType: "text/html"))
        let finding = try #require(results.first?.findings.first)
        #expect(finding.keyword == "content-type")
        #expect(finding.message == "expected a documented content type (application/json), found text/html")
    }

    @Test func aMissingRequiredHeaderIsAFindingAndAnOptionalOneIsNot() throws {
        let setup = try Self.setup()
        let missing = check(setup, Self.request(.operationId("listPets")), Self.facts(200, "[]"))
        #expect(
            missing.first?.findings == [
                ContractFinding(
                    instancePath: nil, keyword: "header", message: "expected the header X-Total, found none")
            ])
        let present = check(
            setup, Self.request(.operationId("listPets")), Self.facts(200, "[]", headers: [("x-total", "0")]))
        #expect(present.first?.passed == true)
    }

    @Test func aDocumentedHeaderWithASchemaIsCheckedAsTheTypeItSays() throws {
        let document = """
            {"openapi": "3.0.3", "info": {"title": "Limits", "version": "1"},
             "paths": {"/pets": {"get": {"operationId": "listPets", "responses": {"200": {"description": "pets",
               "headers": {
                 "X-Rate-Limit": {"schema": {"type": "integer", "minimum": 1}},
                 "X-Mode": {"schema": {"type": "string", "enum": ["fast", "slow"]}},
                 "X-Id": {"schema": {"$ref": "#/components/schemas/Hex"}},
                 "X-Flag": {"schema": {"type": "boolean"}}},
               "content": {"application/json": {"schema": {"type": "array"}}}}}}}},
             "components": {"schemas": {"Hex": {"type": "string", "pattern": "^[a-f0-9]+$"}}}}
            """
        let setup = try Self.setup(document)
        let conforming = check(
            setup, Self.request(.operationId("listPets")),
            Self.facts(
                200, "[]",
                headers: [("X-Rate-Limit", "100"), ("X-Mode", "fast"), ("X-Id", "abc123"), ("X-Flag", "true")]))
        #expect(conforming.first?.passed == true)
        let drifting = check(
            setup, Self.request(.operationId("listPets")),
            Self.facts(
                200, "[]",
                headers: [("X-Rate-Limit", "lots"), ("X-Mode", "medium"), ("X-Id", "XYZ"), ("X-Flag", "yes")]))
        let findings = try #require(drifting.first?.findings)
        #expect(
            findings.map { "\($0.instancePath ?? "") \($0.keyword)" } == [
                "header X-Rate-Limit type", "header X-Mode enum", "header X-Id pattern", "header X-Flag type",
            ])
        #expect(findings[0].message == #"expected an integer, found the string "lots""#)
        // A number out of the schema's range is a finding too, and a missing optional header none.
        let low = check(
            setup, Self.request(.operationId("listPets")), Self.facts(200, "[]", headers: [("x-rate-limit", "0")]))
        #expect(low.first?.findings.map(\.keyword) == ["minimum"])
        #expect(low.first?.findings.first?.instancePath == "header X-Rate-Limit")
    }

    @Test func anOperationIsFoundByMethodAndPathToo() throws {
        let setup = try Self.setup()
        let results = check(
            setup, Self.request(.route(method: "GET", path: "/pets/{petId}")), Self.facts(200, #"{"id": 1}"#))
        #expect(results.first?.label == "contract GET /pets/{petId}")
        #expect(results.first?.findings.map(\.keyword) == ["required"])
        let unknown = check(setup, Self.request(.operationId("deletePet")), Self.facts(200, "{}"))
        #expect(unknown.first?.findings.first?.keyword == "operation")
        #expect(
            unknown.first?.findings.first?.message == "contracts/pets.openapi.json documents no operation deletePet")
    }

    @Test func openAPI31DocumentsAreReadAsDraft202012() throws {
        let setup = try Self.setup(Self.petstore31)
        let request = Self.request(.route(method: "get", path: "/pets/{petId}"))
        #expect(check(setup, request, Self.facts(200, #"{"id": 1, "tag": null}"#)).first?.passed == true)
        let drift = check(setup, request, Self.facts(200, #"{"id": 1.5, "tag": 3}"#))
        #expect(drift.first?.findings.map(\.instancePath) == ["$.id", "$.tag"])
    }

    @Test func aNonJSONBodyAgainstAJSONSchemaIsAFinding() throws {
        let setup = try Self.setup()
        let results = check(setup, Self.request(.operationId("getPet")), Self.facts(200, "{not json"))
        #expect(results.first?.findings.first?.message == "expected JSON, found a body that is not JSON")
    }

    @Test func switchedOffContractsAreNotChecked() throws {
        var setup = try Self.setup()
        #expect(check(setup, Self.request(.operationId("getPet"), enabled: false), Self.facts(500, "")).isEmpty)
        #expect(check(setup, SavedRequest(name: "Plain", url: "/"), Self.facts(500, "")).isEmpty)
        var collection = setup.collection
        collection.contract?.enabled = false
        setup = Setup(folder: setup.folder, collection: collection)
        #expect(check(setup, Self.request(.operationId("getPet")), Self.facts(500, "")).isEmpty)
    }

    @Test func aMissingDocumentIsOneFindingSaidPlainly() throws {
        let folder = try TemporaryFolder()
        let collection = RequestCollection(name: "Pets", contract: CollectionContract(document: "gone.json"))
        let results = ResponseContracts().check(
            Self.request(.operationId("getPet")), collection: collection, collectionPath: folder.file("pets.json"),
            facts: Self.facts(200, "{}"))
        #expect(results.first?.findings.first?.keyword == "document")
        #expect(results.first?.findings.first?.message.hasPrefix("gone.json not found") == true)
        let yaml = RequestCollection(name: "Pets", contract: CollectionContract(document: "pets.yaml"))
        let fromYAML = ResponseContracts().check(
            Self.request(.operationId("getPet")), collection: yaml, collectionPath: folder.file("pets.json"),
            facts: Self.facts(200, "{}"))
        #expect(
            fromYAML.first?.findings.first?.message
                == "pets.yaml is YAML, which this program reads only as JSON (lazer reads YAML contracts)")
    }

    @Test func aThousandChecksCompileTheResponseSchemaOnce() throws {
        let setup = try Self.setup()
        let contracts = ResponseContracts()
        let request = Self.request(.operationId("getPet"))
        var failed = 0
        for index in 0..<1000 {
            let body = index.isMultiple(of: 2) ? #"{"id": 1, "name": "a"}"# : #"{"id": "x", "name": "a"}"#
            failed += check(setup, request, Self.facts(200, body), contracts: contracts).first?.passed == false ? 1 : 0
        }
        #expect(failed == 500)
        #expect(contracts.compilations == 1)
    }

    @Test func aChangedDocumentIsReadAgain() throws {
        let setup = try Self.setup()
        let contracts = ResponseContracts()
        let request = Self.request(.operationId("getPet"))
        #expect(
            check(setup, request, Self.facts(200, #"{"id": 1, "name": "a"}"#), contracts: contracts).first?.passed
                == true)
        try setup.folder.write(
            Self.petstore30.replacingOccurrences(of: #""id": {"type": "integer"}"#, with: #""id": {"type": "string"}"#)
                + "\n\n",
            to: "contracts/pets.openapi.json")
        let again = check(setup, request, Self.facts(200, #"{"id": 1, "name": "a"}"#), contracts: contracts)
        #expect(again.first?.findings.map(\.instancePath) == ["$.id"])
    }

    @Test func aSchemaExpectationChecksTheBodyInlineOrThroughAFileBesideTheCollection() throws {
        let setup = try Self.setup()
        try setup.folder.write(
            #"{"type": "object", "properties": {"id": {"$ref": "id.json"}}}"#, to: "pet.schema.json")
        try setup.folder.write(#"{"type": "integer", "minimum": 1}"#, to: "id.json")
        let inline = try StoredJSON(parsing: #"{"type": "object", "required": ["id"]}"#)
        let byFile = try StoredJSON(parsing: #"{"$ref": "pet.schema.json"}"#)
        let request = SavedRequest(
            name: "Pet", url: "/pets/1",
            expectations: [
                Expectation(subject: .schema(inline), op: .matches),
                Expectation(subject: .schema(byFile), op: .matches),
            ])
        let results = check(setup, request, Self.facts(200, #"{"id": 0}"#))
        #expect(results.map(\.label) == ["schema", "schema"])
        #expect(results[0].passed)
        #expect(results[1].findings.map(\.instancePath) == ["$.id"])
        #expect(results[1].findings.first?.keyword == "minimum")
    }

    @Test func validationNamesMissingOperationsBrokenReferencesAndUnusableSchemas() throws {
        let broken = Self.petstore30.replacingOccurrences(
            of: #""schema": {"type": "object"}"#, with: ##""schema": {"$ref": "#/components/schemas/Nowhere"}"##)
        let setup = try Self.setup(broken)
        var collection = setup.collection
        collection.requests = [
            Self.request(.operationId("getPet")), Self.request(.operationId("deletePet")),
            SavedRequest(
                name: "Bad schema", url: "/",
                expectations: [
                    Expectation(subject: .schema(try StoredJSON(parsing: #"{"$ref": "none.json"}"#)), op: .matches)
                ]),
        ]
        let problems = ResponseContracts().problems(in: collection, path: setup.path)
        #expect(problems.count == 3)
        #expect(
            problems[0].hasPrefix("request \"Pet\": getPet: response 2XX application/json: the schema is not usable"))
        #expect(problems[1] == "request \"Pet\": contracts/pets.openapi.json documents no operation deletePet")
        #expect(problems[2].hasPrefix("request \"Bad schema\": schema: the schema is not usable"))
        #expect(ResponseContracts().problems(in: try Self.setup().collection, path: setup.path).isEmpty)
    }

    @Test func contractsAndSchemaExpectationsSurviveLoadingAndSaving() throws {
        let text = """
            {
              "contract": {"document": "contracts/pets.openapi.json", "enabled": false},
              "formatVersion": 1,
              "id": "c",
              "name": "Pets",
              "requests": [
                {"id": "a", "name": "A", "method": "GET", "url": "/pets/1", "contract": {"operationId": "getPet"},
                 "expectations": [{"subject": "schema", "schema": {"$ref": "pet.json"}}]},
                {"id": "b", "name": "B", "method": "GET", "url": "/pets", "contract": {"method": "GET", "path": "/pets", "enabled": false}},
                {"id": "c", "name": "C", "method": "GET", "url": "/", "contract": {"enabled": false}}
              ]
            }
            """
        let loaded = CollectionLoader.load(Array(text.utf8), file: "pets.json")
        #expect(loaded.diagnostics.isEmpty)
        let collection = try #require(loaded.collection)
        #expect(collection.contract == CollectionContract(document: "contracts/pets.openapi.json", enabled: false))
        #expect(collection.requests[0].contract == RequestContract(operation: .operationId("getPet")))
        #expect(
            collection.requests[1].contract
                == RequestContract(operation: .route(method: "GET", path: "/pets"), enabled: false))
        #expect(collection.requests[2].contract == RequestContract(operation: nil, enabled: false))
        #expect(
            collection.requests[0].expectations.first?.subject
                == .schema(try StoredJSON(parsing: #"{"$ref": "pet.json"}"#)))
        let again = CollectionLoader.load(Array(collection.fileText().utf8), file: "pets.json")
        #expect(again.collection == collection)
        #expect(collection.fileText().contains(#""subject": "schema""#))
        #expect(!collection.fileText().contains(#""op": "matches""#))
    }

    @Test func thePublishedSchemaAcceptsContractsAndSchemaChecksAndRefusesAmbiguousOnes() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            {"formatVersion": 1, "id": "c", "name": "Pets", "contract": {"document": "contracts/p.json", "enabled": false},
             "requests": [
               {"id": "a", "name": "A", "method": "GET", "url": "/", "contract": {"operationId": "getPet"},
                "expectations": [{"subject": "schema", "schema": {"$ref": "pet.json"}}]},
               {"id": "b", "name": "B", "method": "GET", "url": "/", "contract": {"method": "GET", "path": "/pets"}},
               {"id": "c", "name": "C", "method": "GET", "url": "/", "contract": {"enabled": false}}]}
            """, to: "good.json")
        try folder.write(
            """
            {"formatVersion": 1, "id": "c", "name": "Pets", "requests": [
               {"id": "a", "name": "A", "method": "GET", "url": "/",
                "contract": {"operationId": "getPet", "method": "GET", "path": "/x"}}]}
            """, to: "bad.json")
        #expect(try SchemaValidationTests.validate([folder.file("good.json")]).status == 0)
        let bad = try SchemaValidationTests.validate([folder.file("bad.json")])
        #expect(bad.output.contains("requests[0].contract"))
    }

    @Test func badContractFieldsAreLoadErrorsSaidPlainly() {
        let cases: [(String, String)] = [
            (#""contract": {"operationId": "a", "method": "GET", "path": "/a"}"#, "not both"),
            (#""contract": {"method": "GET"}"#, "needs \"method\" and a \"path\" starting with /"),
            (#""contract": {}"#, "name the operation"),
            (#""expectations": [{"subject": "schema"}]"#, "missing required field \"schema\""),
            (#""expectations": [{"subject": "schema", "schema": 3}]"#, "must be a JSON Schema"),
        ]
        for (field, message) in cases {
            let text =
                #"{"formatVersion": 1, "id": "c", "name": "C", "requests": [{"id": "a", "name": "A", "method": "GET", "url": "/", "#
                + field + "}]}"
            let loaded = CollectionLoader.load(Array(text.utf8), file: "c.json")
            #expect(loaded.collection == nil, "\(field)")
            #expect(loaded.diagnostics.contains { $0.message.contains(message) }, "\(field): \(loaded.diagnostics)")
        }
    }
}
