import TUI
import Testing

@Suite struct LayoutTests {
    @Test func verticalSplitWithFixedAndFill() {
        let rects = Layout.vertical([.length(1), .fill(1), .length(1)]).split(Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(rects.map(\.height) == [1, 22, 1])
        #expect(rects.map(\.y) == [0, 1, 23])
    }

    @Test func horizontalPercentagesAndWeights() {
        let rects = Layout.horizontal([.percentage(25), .fill(2), .fill(1)]).split(
            Rect(x: 10, y: 0, width: 100, height: 5))
        #expect(rects.map(\.width) == [25, 50, 25])
        #expect(rects.map(\.x) == [10, 35, 85])
    }

    @Test func minGrowsWithLeftoverSpace() {
        let rects = Layout.horizontal([.min(10), .length(20)]).split(Rect(x: 0, y: 0, width: 50, height: 1))
        #expect(rects.map(\.width) == [30, 20])
    }

    @Test func fixedPartsShrinkWhenSpaceRunsOut() {
        let rects = Layout.vertical([.length(3), .length(3), .fill(1)]).split(Rect(x: 0, y: 0, width: 1, height: 4))
        #expect(rects.map(\.height) == [3, 1, 0])
    }

    @Test func partsTileTheAreaAtEverySize() {
        let layout = Layout.horizontal([.length(5), .percentage(30), .min(3), .fill(1)], spacing: 1)
        for width in 0...60 {
            let rects = layout.split(Rect(x: 0, y: 0, width: width, height: 1))
            let used = rects.map(\.width).reduce(0, +)
            #expect(used + min(width, 3) == width || used == width)
            #expect(rects.allSatisfy { $0.width >= 0 && $0.right <= width })
        }
    }

    @Test func spacingLeavesGaps() {
        let rects = Layout.horizontal([.fill(1), .fill(1)], spacing: 2).split(Rect(x: 0, y: 0, width: 10, height: 1))
        #expect(rects.map(\.x) == [0, 6])
        #expect(rects.map(\.width) == [4, 4])
    }
}
