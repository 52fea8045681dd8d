import Foundation
import HTTPCore
import Interop
import JSONTree
import Testing
import Workspace

/// A contract document in YAML, named by a path outside the collections folder: read through the
/// OpenAPI import's YAML reader (as `lazer` gives it), checked like a JSON one; without a reader,
/// or when the file is missing, the finding says so plainly.
struct YAMLContractTests {
    static let yaml = """
        openapi: 3.0.3
        info: {title: Pets, version: "1"}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                "200":
                  description: pets
                  headers:
                    X-Rate-Limit:
                      schema: {type: integer}
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {$ref: "#/components/schemas/Pet"}
        components:
          schemas:
            Pet:
              type: object
              required: [id]
              properties:
                id: {type: integer}
        """

    /// `work/api/pets.yaml` and a collection `work/Collections/pets.json` naming `../api/pets.yaml`.
    static func setup() throws -> (work: String, collectionPath: String, collection: RequestCollection) {
        let work = NSTemporaryDirectory() + "lazer-yaml-contract-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: work + "/api", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work + "/Collections", withIntermediateDirectories: true)
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: work + "/api/pets.yaml"))
        let collection = RequestCollection(
            name: "Pets", requests: [request], contract: CollectionContract(document: "../api/pets.yaml"))
        return (work, work + "/Collections/pets.json", collection)
    }

    static let request = SavedRequest(
        name: "List", url: "/pets", contract: RequestContract(operation: .operationId("listPets")))

    static func facts(_ body: String, headers: [(String, String)] = []) -> ResponseFacts {
        let bytes = Array(body.utf8)
        return ResponseFacts(
            status: 200, headers: HTTPHeaders(headers + [("Content-Type", "application/json")]), body: bytes,
            document: try? JSONDocument(bytes: bytes), duration: .zero)
    }

    @Test func aYAMLDocumentByARelativePathIsAContractLikeAJSONOne() throws {
        let (work, path, collection) = try Self.setup()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let contracts = ResponseContracts(sources: .openAPI)
        let conforming = contracts.check(
            Self.request, collection: collection, collectionPath: path,
            facts: Self.facts(#"[{"id": 1}]"#, headers: [("X-Rate-Limit", "10")]))
        #expect(conforming.map(\.passed) == [true], "\(conforming)")
        let drifting = contracts.check(
            Self.request, collection: collection, collectionPath: path,
            facts: Self.facts(#"[{"id": "1"}]"#, headers: [("X-Rate-Limit", "ten")]))
        #expect(
            drifting.first?.findings.map { "\($0.instancePath ?? "") \($0.message)" } == [
                #"header X-Rate-Limit expected an integer, found the string "ten""#,
                #"$[0].id expected an integer, found the string "1""#,
            ])
        #expect(contracts.problems(in: collection, path: path).isEmpty)
    }

    @Test func withoutAYAMLReaderOrWithoutTheFileTheFindingSaysWhy() throws {
        let (work, path, collection) = try Self.setup()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let plain = ResponseContracts().check(
            Self.request, collection: collection, collectionPath: path, facts: Self.facts("[]"))
        #expect(
            plain.first?.findings.first?.message
                == "../api/pets.yaml is YAML, which this program reads only as JSON (lazer reads YAML contracts)")
        try FileManager.default.removeItem(atPath: work + "/api/pets.yaml")
        let contracts = ResponseContracts(sources: .openAPI)
        let missing = contracts.check(
            Self.request, collection: collection, collectionPath: path, facts: Self.facts("[]"))
        #expect(missing.first?.findings.first?.message == "../api/pets.yaml not found (\(work)/api/pets.yaml)")
        #expect(
            contracts.problems(in: collection, path: path) == [
                "contract: ../api/pets.yaml not found (\(work)/api/pets.yaml)"
            ])
    }

    @Test func brokenYAMLIsAFindingWithItsPlace() throws {
        let (work, path, collection) = try Self.setup()
        defer { try? FileManager.default.removeItem(atPath: work) }
        try Data("openapi: [3.0\n  bad: {".utf8).write(to: URL(fileURLWithPath: work + "/api/pets.yaml"))
        let results = ResponseContracts(sources: .openAPI).check(
            Self.request, collection: collection, collectionPath: path, facts: Self.facts("[]"))
        let message = try #require(results.first?.findings.first?.message)
        #expect(message.contains("not valid YAML"), "\(message)")
    }
}
