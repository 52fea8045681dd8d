import Foundation
import TUI
import Testing

/// A row of tabs too narrow for its titles scrolls to the selected tab, whole, with `‹` and `›`
/// saying tabs are hidden on that side; the mouse reads the same strip.
struct TabsStripTests {
    private let titles: [Line] = ["Tree", "Raw", "Headers 3", "Timeline", "Checks ✓4", "Console", "History 2"]

    private func row(width: Int, selected: Int) -> String {
        let terminal = Terminal(backend: TestBackend(width: width, height: 1))
        terminal.draw { frame in frame.render(Tabs(titles, selected: selected), in: frame.area) }
        return terminal.backend.textDump().components(separatedBy: "\n")[0]
    }

    @Test func titlesThatFitAreDrawnAsBeforeWithoutMarkers() {
        let strip = Tabs.strip(titleWidths: [4, 3], selected: 1, width: 20)
        #expect(strip.ranges == [0..<6, 7..<12])
        #expect(!strip.hiddenBefore && !strip.hiddenAfter)
        #expect(
            row(width: 80, selected: 6).hasPrefix(
                " Tree │ Raw │ Headers 3 │ Timeline │ Checks ✓4 │ Console │ History 2 "))
    }

    @Test func theLastTabSelectedInANarrowRowIsShownWholeAfterAMarker() {
        let text = row(width: 36, selected: 6)
        #expect(text.hasPrefix("‹ "))
        #expect(text.contains(" History 2 "))
        #expect(!text.contains("›"))
        #expect(!text.contains("Tree"))
    }

    @Test func theFirstTabSelectedInANarrowRowEndsInAMarkerNotACutTitle() {
        let text = row(width: 36, selected: 0)
        #expect(text.hasPrefix(" Tree │ Raw │ Headers 3 │ Timeline "))
        #expect(text.hasSuffix("›"))
        #expect(!text.contains("Chec"))
    }

    @Test func aMiddleTabIsAlwaysWholeAndEveryRangeFitsTheRow() {
        let widths = titles.map(\.width)
        for width in 12...70 {
            for selected in titles.indices {
                let strip = Tabs.strip(titleWidths: widths, selected: selected, width: width)
                // Whole, or (a row too narrow for it alone) cut at the row's end.
                let range = strip.ranges[selected]
                #expect(
                    range?.count == widths[selected] + 2 || range?.upperBound == width - (strip.hiddenAfter ? 1 : 0))
                for shown in strip.ranges.compactMap({ $0 }) {
                    #expect(shown.lowerBound >= (strip.hiddenBefore ? 1 : 0))
                    #expect(shown.upperBound <= width - (strip.hiddenAfter ? 1 : 0))
                }
                // Shown tabs are one run, in order, a divider apart.
                let shown = strip.ranges.enumerated().compactMap { index, range in range.map { (index, $0) } }
                for (left, right) in zip(shown, shown.dropFirst()) {
                    #expect(right.0 == left.0 + 1)
                    #expect(right.1.lowerBound == left.1.upperBound + 1)
                }
                #expect(strip.hiddenBefore == (shown.first?.0 ?? 0 > 0))
                #expect(strip.hiddenAfter == (shown.last?.0 ?? 0 < titles.count - 1))
            }
        }
    }
}
