import Explorer
import Foundation
import TUI

/// Writes docs/keymap.md from the command table: the per-context key tables and the list of
/// palette-only commands come from `ExplorerCommand`; the prose around them is kept here.
/// `KeymapGuideTests` fails when the committed file differs; `LAZER_WRITE_DOCS=1 swift test
/// --filter KeymapGuideTests` rewrites it.
enum KeymapGuide {
    static func markdown() -> String {
        var text = KeymapGuideProse.opening
        for context in KeyContext.allCases {
            if context == .runner { text += KeymapGuideProse.escape }
            text += "\n### `\(context.rawValue)`: \(KeymapGuideProse.title(context))\n\n"
            text += KeymapGuideProse.introduction(context).map { $0 + "\n\n" } ?? ""
            text += "| command | keys | does |\n|---|---|---|\n"
            for binding in ExplorerKeymap.keymap.bindings where binding.context == context.rawValue {
                let keys = binding.keys.map { "`\(cell($0.description))`" }.joined(separator: ", ")
                text += "| `\(binding.action)` | \(keys) | \(cell(binding.help)) |\n"
            }
        }
        text += """

            ### Commands in the palette only

            These have no key by default; the command palette (`ctrl+p`, `:`) runs them, and a keymap
            file can give them keys.

            | command | does |
            |---|---|

            """
        for command in ExplorerCommand.allCases where command.spec.keys.isEmpty {
            text += "| `\(command.id)` | \(cell(command.spec.title)) |\n"
        }
        return text + KeymapGuideProse.closing
    }

    /// A table cell: `|` written `\|`.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
