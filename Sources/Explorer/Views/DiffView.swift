import JSONDiff
import TUI

/// The Diff view over the panes: the left body and the right one side by side, a gutter mark per
/// change (`~` changed, `-` only on the left, `+` only on the right), unchanged subtrees folded
/// to one line (`▸`: enter unfolds it, `▾`: unfolded, enter folds it), the cursor's row
/// highlighted, the summary at the bottom.
enum DiffView {
    static func render(_ state: ExplorerState, in area: Rect, buffer: inout Buffer) {
        guard let view = state.diff.view, area.width >= 20, area.height >= 5 else { return }
        let theme = state.theme
        buffer.fill(area, with: .blank(theme.base))
        Block(
            title: Line(" Diff ", style: theme[.title].bold),
            bottomTitle: Line(" n next change · N previous · enter unfold · Esc close ", style: theme[.muted]),
            borderStyle: theme[.focusedBorder], style: theme.base
        ).render(in: area, buffer: &buffer)
        let inner = area.inset(horizontal: 1, vertical: 1)
        let width = DiffLayout.columnWidth(inner)
        let rightX = inner.x + width + 1
        buffer.writeFitted(view.leftTitle, x: inner.x, y: inner.y, style: theme[.title].bold, maxX: inner.x + width)
        buffer.writeFitted(view.rightTitle, x: rightX, y: inner.y, style: theme[.title].bold, maxX: inner.right)
        let listHeight = DiffLayout.pageRows(state.size)
        for (offset, index) in view.rows.indices.dropFirst(view.scroll).prefix(listHeight).enumerated() {
            let row = view.rows[index]
            let y = inner.y + 1 + offset
            var (mark, leftStyle, rightStyle) = styles(row.mark, theme)
            if view.canUnfold(index) {
                mark = ("▸ ", "▸ ")
            } else if view.isUnfolded(index) {
                mark = ("▾ ", "▾ ")
                (leftStyle, rightStyle) = (theme[.muted], theme[.muted])
            }
            let indent = String(repeating: "  ", count: min(row.depth, 40))
            if let left = row.left {
                buffer.writeFitted(mark.left + indent + left, x: inner.x, y: y, style: leftStyle, maxX: inner.x + width)
            }
            buffer.write("│", x: inner.x + width, y: y, style: theme[.border])
            if let right = row.right {
                buffer.writeFitted(mark.right + indent + right, x: rightX, y: y, style: rightStyle, maxX: inner.right)
            }
            if index == view.current {
                buffer.setStyle(theme[.selection], in: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            }
        }
        for y in (inner.y + 1 + min(listHeight, max(0, view.rows.count - view.scroll)))..<(inner.bottom - 1) {
            buffer.write("│", x: inner.x + width, y: y, style: theme[.border])
        }
        let position =
            view.current.map { current in
                let changes = view.changeRows
                return (changes.firstIndex(of: current).map { "change \($0 + 1)/\(changes.count) · " } ?? "")
            } ?? ""
        buffer.writeFitted(
            position + view.summary, x: inner.x, y: inner.bottom - 1, style: theme[.muted], maxX: inner.right)
    }

    /// The gutter marks and the two sides' styles of a row.
    private static func styles(_ mark: JSONDiffRow.Mark, _ theme: Theme) -> (
        (left: String, right: String), Style, Style
    ) {
        switch mark {
        case .same: (("  ", "  "), theme[.text], theme[.text])
        case .folded: (("  ", "  "), theme[.muted], theme[.muted])
        case .changed: (("~ ", "~ "), theme[.warning], theme[.warning])
        case .removed: (("- ", "  "), theme[.error], theme[.muted])
        case .added: (("  ", "+ "), theme[.muted], theme[.success])
        }
    }
}
