/// One screen cell: a grapheme cluster, how many columns it takes, and its style.
///
/// A wide character (CJK, most emoji) occupies its cell plus a *continuation* cell to its right
/// (empty symbol, width 0). Cells built through the public API only ever hold safe text: see
/// `VisibleText`.
///
/// The symbol is stored as a number, not a `String`, so a cell is a plain value without reference
/// counting: copying, comparing and diffing whole screens is a memory copy and integer compares.
/// A one-scalar symbol (ASCII, CJK, most emoji) is the scalar itself; a longer cluster (a letter
/// with combining marks, an emoji sequence) is an index into `ClusterTable`.
package struct Cell: Hashable, Sendable {
    /// The scalar value, `Cell.clusterFlag | index` for a multi-scalar cluster, or 0 for a
    /// continuation cell (NUL is never a symbol: controls are drawn as visible pictures).
    @usableFromInline var content: UInt32
    /// Columns the symbol takes: 1, 2 for wide characters, 0 for a continuation cell.
    package private(set) var width: UInt8
    package var style: Style

    /// Marks `content` as an index into `ClusterTable` (scalar values stop at 0x10FFFF).
    @usableFromInline static let clusterFlag: UInt32 = 1 << 31

    /// A cell showing `character`. An unsafe or zero-width character is shown as U+FFFD; use
    /// `Buffer.write` to draw arbitrary text with its visible escapes.
    package init(_ character: Character, style: Style = .plain) {
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
        self.init(safe: safe, width: width, style: style)
    }

    /// Internal: a cell from an already sanitised cluster and its width.
    init(safe cluster: Character, width: Int, style: Style) {
        let scalars = cluster.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            content = first.value
        } else {
            content = ClusterTable.shared.content(for: cluster)
        }
        self.width = UInt8(width)
        self.style = style
    }

    /// Internal: a cell from a sanitised one-scalar symbol (the fast path for ASCII).
    init(scalar: UInt32, width: UInt8, style: Style) {
        content = scalar
        self.width = width
        self.style = style
    }

    /// The grapheme cluster shown in this cell ("" for a continuation cell).
    package var symbol: String {
        if content == 0 { return "" }
        if content & Cell.clusterFlag != 0 { return ClusterTable.shared.cluster(at: content & ~Cell.clusterFlag) }
        guard let scalar = Unicode.Scalar(content) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }

    /// The symbol's only Unicode scalar value, or `nil` for a multi-scalar cluster or a
    /// continuation cell. Backends use it to draw most cells without building a `String`.
    @inlinable package var scalarValue: UInt32? {
        content == 0 || content & Cell.clusterFlag != 0 ? nil : content
    }

    /// An empty cell with the terminal's default colours.
    package static let blank = Cell(scalar: 0x20, width: 1, style: .plain)

    /// A blank cell with `style`.
    package static func blank(_ style: Style) -> Cell { Cell(scalar: 0x20, width: 1, style: style) }

    /// True for the right half of a wide character.
    @inlinable package var isContinuation: Bool { width == 0 }

    static func continuation(_ style: Style) -> Cell { Cell(scalar: 0, width: 0, style: style) }
}
