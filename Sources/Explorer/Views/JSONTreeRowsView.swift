import JSONTree
import TUI

/// The one bridge between JSONTree's tree-view model and the screen: draws the visible rows of a
/// `JSONTreeView` (keys, values in their type colours, child counts on folded containers, the
/// selection and search matches, contract findings at the end of their rows). Costs what the
/// rows on screen cost, whatever the body's size. The containers of a body still arriving that
/// are still open (`arriving`) count their children "so far" and end in "… still arriving".
enum JSONTreeRowsView {
    static func render(
        _ tree: JSONTreeView, offset: Int, selected: Int?, currentMatch: JSONNode?, findings: [TreeFinding] = [],
        arriving: [JSONNode] = [], theme: Theme, in area: Rect, buffer: inout Buffer
    ) {
        let document = tree.document
        let marks = Dictionary(findings.map { ($0.node, $0.message) }, uniquingKeysWith: { first, _ in first })
        for (line, row) in tree.rows(from: offset, count: area.height).enumerated() {
            let y = area.y + line
            var x = area.x + min(row.depth * 2, max(0, area.width - 8))
            let isArriving = arriving.contains(row.node)
            if row.isClosing {
                if isArriving {
                    buffer.write("… still arriving", x: x + 2, y: y, style: theme[.muted], maxX: area.right)
                } else {
                    buffer.write(
                        document.kind(row.node) == .object ? "}" : "]", x: x + 2, y: y,
                        style: theme[.jsonPunctuation], maxX: area.right)
                }
            } else {
                let kind = document.kind(row.node)
                let isContainer = kind.isContainer && document.childCount(row.node) > 0
                x = buffer.write(
                    isContainer ? (row.isExpanded ? "▾ " : "▸ ") : "  ", x: x, y: y, style: theme[.muted],
                    maxX: area.right)
                if let position = row.position {
                    if row.parentKind == .object, let key = document.key(row.node) {
                        x = buffer.write(key, x: x, y: y, style: theme[.jsonKey], maxX: area.right)
                        x = buffer.write(": ", x: x, y: y, style: theme[.jsonPunctuation], maxX: area.right)
                    } else {
                        x = buffer.write("\(position): ", x: x, y: y, style: theme[.muted], maxX: area.right)
                    }
                }
                let mark =
                    marks[row.node].map { "  ✗ " + $0 }
                    ?? (row.isExpanded ? nil : hidden(findings, in: row.node, document))
                if isContainer && row.isExpanded {
                    let count = document.childCount(row.node)
                    x = buffer.write(
                        kind == .object ? "{" : "[", x: x, y: y, style: theme[.jsonPunctuation], maxX: area.right)
                    let noun = kind == .object ? (count == 1 ? "key" : "keys") : (count == 1 ? "item" : "items")
                    x = buffer.write(
                        " \(CountText.format(count)) \(noun)\(isArriving ? " so far" : "")", x: x, y: y,
                        style: theme[.muted], maxX: area.right)
                } else {
                    // A marked row keeps room for what is wrong: the value is cut shorter.
                    let room = max(8, area.right - x - (mark.map { min($0.count, (area.right - x) / 2) } ?? 0))
                    // Fitted: the preview is cut by characters, and wide ones (CJK) take two columns
                    // each, so it can still be wider than the room; then it ends in … too.
                    x = buffer.writeFitted(
                        document.preview(row.node, maxLength: room), x: x, y: y, style: style(of: kind, theme),
                        maxX: x + room)
                    if isArriving { x = buffer.write(" so far", x: x, y: y, style: theme[.muted], maxX: area.right) }
                }
                if let mark { buffer.write(mark, x: x, y: y, style: theme[.error], maxX: area.right) }
            }
            if let currentMatch, currentMatch == row.node, !row.isClosing {
                buffer.setStyle(theme[.match], in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
            if offset + line == selected {
                buffer.setStyle(theme[.selection], in: Rect(x: area.x, y: y, width: area.width, height: 1))
            }
        }
    }

    /// A folded container hiding findings says how many (`f` unfolds to them).
    private static func hidden(_ findings: [TreeFinding], in node: JSONNode, _ document: JSONDocument) -> String? {
        guard !findings.isEmpty, document.kind(node).isContainer else { return nil }
        let end = node.index + document.subtreeEntryCount(node)
        let count = findings.count { $0.node.index > node.index && $0.node.index < end }
        guard count > 0 else { return nil }
        return "  ✗ \(count) finding\(count == 1 ? "" : "s") inside (f)"
    }

    static func style(of kind: JSONKind, _ theme: Theme) -> Style {
        switch kind {
        case .string: theme[.jsonString]
        case .number: theme[.jsonNumber]
        case .true, .false: theme[.jsonBoolean]
        case .null: theme[.jsonNull]
        case .object, .array: theme[.muted]
        }
    }
}
