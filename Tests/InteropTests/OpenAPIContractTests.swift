import CurlTransport
import Foundation
import Futures
import HTTPCore
import Interop
import JSONTree
import LoopbackTesting
import Testing
import Workspace

/// The real OpenAPI documents of `../shared/interop-samples` (read there, never copied into the
/// repository) imported with their contract kept beside the collection, then responses checked
/// against it: the Petstore's from the loopback server (`/v1/pets…`: conforming and drifting),
/// the Swagger 2.0 and OpenAPI 3.1 samples' from bodies written here.
@Suite(.enabled(if: InteropSamples.isPresent, "../shared/interop-samples is not on this machine"))
struct OpenAPIContractTests {
    /// Imports `sample` into a temporary folder as the explorer and `lazer import` do.
    static func imported(_ sample: String) throws -> (folder: String, path: String, collection: RequestCollection) {
        let result = try Importer.importSource(try InteropSamples.load(sample))
        let folder = NSTemporaryDirectory() + "lazer-contract-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/imported.json"
        var collection = result.collection
        try OpenAPIContractCopy.attach(try #require(result.contractDocument), to: &collection, collectionPath: path)
        return (folder, path, collection)
    }

    static func request(_ collection: RequestCollection, operationId: String) throws -> SavedRequest {
        try #require(
            collection.allRequests.map(\.request).first { $0.contract?.operation == .operationId(operationId) })
    }

    static func facts(_ status: Int, _ body: String, contentType: String = "application/json") -> ResponseFacts {
        let bytes = Array(body.utf8)
        return ResponseFacts(
            status: status, headers: HTTPHeaders([("Content-Type", contentType)]), body: bytes,
            document: try? JSONDocument(bytes: bytes), duration: .zero)
    }

    @Test func theImportKeepsTheDocumentAsJSONBesideTheCollectionAndEachOperation() throws {
        let (folder, _, collection) = try Self.imported("oas30_oai_petstore.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(collection.contract == CollectionContract(document: "contracts/imported.openapi.json"))
        let operations = collection.allRequests.compactMap { $0.request.contract?.operationName }.sorted()
        #expect(operations == ["createPets", "listPets", "showPetById"])
        let copy = try JSONDocument(
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/contracts/imported.openapi.json"))))
        #expect(copy.child(copy.root, key: "openapi").flatMap(copy.string) == "3.0.0")
        // The collection file names it and loads again as it was.
        let again = CollectionLoader.load(Array(collection.fileText().utf8), file: "imported.json")
        #expect(again.diagnostics.isEmpty)
        #expect(again.collection?.contract == collection.contract)
    }

    @Test func petstoreResponsesFromTheLoopbackServerConformOrDrift() async throws {
        let (folder, path, collection) = try Self.imported("oas30_oai_petstore.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try LoopbackServer.shared()
        let contracts = ResponseContracts()
        func send(_ target: String, _ operationId: String) async throws -> ContractResult {
            var request = HTTPRequest(method: .get, url: server.url(target))
            request.options.totalTimeout = .seconds(30)
            let response = try await EchoExchange.dispatcher.dataFuture(from: request).value
            let bytes = try response.body.bytes()
            let facts = ResponseFacts(
                status: response.statusCode.rawValue, headers: response.headers, body: bytes,
                document: try? JSONDocument(bytes: bytes), duration: .zero)
            let saved = try Self.request(collection, operationId: operationId)
            return try #require(
                contracts.check(saved, collection: collection, collectionPath: path, facts: facts).first)
        }
        let list = try await send("/v1/pets", "listPets")
        #expect(list.passed, "\(list.findings)")
        #expect(list.checked == "200 application/json")
        #expect(try await send("/v1/pets/1", "showPetById").passed)
        let drift = try await send("/v1/pets/2", "showPetById")
        #expect(drift.findings.map(\.instancePath) == ["$.id", "$.tag", "$"])
        #expect(drift.findings[0].message == #"expected an integer, found the string "2""#)
        #expect(drift.findings[2].message == #"missing the required property "name""#)
        // A 404 falls to `default`, documented as JSON: text/html is a finding.
        let gone = try await send("/v1/pets/3", "showPetById")
        #expect(gone.findings.map(\.keyword) == ["content-type"])
        #expect(
            gone.findings.first?.message == "expected a documented content type (application/json), found text/html")
        // The two bodies' schemas and listPets' `x-next` header schema (a string: the server's passes).
        #expect(contracts.compilations == 3)
    }

    @Test func aSwagger20DocumentIsCheckedAsItsOpenAPI3Conversion() throws {
        let (folder, path, collection) = try Self.imported("swagger20_oai_petstore-expanded.yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let contracts = ResponseContracts()
        let findPets = try Self.request(collection, operationId: "findPets")
        let good = contracts.check(
            findPets, collection: collection, collectionPath: path,
            facts: Self.facts(200, #"[{"id": 1, "name": "Rex", "tag": "dog"}]"#))
        #expect(good.first?.passed == true, "\(good)")
        let drift = contracts.check(
            findPets, collection: collection, collectionPath: path, facts: Self.facts(200, #"[{"name": "Rex"}]"#))
        #expect(drift.first?.findings.map(\.instancePath) == ["$[0]"])
        #expect(drift.first?.findings.first?.message == #"missing the required property "id""#)
    }

    @Test func anOpenAPI31DocumentFollowsItsResponseReferences() throws {
        let (folder, path, collection) = try Self.imported("oas31_realworld_conduit.yml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let contracts = ResponseContracts()
        let current = try Self.request(collection, operationId: "GetCurrentUser")
        let user = #"{"user": {"email": "a@b.c", "token": "t", "username": "ada", "bio": "", "image": ""}}"#
        #expect(
            contracts.check(current, collection: collection, collectionPath: path, facts: Self.facts(200, user))
                .first?.passed == true)
        let drift = contracts.check(
            current, collection: collection, collectionPath: path,
            facts: Self.facts(200, #"{"user": {"email": 1, "token": "t", "username": "ada", "bio": "", "image": ""}}"#))
        #expect(drift.first?.findings.map(\.instancePath) == ["$.user.email"])
        // 401 documents no content: an empty answer conforms; 500 is not documented.
        #expect(
            contracts.check(current, collection: collection, collectionPath: path, facts: Self.facts(401, ""))
                .first?.passed == true)
        let undocumented = contracts.check(
            current, collection: collection, collectionPath: path, facts: Self.facts(500, "{}"))
        #expect(undocumented.first?.findings.first?.keyword == "status")
        #expect(contracts.problems(in: collection, path: path).isEmpty)
    }
}
