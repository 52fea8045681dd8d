import Testing
import Workspace

/// A collection's field names and fixed words (`"op": "equals"`) are compared where the file
/// writes them, and decoded only when written with escapes: both ways must read the same model.
@Suite struct CollectionNamesInPlaceTests {
    private func load(_ text: String) -> CollectionLoader.Result {
        CollectionLoader.load(Array(text.utf8), file: "Collections/x.json")
    }

    private func withChecks(_ checks: String) -> String {
        Fixtures.minimal(
            replacing: "\"url\": \"/posts/:id\",", with: "\"url\": \"/posts/:id\", \"expectations\": [\(checks)],")
    }

    private func checks(_ result: CollectionLoader.Result) -> [Workspace.Expectation] {
        result.collection?.requests.first?.expectations ?? []
    }

    @Test func namesAndWordsWrittenWithEscapesReadAsWithout() throws {
        let plain = load(withChecks(#"{"subject": "jsonPath", "path": "$.id", "op": "equals", "value": 1}"#))
        let escaped = load(
            withChecks(#"{"subj\u0065ct": "json\u0050ath", "p\u0061th": "$.id", "op": "equ\u0061ls", "value": 1}"#))
        #expect(plain.diagnostics.isEmpty)
        #expect(escaped.diagnostics.isEmpty, "\(escaped.diagnostics)")
        #expect(checks(plain) == [Workspace.Expectation(subject: .jsonPath("$.id"), op: .equals, value: .number("1"))])
        #expect(checks(escaped) == checks(plain))
    }

    @Test func aNameRepeatedWithEscapesIsStillARepeat() {
        let name = "\"name\": \"Get post\","
        let result = load(Fixtures.minimal(replacing: name, with: name + #" "n\u0061me": "Again","#))
        #expect(result.diagnostics.map(\.message) == ["duplicate field \"name\""])
        #expect(result.diagnostics.map(\.path) == ["requests[0].name"])
        #expect(result.collection == nil)
    }

    @Test func aWordOfTheSameLengthAsAnotherIsNotTakenForIt() {
        // "exists" and "equals" have six letters each; "equal" is one short of "equals".
        let result = load(withChecks(#"{"subject": "status", "op": "equal", "value": 200}"#))
        #expect(result.collection == nil)
        #expect(
            result.diagnostics.map(\.message) == [
                "expected one of equals, notEquals, contains, notContains, matches, exists, notExists, lessThan, "
                    + "lessThanOrEqual, greaterThan, greaterThanOrEqual, oneOf; found \"equal\" (did you mean \"equals\"?)"
            ])
        let exists = load(withChecks(#"{"subject": "status", "op": "exists"}"#))
        #expect(checks(exists).map(\.op) == [.exists])
    }

    @Test func anUnknownFieldWrittenWithEscapesIsNamedDecoded() {
        let result = load(withChecks(#"{"subject": "status", "op": "equals", "value": 200, "n\u00f6te": 1}"#))
        #expect(result.diagnostics.map(\.message) == ["unknown field \"nöte\" (kept as is when saving)"])
        #expect(result.diagnostics.map(\.path) == ["requests[0].expectations[0].nöte"])
        #expect(checks(result).first?.unknownFields == [StoredJSON.Member("nöte", .number("1"))])
    }

    @Test func aBadJSONPathIsReportedWhereverItIsRepeatedAndAGoodOneLoadsEachTime() {
        let bad = #"{"subject": "jsonPath", "path": "$.items[", "op": "exists"}"#
        let good = #"{"subject": "jsonPath", "path": "$.id", "op": "exists"}"#
        let result = load(withChecks([good, bad, good, bad].joined(separator: ", ")))
        #expect(
            result.diagnostics.map(\.path) == ["requests[0].expectations[1].path", "requests[0].expectations[3].path"])
        let again = load(withChecks([good, good].joined(separator: ", ")))
        #expect(checks(again).map(\.subject) == [.jsonPath("$.id"), .jsonPath("$.id")])
    }
}
