import Explorer
import Foundation
import TUI
import Testing

/// `docs/keymap.md` lists every binding of `ExplorerKeymap` under its context, exactly: a binding
/// added, changed or removed in one and not the other fails here.
@Suite struct KeymapDocumentationTests {
    /// One row of the documentation's tables, or one binding of the keymap, in the same terms.
    struct Row: Hashable, CustomStringConvertible {
        var context: String
        var action: String
        var keys: [String]
        var help: String

        var description: String {
            "context \(context): | `\(action)` | \(keys.map { "`\($0)`" }.joined(separator: ", ")) | \(help) |"
        }
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static func documentedRows() throws -> [Row] {
        let text = try String(contentsOfFile: repositoryRoot + "/docs/keymap.md", encoding: .utf8)
        return KeymapDocument.rows(in: text)
    }

    static var declaredRows: [Row] {
        ExplorerKeymap.keymap.bindings.map { binding in
            Row(
                context: binding.context, action: binding.action, keys: binding.keys.map(\.description),
                help: binding.help)
        }
    }

    @Test func everyExplorerBindingIsDocumentedUnderItsContext() throws {
        let documented = Set(try Self.documentedRows())
        for row in Self.declaredRows where !documented.contains(row) {
            Issue.record("docs/keymap.md, \"The explorer's keys\", lacks this row (or has it differently): \(row)")
        }
    }

    @Test func everyDocumentedRowIsABinding() throws {
        let declared = Set(Self.declaredRows)
        let documented = try Self.documentedRows()
        #expect(documented.count == Self.declaredRows.count, "one row per binding")
        for row in documented where !declared.contains(row) {
            Issue.record("docs/keymap.md documents a binding ExplorerKeymap does not have: \(row)")
        }
    }

    @Test func theParserReadsContextsKeysAndEscapedPipes() {
        let text = """
            ## The explorer's keys

            ### `tree`: the Tree tab

            | action | keys | does |
            |---|---|---|
            | `tree.filter` | `\\|` | JSONPath filter (empty: off) |
            | `tree.expandAll` | `z R`, `E` | Unfold everything |

            ### Esc

            | `not.a.binding` | `esc` | outside any context |

            ## The toolkit's standard keys

            | `nav.up` | `up` | move |
            """
        #expect(
            KeymapDocument.rows(in: text) == [
                Row(context: "tree", action: "tree.filter", keys: ["|"], help: "JSONPath filter (empty: off)"),
                Row(context: "tree", action: "tree.expandAll", keys: ["z R", "E"], help: "Unfold everything"),
            ])
    }
}

/// Reads the binding tables of the section "The explorer's keys" in `docs/keymap.md`: a `###`
/// heading starting with a context in backticks, then rows `| `action` | `key`, `key` | help |`
/// (a `|` in a cell written `\|`). Rows under a heading without a context are not bindings.
enum KeymapDocument {
    static func rows(in markdown: String) -> [KeymapDocumentationTests.Row] {
        var rows: [KeymapDocumentationTests.Row] = []
        var inSection = false
        var context: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") {
                inSection = line == "## The explorer's keys"
                context = nil
                continue
            }
            guard inSection else { continue }
            if line.hasPrefix("### ") {
                context = line.hasPrefix("### `") ? backticked(line).first : nil
                continue
            }
            guard let context, line.hasPrefix("| `") else { continue }
            let cells = cells(of: line)
            guard cells.count == 3, let action = backticked(cells[0]).first else { continue }
            rows.append(.init(context: context, action: action, keys: backticked(cells[1]), help: cells[2]))
        }
        return rows
    }

    /// The cells of a table row, trimmed, with `\|` read as `|`.
    private static func cells(of line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in line.dropFirst() {
            if escaped {
                current.append(character == "|" ? "|" : "\\\(character)")
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        return cells
    }

    /// The texts between pairs of backticks.
    private static func backticked(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }
}
