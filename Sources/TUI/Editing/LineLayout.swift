/// Where a soft-wrapped row starts: its first column (in characters) and that character's UTF-8
/// offset in the line, so the row can be found in the string without walking from its start.
struct WrapRow: Hashable, Sendable {
    var column: Int
    var utf8: Int

    static let origin = WrapRow(column: 0, utf8: 0)
}

/// What the editor remembers about one long line: its length in characters and where its rows
/// start when wrapped at `width`. Swift strings count characters by walking them, so without this
/// a 10 MB line would be walked on every cursor move and every frame.
///
/// Rows are measured lazily, from the last known row on, only as far as a caller needs; an edit
/// drops the rows from the edited character on (`truncate(before:)`) and a new width drops them all.
/// The row starts double as checkpoints for turning a column into a `String.Index`.
struct LineLayout: Hashable, Sendable {
    var characterCount: Int
    private(set) var width = 0
    private(set) var rows: [WrapRow] = [.origin]
    /// Every row of the line is in `rows`.
    private(set) var complete = false

    init(characterCount: Int) {
        self.characterCount = characterCount
    }

    /// Measures rows of `text` at `width` until `enough` says the last row start found suffices
    /// (or the line ends). A different width starts over.
    mutating func measure(_ text: String, width: Int, until enough: (WrapRow, Int) -> Bool) {
        if width != self.width {
            self.width = width
            rows = [.origin]
            complete = width <= 0
        }
        guard !complete, let last = rows.last, !enough(last, rows.count) else { return }
        var column = last.column
        var utf8 = last.utf8
        var used = 0
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: utf8)
        for character in text[start...] {
            let w = EditorGlyphs.width(of: character)
            if used + w > width, used > 0 {
                let row = WrapRow(column: column, utf8: utf8)
                rows.append(row)
                used = 0
                if enough(row, rows.count) { return }
            }
            used += w
            column += 1
            utf8 += character.utf8.count
        }
        complete = true
    }

    /// Measures at least through the row holding `column`.
    mutating func measure(_ text: String, width: Int, throughColumn column: Int) {
        measure(text, width: width) { row, _ in row.column > column }
    }

    /// Measures at least `count` rows (all of them for `Int.max`), plus the start of the next one.
    mutating func measure(_ text: String, width: Int, rowCount count: Int) {
        measure(text, width: width) { _, measured in count < Int.max && measured > count }
    }

    /// The index of the measured row holding `column` (the last row starting at or before it).
    func rowIndex(containing column: Int) -> Int {
        var low = 0
        var high = rows.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if rows[mid].column <= column { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The string index of `column` in `text` (this layout's line): from the nearest measured
    /// row start, so the walk is at most one row long once the rows are measured that far.
    func index(ofColumn column: Int, in text: String) -> String.Index {
        let row = rows[rowIndex(containing: column)]
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: row.utf8)
        return text.index(start, offsetBy: column - row.column, limitedBy: text.endIndex) ?? text.endIndex
    }

    /// Forgets the rows that may change when the characters from `column` on are edited. A row
    /// start depends on the characters before it and on the width of its own first character.
    mutating func truncate(before column: Int) {
        let keep = rows.firstIndex { $0.column >= column } ?? rows.count
        rows.removeSubrange(max(1, keep)...)
        complete = false
    }
}

/// The layouts of the long lines of a document, by line number. A cache: it never takes part in
/// comparing or hashing editor states.
struct LineLayoutCache: Hashable, Sendable {
    /// Lines shorter than this (in UTF-8 bytes) are cheap to walk and are not cached.
    static let threshold = 2048

    var layouts: [Int: LineLayout] = [:]

    subscript(line: Int) -> LineLayout? {
        get { layouts[line] }
        set { layouts[line] = newValue }
    }

    /// After lines `range` were replaced by `count` lines: later lines move, replaced ones are dropped.
    mutating func replaceLines(_ range: ClosedRange<Int>, count: Int) {
        guard !layouts.isEmpty else { return }
        let delta = count - range.count
        var moved: [Int: LineLayout] = [:]
        for (line, layout) in layouts where !range.contains(line) {
            moved[line > range.upperBound ? line + delta : line] = layout
        }
        layouts = moved
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
