package import JSONTree
import TerminalText

/// Prints a diff for people, like `diff -u` reads: a `@@ path` line per change, the old value on
/// a `-` line, the new one on a `+` line; colours on request; every value and name terminal-safe.
package enum JSONDiffPrinter {
    /// Values longer than this many characters are cut with `…`.
    package static let valueLimit = 200

    package static func text(
        _ result: JSONDiffResult,
        leftName: String,
        rightName: String,
        colored: Bool
    ) -> String {
        guard !result.isSame else { return "" }
        let paint = Paint(colored: colored)
        var lines: [String] = []
        lines.append(paint.bold("--- " + TerminalText.line(leftName)))
        lines.append(paint.bold("+++ " + TerminalText.line(rightName)))
        var pages = JSONDiffPages(result.left, result.right)
        for change in result.changes {
            pages.reached(change.left, change.right)
            lines.append(paint.cyan("@@ " + TerminalText.line(change.pathText)))
            if let inline = change.inline {
                if colored {
                    lines.append(paint.red("-" + quoted(inline, keeping: .removed, paint: paint.redReverse)))
                    lines.append(paint.green("+" + quoted(inline, keeping: .added, paint: paint.greenReverse)))
                } else {
                    lines.append("-" + quoted(inline, keeping: .removed, paint: nil))
                    lines.append("+" + quoted(inline, keeping: .added, paint: nil))
                    lines.append("~" + marked(inline))
                }
                continue
            }
            if let node = change.left { lines.append(paint.red("-" + value(result.left, node))) }
            if let node = change.right { lines.append(paint.green("+" + value(result.right, node))) }
        }
        if result.isTruncated {
            lines.append("… \(result.counts.total - result.changes.count) more changes not shown")
        }
        lines.append(summary(result.counts))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `3 changes: 1 added, 1 removed, 1 changed`.
    package static func summary(_ counts: JSONDiffCounts) -> String {
        let total = counts.total
        return "\(total) \(total == 1 ? "change" : "changes"): \(counts.added) added, \(counts.removed) removed, "
            + "\(counts.changed) changed"
    }

    /// A value on one line: compact JSON (terminal-safe, as JSONPrinter writes it), a large
    /// container as its size, cut to `valueLimit` characters.
    package static func value(_ document: JSONDocument, _ node: JSONNode) -> String {
        guard document.subtreeEntryCount(node) <= 64, document.byteRange(node).count <= valueLimit * 4 else {
            return document.kind(node).isContainer
                ? document.preview(node, maxLength: valueLimit)
                : cut(JSONPrinter.string(document, node: node, options: .compact))
        }
        return cut(JSONPrinter.string(document, node: node, options: .compact))
    }

    private static func cut(_ text: String) -> String {
        text.count > valueLimit ? String(text.prefix(valueLimit - 1)) + "…" : text
    }

    /// One side of an inline diff as a JSON string, the side's own changes painted.
    private static func quoted(
        _ segments: [JSONDiffSegment],
        keeping side: JSONDiffSegment.Kind,
        paint: ((String) -> String)?
    ) -> String {
        var text = "\""
        for segment in segments where segment.kind == .same || segment.kind == side {
            let piece = escaped(segment.text)
            text += segment.kind == .same ? piece : (paint?(piece) ?? piece)
        }
        return text + "\""
    }

    /// Both sides in one string, `[-gone-]{+new+}` as wdiff marks them (no colours).
    private static func marked(_ segments: [JSONDiffSegment]) -> String {
        var text = "\""
        for segment in segments {
            switch segment.kind {
            case .same: text += escaped(segment.text)
            case .removed: text += "[-" + escaped(segment.text) + "-]"
            case .added: text += "{+" + escaped(segment.text) + "+}"
            }
        }
        return text + "\""
    }

    /// A string's text as inside a JSON string: quotes, backslashes and every unsafe scalar escaped.
    static func escaped(_ text: String) -> String {
        TerminalText.jsonStringContent(text)
    }

    /// ANSI colours, or none.
    private struct Paint {
        let colored: Bool

        func wrap(_ code: String, _ text: String) -> String { colored ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text }
        func bold(_ text: String) -> String { wrap("1", text) }
        func cyan(_ text: String) -> String { wrap("36", text) }
        func red(_ text: String) -> String { wrap("31", text) }
        func green(_ text: String) -> String { wrap("32", text) }
        // Inside a red/green line: reverse video on, then back to the line's colour.
        func redReverse(_ text: String) -> String { colored ? "\u{1B}[7m" + text + "\u{1B}[27m" : text }
        func greenReverse(_ text: String) -> String { colored ? "\u{1B}[7m" + text + "\u{1B}[27m" : text }
    }
}
