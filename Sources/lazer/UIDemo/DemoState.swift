import TUI

/// Everything the demo screen shows, as a value; `DemoApp` changes it from events.
struct DemoState {
    enum Focus {
        case tree
        case text
    }

    /// Rows in the demo tree: large on purpose, to show that drawing cost follows the rows shown.
    static let treeRowCount = 1_000_000

    var themeIndex = 0
    var focus = Focus.tree
    var selectedRow = 0
    var treeOffset = 0
    /// Rows the tree showed in the last frame (for page moves).
    var treePageSize = 10
    var lines: [String] = ["Type here. Tab switches focus; q quits from the tree.", "Wide text: 世界 🙂 e\u{301}", ""]
    var cursorLine = 2
    var cursorColumn = 0
    var mouseEnabled = true
    var lastEvent = "none"

    var theme: DemoTheme { DemoTheme.all[themeIndex % DemoTheme.all.count] }

    /// Moves the tree selection by `delta` rows and scrolls so it stays visible.
    mutating func moveSelection(by delta: Int) {
        selectedRow = max(0, min(Self.treeRowCount - 1, selectedRow + delta))
        if selectedRow < treeOffset { treeOffset = selectedRow }
        if selectedRow >= treeOffset + treePageSize { treeOffset = selectedRow - treePageSize + 1 }
    }

    /// The label of tree row `index`: a four-level outline that repeats.
    static func treeLabel(_ index: Int) -> String {
        let depth = index % 4
        let marker = depth == 3 ? "•" : "▾"
        return String(repeating: "  ", count: depth) + "\(marker) node \(index)"
    }

    mutating func insert(_ text: String) {
        for character in text {
            if character == "\n" || character == "\r" {
                insertNewline()
                continue
            }
            var line = Array(lines[cursorLine])
            line.insert(character, at: min(cursorColumn, line.count))
            lines[cursorLine] = String(line)
            cursorColumn += 1
        }
    }

    mutating func insertNewline() {
        let line = Array(lines[cursorLine])
        let column = min(cursorColumn, line.count)
        lines[cursorLine] = String(line[..<column])
        lines.insert(String(line[column...]), at: cursorLine + 1)
        cursorLine += 1
        cursorColumn = 0
    }

    mutating func backspace() {
        if cursorColumn > 0 {
            var line = Array(lines[cursorLine])
            line.remove(at: min(cursorColumn, line.count) - 1)
            lines[cursorLine] = String(line)
            cursorColumn -= 1
        } else if cursorLine > 0 {
            let line = lines.remove(at: cursorLine)
            cursorLine -= 1
            cursorColumn = lines[cursorLine].count
            lines[cursorLine] += line
        }
    }

    mutating func moveCursor(line delta: Int) {
        cursorLine = max(0, min(lines.count - 1, cursorLine + delta))
        cursorColumn = min(cursorColumn, lines[cursorLine].count)
    }

    mutating func moveCursor(column delta: Int) {
        cursorColumn = max(0, min(lines[cursorLine].count, cursorColumn + delta))
    }
}
