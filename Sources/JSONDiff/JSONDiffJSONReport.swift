import JSONTree
import TerminalText

/// The machine form of a diff (`lazer diff --json`): one JSON object with the counts and every
/// kept change, values as JSON (numbers and strings exactly as sent). Terminal-safe.
package enum JSONDiffJSONReport {
    package static func render(_ result: JSONDiffResult, leftName: String, rightName: String) -> String {
        var text = "{\"same\":\(result.isSame),\"left\":" + string(leftName) + ",\"right\":" + string(rightName)
        let counts = result.counts
        text += ",\"counts\":{\"added\":\(counts.added),\"removed\":\(counts.removed),\"changed\":\(counts.changed)}"
        text += ",\"truncated\":\(result.isTruncated),\"changes\":["
        var pages = JSONDiffPages(result.left, result.right)
        for (offset, change) in result.changes.enumerated() {
            pages.reached(change.left, change.right)
            if offset > 0 { text += "," }
            text += "{\"kind\":\"\(change.kind.rawValue)\",\"path\":" + string(change.pathText)
            if let node = change.left {
                text += ",\"left\":" + JSONPrinter.string(result.left, node: node, options: .compact)
            }
            if let node = change.right {
                text += ",\"right\":" + JSONPrinter.string(result.right, node: node, options: .compact)
            }
            text += "}"
        }
        return text + "]}\n"
    }

    /// A JSON string literal, terminal-safe.
    package static func string(_ text: String) -> String {
        "\"" + JSONDiffPrinter.escaped(text) + "\""
    }
}
