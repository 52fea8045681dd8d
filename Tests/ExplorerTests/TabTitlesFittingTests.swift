import Explorer
import TUI
import Testing

/// Tab titles are shortened only when the full ones do not fit as `Tabs` draws them
/// (" title " each, one divider between two): "Scripts" was cut to "Scr" with room left for it.
struct TabTitlesFittingTests {
    @Test("full titles that fit exactly stay full; one column less shortens from the last back")
    func fitsExactly() {
        let full = ["Params", "Scripts"]
        let short = ["Par", "Scr"]
        // " Params │ Scripts " is 18 columns.
        var buffer = Buffer(size: Size(width: 18, height: 1))
        Tabs(full.map { Line($0) }, selected: 0).render(in: Rect(x: 0, y: 0, width: 18, height: 1), buffer: &buffer)
        #expect(buffer.textDump() == " Params │ Scripts ")
        #expect(TabTitles.fitting(full, short, width: 18) == full)
        #expect(TabTitles.fitting(full, short, width: 17) == ["Params", "Scr"])
        #expect(TabTitles.fitting(full, short, width: 10) == ["Par", "Scr"])
    }
}
