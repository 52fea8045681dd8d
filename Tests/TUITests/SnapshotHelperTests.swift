import TUITesting
import Testing

@Suite struct SnapshotHelperTests {
    @Test func mismatchesPrintAReadableLineDiff() {
        let diff = Snapshot.lineDiff("┌ a ┐\n│ x │\n└───┘", "┌ a ┐\n│ y │\n└───┘\nextra")
        #expect(
            diff == """
                  1| ┌ a ┐
                - 2| │ x │|
                + 2| │ y │|
                  3| └───┘
                + 4| extra|
                """
        )
    }
}
