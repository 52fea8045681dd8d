import JSONDiff
import JSONTree
import Testing

/// What a diff reports: the changes a user reads, by kind and path.
@Suite struct JSONDiffEngineTests {
    static func diff(_ left: String, _ right: String, _ options: JSONDiffOptions = JSONDiffOptions()) throws
        -> JSONDiffResult
    {
        JSONDiff.compare(try JSONDocument(text: left), try JSONDocument(text: right), options: options)
    }

    static func summary(_ result: JSONDiffResult) -> [String] {
        result.changes.map { "\($0.kind.rawValue) \($0.pathText)" }
    }

    @Test func identicalDocumentsHaveNoChanges() throws {
        let result = try Self.diff(#"{"a": [1, 2, {"b": null}]}"#, #"{"a": [1, 2, {"b": null}]}"#)
        #expect(result.isSame)
        #expect(result.changes.isEmpty)
    }

    @Test func keyOrderAndWhitespaceAreIgnored() throws {
        let result = try Self.diff(#"{"a": 1, "b": {"x": true, "y": "z"}}"#, #"{ "b":{"y":"z","x":true},"a":1 }"#)
        #expect(result.isSame)
    }

    @Test func addedRemovedAndChangedValuesWithPaths() throws {
        let result = try Self.diff(
            #"{"name": "Ada", "age": 36, "tags": ["a", "b"], "gone": {"x": 1}}"#,
            #"{"name": "Ada", "age": 37, "tags": ["a", "b", "c"], "new": false}"#)
        #expect(
            Self.summary(result) == [
                "changed $.age", "added $.tags[2]", "removed $.gone", "added $.new",
            ])
        #expect(result.counts == JSONDiffCounts(added: 2, removed: 1, changed: 1))
    }

    /// JSON Schema's equality: numbers by value, so 1, 1.0, 1.00 and 1e0 are the same; no
    /// rounding through Double, so 0.1 and 0.10000000000000001 differ.
    @Test func numbersCompareAsExactDecimals() throws {
        #expect(try Self.diff("[1, 1.0, 100, -0, 12.50]", "[1.00, 1e0, 1E2, 0, 12.5]").isSame)
        let result = try Self.diff(
            "[0.1, 12345678901234567890, 2]", "[0.10000000000000001, 12345678901234567891, 2]")
        #expect(Self.summary(result) == ["changed $[0]", "changed $[1]"])
    }

    @Test func stringsCompareAfterDecodingEscapes() throws {
        #expect(try Self.diff(#"{"k\u0041": "\u00e9\n"}"#, #"{"kA": "é\u000a"}"#).isSame)
        #expect(try !Self.diff(#"["a"]"#, #"["A"]"#).isSame)
    }

    @Test func aTypeChangeIsAChange() throws {
        let result = try Self.diff(#"{"price": 12.5, "ok": true}"#, #"{"price": "12.50", "ok": false}"#)
        #expect(Self.summary(result) == ["changed $.price", "changed $.ok"])
    }

    @Test func arraysByIndexReportEveryShiftedItem() throws {
        let result = try Self.diff(#"[{"id": 1}, {"id": 2}]"#, #"[{"id": 0}, {"id": 1}, {"id": 2}]"#)
        #expect(Self.summary(result) == ["changed $[0].id", "changed $[1].id", "added $[2]"])
    }

    @Test func arraysByKeyPairItemsByTheirKey() throws {
        let options = try JSONDiffOptions(ignoring: [], arrayKeys: ["$.users=id"])
        let result = try Self.diff(
            #"{"users": [{"id": 1, "n": "a"}, {"id": 2, "n": "b"}, {"id": 3, "n": "c"}]}"#,
            #"{"users": [{"id": 0, "n": "z"}, {"id": 3, "n": "C"}, {"id": 1, "n": "a"}]}"#, options)
        #expect(Self.summary(result) == ["removed $.users[1]", "changed $.users[2].n", "added $.users[0]"])
    }

    @Test func keyValuesMatchByValueNotSpelling() throws {
        let options = try JSONDiffOptions(ignoring: [], arrayKeys: ["id"])
        let result = try Self.diff(#"[{"id": 7, "v": 1}, {"id": "7", "v": 2}]"#, #"[{"id": "7", "v": 2}, {"id": 7.0, "v": 1}]"#, options)
        #expect(result.isSame)
    }

    @Test func anArrayWithItemsLackingTheKeyFallsBackToIndexes() throws {
        let options = try JSONDiffOptions(ignoring: [], arrayKeys: ["id"])
        let result = try Self.diff(#"[{"id": 1}, 5]"#, #"[5, {"id": 1}]"#, options)
        #expect(Self.summary(result) == ["changed $[0]", "changed $[1]"])
    }

    @Test func nestedKeyPaths() throws {
        let options = try JSONDiffOptions(ignoring: [], arrayKeys: ["$.items=meta.id"])
        let result = try Self.diff(
            #"{"items": [{"meta": {"id": "a"}, "v": 1}, {"meta": {"id": "b"}, "v": 2}]}"#,
            #"{"items": [{"meta": {"id": "b"}, "v": 3}, {"meta": {"id": "a"}, "v": 1}]}"#, options)
        #expect(Self.summary(result) == ["changed $.items[1].v"])
    }

    @Test func ignoredPathsOnEitherSideAreSkipped() throws {
        let options = try JSONDiffOptions(ignoring: ["$..id", "$.createdAt"])
        let result = try Self.diff(
            #"{"id": 1, "createdAt": "x", "items": [{"id": 5, "v": 1}], "old": {"id": 2}}"#,
            #"{"id": 2, "items": [{"id": 6, "v": 2, "x": 0}], "newer": 1, "createdAt": "y"}"#, options)
        #expect(Self.summary(result) == ["changed $.items[0].v", "added $.items[0].x", "removed $.old", "added $.newer"])
    }

    @Test func anIgnoredAdditionIsNotReported() throws {
        let options = try JSONDiffOptions(ignoring: ["$.trace"])
        #expect(try Self.diff(#"{"a": 1}"#, #"{"a": 1, "trace": "abc"}"#, options).isSame)
    }

    @Test func repeatedKeysPairInOrder() throws {
        let result = try Self.diff(#"{"a": 1, "a": 2, "b": 0}"#, #"{"b": 0, "a": 1, "a": 3}"#)
        #expect(Self.summary(result) == ["changed $.a"])
        #expect(result.changes.first.flatMap { $0.right }.map { result.right.rawText($0) } == "3")
    }

    @Test func manyReorderedMembersPairByName() throws {
        let keys = (0..<40).map { "\"k\($0)\": \($0)" }
        let left = "{" + keys.joined(separator: ",") + "}"
        var shuffled = Array(keys.reversed())
        shuffled[3] = "\"k36\": -1"
        let result = try Self.diff(left, "{" + shuffled.joined(separator: ",") + "}")
        #expect(Self.summary(result) == ["changed $.k36"])
    }

    @Test func shortStringsGetAnInlineCharacterDiff() throws {
        let result = try Self.diff(#"{"s": "kitten"}"#, #"{"s": "sitting"}"#)
        let inline = try #require(result.changes.first?.inline)
        #expect(
            inline == [
                JSONDiffSegment(.removed, "k"), JSONDiffSegment(.added, "s"), JSONDiffSegment(.same, "itt"),
                JSONDiffSegment(.removed, "e"), JSONDiffSegment(.added, "i"), JSONDiffSegment(.same, "n"),
                JSONDiffSegment(.added, "g"),
            ])
    }

    @Test func longStringsHaveNoInlineDiff() throws {
        let long = String(repeating: "x", count: 500)
        let result = try Self.diff("[\"\(long)a\"]", "[\"\(long)b\"]")
        #expect(result.changes.count == 1)
        #expect(result.changes.first?.inline == nil)
    }

    @Test func theChangeLimitKeepsCountingPastIt() throws {
        let left = "[" + (0..<100).map(String.init).joined(separator: ",") + "]"
        let right = "[" + (0..<100).map { String($0 + 1) }.joined(separator: ",") + "]"
        let options = JSONDiffOptions(changeLimit: 10)
        let result = JSONDiff.compare(try JSONDocument(text: left), try JSONDocument(text: right), options: options)
        #expect(result.changes.count == 10)
        #expect(result.counts.changed == 100)
        #expect(result.isTruncated)
    }

    @Test func deepNestingCostsNoStack() throws {
        let depth = 100_000
        let left = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let right = String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth)
        let options = JSONParseOptions(maximumDepth: depth + 1)
        let result = JSONDiff.compare(
            try JSONDocument(text: left, options: options), try JSONDocument(text: right, options: options))
        #expect(result.counts.changed == 1)
    }

    @Test func pathsUseBracketsWhereDotsWouldNotParse() throws {
        let result = try Self.diff(#"{"first name": 1, "a.b": 1, "9x": 1, "ok_1": 1}"#, #"{"first name": 2, "a.b": 2, "9x": 2, "ok_1": 2}"#)
        #expect(
            Self.summary(result) == [
                "changed $['first name']", "changed $['a.b']", "changed $['9x']", "changed $.ok_1",
            ])
        for change in result.changes { _ = try JSONPath(change.pathText) }
    }
}

/// Values whose texts start alike at the same place are still compared to their ends.
@Suite struct JSONDiffPrefixTests {
    @Test func aValueThatIsAPrefixOfTheOtherIsAChange() throws {
        for (left, right) in [
            ("[0.1]", "[0.10000000000000001]"), ("[1, 2]", "[10, 2]"), (#"{"a": 1}"#, #"{"a": 12}"#),
            ("[true]", "[true, 1]"), (#"["ab"]"#, #"["abc"]"#), ("[[1]]", "[[1, 2]]"),
        ] {
            let result = JSONDiff.compare(try JSONDocument(text: left), try JSONDocument(text: right))
            #expect(!result.isSame, "\(left) against \(right)")
        }
    }
}
