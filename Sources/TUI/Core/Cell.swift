/// One screen cell: a grapheme cluster, how many columns it takes, and its style.
///
/// A wide character (CJK, most emoji) occupies its cell plus a *continuation* cell to its right
/// (empty symbol, width 0). Cells built through the public API only ever hold safe text: see
/// `VisibleText`.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown in this cell ("" for a continuation cell).
    public private(set) var symbol: String
    /// Columns the symbol takes: 1, 2 for wide characters, 0 for a continuation cell.
    public private(set) var width: UInt8
    public var style: Style

    /// A cell showing `character`. An unsafe or zero-width character is shown as U+FFFD; use
    /// `Buffer.write` to draw arbitrary text with its visible escapes.
    public init(_ character: Character, style: Style = .plain) {
        var safe: Character = "\u{FFFD}"
        var width = 1
        var cells = 0
        VisibleText.forEachCell(of: character) { cluster, w in
            cells += 1
            safe = cluster
            width = w
        }
        if cells != 1 {
            safe = "\u{FFFD}"
            width = 1
        }
        self.symbol = String(safe)
        self.width = UInt8(width)
        self.style = style
    }

    /// Internal: a cell from an already sanitised cluster and its width.
    init(safe symbol: String, width: Int, style: Style) {
        self.symbol = symbol
        self.width = UInt8(width)
        self.style = style
    }

    /// An empty cell with the terminal's default colours.
    public static let blank = Cell(safe: " ", width: 1, style: .plain)

    /// A blank cell with `style`.
    public static func blank(_ style: Style) -> Cell { Cell(safe: " ", width: 1, style: style) }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { width == 0 }

    static func continuation(_ style: Style) -> Cell { Cell(safe: "", width: 0, style: style) }
}
