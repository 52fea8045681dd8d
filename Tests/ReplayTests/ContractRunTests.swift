import Foundation
import Replay
import Testing
import Workspace

/// `lazer run`'s engine with contracts: a response that drifts from its OpenAPI operation fails
/// the request with a failed check per finding (its JSONPath as the check's path), in every
/// reporter, and the run's exit status is 1; one that conforms passes with one check.
@Suite struct ContractRunTests {
    static let document = """
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {"/pets/{petId}": {"get": {"operationId": "getPet", "responses": {
           "200": {"description": "a pet", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},
         "components": {"schemas": {"Pet": {"type": "object", "required": ["id", "name"],
           "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "price": {"type": "number"}}}}}}
        """

    static let collection = """
        {
          "formatVersion": 1, "id": "contract-run", "name": "Pets", "defaultEnvironment": "mock",
          "contract": {"document": "contracts/pets.openapi.json"},
          "requests": [
            {"id": "good", "name": "Good pet", "method": "GET", "url": "/pets/1", "contract": {"operationId": "getPet"}},
            {"id": "drift", "name": "Drifting pet", "method": "GET", "url": "/pets/2", "contract": {"operationId": "getPet"},
             "expectations": [{"subject": "status", "op": "equals", "value": 200}]},
            {"id": "teapot", "name": "Teapot", "method": "GET", "url": "/pets/3", "contract": {"operationId": "getPet"}},
            {"id": "schema", "name": "Own schema", "method": "GET", "url": "/pets/1",
             "expectations": [{"subject": "schema", "schema": {"type": "object", "properties": {"id": {"type": "string"}}}}]}
          ],
          "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://pets.mock", "routes": [
            {"method": "GET", "path": "/pets/1", "response": {"json": {"id": 1, "name": "Rex"}}},
            {"method": "GET", "path": "/pets/2", "response": {"json": {"id": "2", "price": "12.50"}}},
            {"method": "GET", "path": "/pets/3", "response": {"status": 418, "json": {"id": 3}}}
          ]}]
        }
        """

    func run() async throws -> RunReport {
        let fixture = try ReplayFixture()
        try FileManager.default.createDirectory(atPath: fixture.file("contracts"), withIntermediateDirectories: true)
        _ = try fixture.write(Self.document, to: "contracts/pets.openapi.json")
        let file = try fixture.write(Self.collection, to: "pets.json")
        return try await fixture.run([file])
    }

    @Test func driftingResponsesFailWithTheirPathsAndConformingOnesPass() async throws {
        let report = try await run()
        #expect(report.results.map(\.status) == [.passed, .failed, .failed, .failed])
        #expect(report.exitStatus == RunExitStatus.expectationFailed)
        let good = report.results[0].checks
        #expect(good.map(\.label) == ["contract getPet"])
        #expect(good.first?.passed == true)
        #expect(good.first?.actual == "200 application/json")
        let drift = report.results[1].checks
        #expect(drift.map(\.passed) == [true, false, false, false])
        #expect(drift.dropFirst().map(\.subject) == ["contract", "contract", "contract"])
        #expect(drift.dropFirst().map(\.path) == ["$.id", "$.price", "$"])
        let price = drift[2]
        #expect(price.label == "contract getPet $.price")
        #expect(price.op == "type")
        #expect(price.expected == "a number")
        #expect(price.actual == #"the string "12.50""#)
        #expect(report.results[2].checks.map(\.label) == ["contract getPet status"])
        #expect(report.results[2].checks.first?.expected == "a documented status (200)")
        #expect(report.results[3].checks.map(\.label) == ["schema $.id"])
    }

    @Test func everyReporterShowsTheFindingsWithTheirPaths() async throws {
        let report = try await run()
        for kind in [ReporterKind.human, .junit, .json, .tap] {
            let text = ReporterTests.render(kind, report)
            #expect(text.contains("contract getPet $.price"), "\(kind)")
            #expect(text.contains("12.50"), "\(kind)")
            #expect(text.contains("missing the required property"), "\(kind)")
        }
        let human = ReporterTests.render(.human, report)
        #expect(human.contains(#"✗ contract getPet $.price: expected a number, actual the string "12.50""#))
        #expect(human.contains(#"✗ contract getPet $: missing the required property "name""#))
        #expect(ReporterTests.render(.tap, report).contains(#"path: "$.price""#))
    }
}
