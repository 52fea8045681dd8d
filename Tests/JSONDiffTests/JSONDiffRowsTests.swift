import JSONDiff
import JSONTree
import Testing

/// The side-by-side rows a Diff view draws: containers with changes open, unchanged values folded,
/// each change on its row with its side(s).
@Suite struct JSONDiffRowsTests {
    static func rows(_ left: String, _ right: String, _ options: JSONDiffOptions = JSONDiffOptions(recordsPairs: true))
        throws -> [String]
    {
        let result = JSONDiff.compare(try JSONDocument(text: left), try JSONDocument(text: right), options: options)
        return JSONDiffRows.build(result).map { row in
            let mark =
                switch row.mark {
                case .same: " "
                case .folded: "="
                case .changed: "~"
                case .removed: "-"
                case .added: "+"
                }
            let indent = String(repeating: "  ", count: row.depth)
            return mark + " " + indent + (row.left ?? "·") + " | " + indent + (row.right ?? "·")
        }
    }

    @Test func changesOpenTheirContainersAndTheRestIsFolded() throws {
        let rows = try Self.rows(
            #"{"id": 1, "user": {"name": "Ada", "tags": ["a"]}, "meta": {"x": 1, "y": 2}, "gone": null}"#,
            #"{"id": 1, "user": {"name": "Ada L.", "tags": ["a"]}, "meta": {"y": 2, "x": 1}, "new": [1, 2]}"#)
        #expect(
            rows == [
                "  { | {",
                "=   id: 1 |   id: 1",
                "    user: { |   user: {",
                "~     name: \"Ada\" |     name: \"Ada L.\"",
                "=     tags: […] 1 item |     tags: […] 1 item",
                "    } |   }",
                "=   meta: {…} 2 keys |   meta: {…} 2 keys",
                "-   gone: null |   ·",
                "+   · |   new: […] 2 items",
                "  } | }",
            ])
    }

    @Test func keyedArraysShowEachItemBesideItsPartner() throws {
        let options = JSONDiffOptions(arrayKeys: [JSONDiffArrayKey(arrays: nil, key: ["id"])], recordsPairs: true)
        let rows = try Self.rows(
            #"[{"id": 1, "v": "a"}, {"id": 2, "v": "b"}]"#, #"[{"id": 2, "v": "B"}, {"id": 1, "v": "a"}]"#, options)
        #expect(
            rows == [
                "  [ | [",
                "=   0: {…} 2 keys |   0: {…} 2 keys",
                "    1: { |   0: {",
                "=     id: 2 |     id: 2",
                "~     v: \"b\" |     v: \"B\"",
                "    } |   }",
                "  ] | ]",
            ])
    }

    @Test func identicalDocumentsAreOneFoldedRow() throws {
        #expect(try Self.rows(#"{"a": [1, 2]}"#, #"{"a":[1,2]}"#) == ["= {…} 1 key | {…} 1 key"])
    }
}
