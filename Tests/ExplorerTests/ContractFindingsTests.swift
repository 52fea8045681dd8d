import Explorer
import ExplorerTesting
import Foundation
import JSONTree
import TUI
import Testing
import Workspace

/// Contract findings in the explorer: a send whose answer drifts from its OpenAPI operation lists
/// the findings in the Checks tab, marks the offending rows of the tree (each saying what is wrong),
/// and `f`/`F` move between them; the whole program on a mock environment, and a screen snapshot.
@MainActor
struct ContractFindingsTests {
    static let document = """
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {"/pets": {"get": {"operationId": "listPets", "responses": {
           "200": {"description": "pets", "content": {"application/json": {"schema": {
             "type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}}}},
         "components": {"schemas": {"Pet": {"type": "object", "required": ["id", "name"],
           "properties": {"id": {"type": "integer"}, "name": {"type": "string"}, "price": {"type": "number"}}}}}}
        """

    static let collection = """
        {
          "formatVersion": 1, "id": "contract-pets", "name": "Pets", "defaultEnvironment": "mock",
          "contract": {"document": "contracts/pets.openapi.json"},
          "requests": [
            {"id": "list", "name": "List pets", "method": "GET", "url": "/pets", "contract": {"operationId": "listPets"}}
          ],
          "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://pets.mock", "routes": [
            {"method": "GET", "path": "/pets", "response": {"json": [
              {"id": 1, "name": "Rex", "price": 12.5},
              {"id": 2, "name": "Tom", "price": "12.50"},
              {"id": "3", "name": "Kit"},
              {"id": 4}
            ]}}
          ]}]
        }
        """

    func harness(size: Size = ExplorerHarness.standardSize) throws -> ExplorerHarness {
        let harness = try ExplorerHarness(
            collections: [
                .text("pets.json", Self.collection), .text("contracts/pets.openapi.json", Self.document),
            ],
            size: size, startup: StartupRequest(request: "list"))
        harness.press("F5")
        return harness
    }

    private func selectedPath(_ harness: ExplorerHarness) throws -> String {
        let tree = try #require(harness.state.response.tree)
        let row = try #require(tree.rows(from: harness.state.response.selectedRow, count: 1).first)
        return tree.document.jsonPath(row.node)
    }

    @Test func aDriftingAnswerListsItsFindingsInTheChecksTab() throws {
        let harness = try harness()
        #expect(harness.shows(" 200 OK "))
        let checks = try #require(harness.state.exchange?.result?.response?.checks)
        #expect(
            checks.map(\.label) == [
                "contract listPets $[1].price", "contract listPets $[2].id", "contract listPets $[3]",
            ])
        #expect(checks.map(\.path) == ["$[1].price", "$[2].id", "$[3]"])
        #expect(checks.allSatisfy { !$0.passed })
        harness.press("g", "3")
        harness.press("]", "]", "]", "]")
        #expect(harness.state.response.tab == .checks)
        #expect(harness.shows(#"✗ contract listPets $[1].price  expected a number  actual the string "12.50""#))
        #expect(harness.shows(#"✗ contract listPets $[3]  missing the required property "name""#))
    }

    @Test func markedRowsSayWhatIsWrongAndFMovesBetweenThem() throws {
        let harness = try harness()
        harness.press("g", "3")
        #expect(harness.state.response.findings.count == 3)
        // Folded items hiding findings say so.
        #expect(harness.shows("▸ 1: {…} 3 keys  ✗ 1 finding inside (f)"))
        #expect(harness.shows(#"▸ 3: {…} 1 key  ✗ missing the required property "name""#))
        #expect(!harness.shows("▸ 0: {…} 3 keys  ✗"))
        harness.press("f")
        #expect(try selectedPath(harness) == "$[1]['price']")
        #expect(harness.shows(#"price: "12.50"  ✗ expected a number, found the string "12.50""#))
        #expect(harness.state.toast?.message.hasPrefix("Finding 1 of 3: expected a number") == true)
        harness.press("f")
        #expect(try selectedPath(harness) == "$[2]['id']")
        #expect(harness.shows(#"id: "3"  ✗ expected an integer, found the string "3""#))
        harness.press("f")
        #expect(try selectedPath(harness) == "$[3]")
        #expect(harness.shows(#"✗ missing the required property "name""#))
        // Round the end, and back.
        harness.press("f")
        #expect(try selectedPath(harness) == "$[1]['price']")
        harness.press("F")
        #expect(try selectedPath(harness) == "$[3]")
        harness.assertScreen(named: "contract-findings-tree")
    }

    @Test func findingsStayOnTheirRowsUnderAJSONPathFilter() throws {
        let harness = try harness()
        harness.press("g", "3", "|")
        harness.type("$[1:]")
        harness.press("enter")
        #expect(harness.state.response.filter.applied == "$[1:]")
        // The three items with findings, now at 0, 1 and 2 of the filtered array.
        let tree = try #require(harness.state.response.tree)
        #expect(
            harness.state.response.findings.map { tree.document.jsonPath($0.node) } == [
                "$[0]['price']", "$[1]['id']", "$[2]",
            ])
        #expect(harness.shows(#"price: "12.50"  ✗ expected a number, found the string "12.50""#))
        harness.press("f")
        #expect(harness.state.toast?.message.hasPrefix("Finding 1 of 3: expected a number") == true)
        // A filter that selects the offending values themselves marks them.
        harness.press("|")
        harness.press("ctrl+a")
        harness.type("$[*].price")
        harness.press("enter")
        #expect(harness.shows(#""12.50"  ✗ expected a number, found the string "12.50""#))
        // One that selects none of them says so.
        harness.press("|")
        harness.press("ctrl+a")
        harness.type("$[0]")
        harness.press("enter")
        #expect(harness.state.response.findings.isEmpty)
        harness.press("f")
        #expect(
            harness.state.toast?.message.hasPrefix("No contract findings in the values the filter selected") == true)
    }

    @Test func aConformingAnswerHasOnePassedCheckAndNoMarkers() throws {
        let conforming = Self.collection.replacingOccurrences(
            of: #"{"id": 2, "name": "Tom", "price": "12.50"},"#, with: ""
        )
        .replacingOccurrences(of: #"{"id": "3", "name": "Kit"},"#, with: "")
        .replacingOccurrences(of: #"{"id": 4}"#, with: #"{"id": 4, "name": "Ann"}"#)
        let harness = try ExplorerHarness(
            collections: [.text("pets.json", conforming), .text("contracts/pets.openapi.json", Self.document)],
            startup: StartupRequest(request: "list"))
        harness.press("F5")
        let checks = try #require(harness.state.exchange?.result?.response?.checks)
        #expect(
            checks == [
                CheckResult(
                    label: "contract listPets", passed: true, expected: "conforms", actual: "200 application/json")
            ])
        #expect(harness.state.response.findings.isEmpty)
        harness.press("g", "3", "f")
        #expect(harness.state.toast?.message == "No contract findings in this response")
    }
}

/// Tree markers made from a result's checks: only failed ones with a place in the body, in
/// document order, several on one value joined.
struct TreeFindingTests {
    @Test func findingsAreMadeFromFailedChecksWithAPathInDocumentOrder() throws {
        let document = try JSONDocument(text: #"{"a": [1, {"b": "x"}], "c": true}"#)
        let checks = [
            CheckResult(label: "contract op $.c", passed: false, expected: "", actual: "not allowed", path: "$.c"),
            CheckResult(label: "status", passed: false, expected: "200", actual: "500"),
            CheckResult(
                label: "contract op $.a[1].b", passed: false, expected: "a number", actual: "the string \"x\"",
                path: "$.a[1].b"),
            CheckResult(
                label: "contract op $.a[1].b", passed: false, expected: "", actual: "too short", path: "$.a[1].b"),
            CheckResult(label: "contract op", passed: true, expected: "conforms", actual: "200", path: nil),
        ]
        let findings = TreeFinding.make(checks, in: document)
        #expect(findings.map { document.jsonPath($0.node) } == ["$['a'][1]['b']", "$['c']"])
        #expect(findings[0].message == "expected a number, found the string \"x\"; too short")
        #expect(findings[1].message == "not allowed")
    }
}

/// A `schema` expectation in the request's Checks tab: written and read back as one line.
struct SchemaCheckSyntaxTests {
    @Test func aSchemaCheckIsOneLineOfJSONAfterTheWordSchema() throws {
        let schema = try StoredJSON(parsing: #"{"type": "object", "required": ["id"]}"#)
        let expectation = Expectation(subject: .schema(schema), op: .matches)
        let line = CheckSyntax.format(expectation)
        #expect(line == #"schema {"type":"object","required":["id"]}"#)
        #expect(try CheckSyntax.parseExpectation(line).get().subject == .schema(schema))
        #expect(try CheckSyntax.parseExpectation("schema true").get().subject == .schema(.bool(true)))
        guard case .failure(let error) = CheckSyntax.parseExpectation("schema [1]") else {
            Issue.record("an array is not a schema")
            return
        }
        #expect(error.message.hasPrefix("Write a JSON Schema after schema"))
    }
}
