import Testing

@testable import TUI

/// Cells and styles are stored packed (see `Cell`, `Style`, `ClusterTable`); what goes in must
/// come out, and equal content must compare equal.
@Suite struct CellStorageTests {
    @Test func everyColourKindRoundTripsThroughAStyle() {
        let colors: [Color?] = [
            nil, .default, .ansi(0), .ansi(15), .indexed(0), .indexed(255), .rgb(0, 0, 0), .rgb(255, 255, 255),
            .rgb(1, 2, 3),
        ]
        for foreground in colors {
            for background in colors {
                let style = Style(foreground: foreground, background: background, modifiers: [.bold, .reverse])
                #expect(style.foreground == foreground)
                #expect(style.background == background)
                #expect(style.modifiers == [.bold, .reverse])
            }
        }
        var style = Style.plain
        style.background = .rgb(9, 8, 7)
        style.foreground = .indexed(42)
        style.modifiers = [.italic]
        #expect(style == Style(foreground: .indexed(42), background: .rgb(9, 8, 7), modifiers: [.italic]))
        style.foreground = nil
        #expect(style.foreground == nil)
        #expect(style.background == .rgb(9, 8, 7))
    }

    @Test func patchingKeepsUnsetColoursAndAddsModifiers() {
        let base = Style(foreground: .red, background: .rgb(1, 2, 3), modifiers: [.bold])
        #expect(
            base.patched(with: .fg(.blue)) == Style(foreground: .blue, background: .rgb(1, 2, 3), modifiers: [.bold]))
        #expect(
            base.patched(with: Style(background: .default, modifiers: [.underline]))
                == Style(foreground: .red, background: .default, modifiers: [.bold, .underline]))
        #expect(base.patched(with: .plain) == base)
    }

    @Test func multiScalarClustersKeepTheirTextAndCompareEqual() {
        let clusters: [Character] = ["e\u{301}", "👨‍👩‍👧", "🇫🇷", "❤\u{FE0F}"]
        for cluster in clusters {
            let cell = Cell(cluster)
            #expect(cell.symbol == String(cluster))
            #expect(cell.scalarValue == nil)
            #expect(cell == Cell(cluster))
        }
        #expect(Cell("e\u{301}") != Cell("e"))
        #expect(Cell("x").scalarValue == 0x78)
        #expect(Cell("界").symbol == "界")
    }

    @Test func aFullClusterTableFallsBackToTheFirstScalar() {
        let table = ClusterTable(capacity: 2)
        let first = table.content(for: "a\u{301}")
        #expect(first & Cell.clusterFlag != 0)
        #expect(table.content(for: "a\u{301}") == first)
        #expect(table.content(for: "b\u{301}") & Cell.clusterFlag != 0)
        // Full: the base letter stands in instead of the table growing without bound.
        #expect(table.content(for: "c\u{301}") == UInt32(Character("c").unicodeScalars.first?.value ?? 0))
        #expect(table.cluster(at: first & ~Cell.clusterFlag) == "a\u{301}")
    }

    @Test func fillKeepsWideCharactersAtItsEdgesWhole() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.write("日本語", x: 0, y: 0)
        // Columns 1..<5 cut 日 (0–1) and 語 (4–5) in half: their other halves become blanks.
        buffer.fill(Rect(x: 1, y: 0, width: 4, height: 1), with: Cell("x"))
        #expect(buffer.textDump() == " xxxx ")
        #expect(buffer.cells.allSatisfy { !$0.isContinuation })
    }
}
