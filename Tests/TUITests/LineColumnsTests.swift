import TUI
import Testing

/// Lines scrolled sideways (`dropping(columns:)`) and cut with a mark (`renderFitted`).
@Suite struct LineColumnsTests {
    @Test("dropping columns crosses spans, keeps styles, and drops a wide character the cut splits whole")
    func droppingColumns() {
        let line = Line([Span("ab"), Span("日本", style: Style(modifiers: .bold)), Span("cd")])
        #expect(line.dropping(columns: 0) == line)
        #expect(line.dropping(columns: 1).text == "b日本cd")
        #expect(line.dropping(columns: 2).spans.first == Span("日本", style: Style(modifiers: .bold)))
        #expect(line.dropping(columns: 3).text == "本cd")
        #expect(line.dropping(columns: 4).text == "本cd")
        #expect(line.dropping(columns: 8).text == "")
        #expect(line.dropping(columns: 20).text == "")
    }

    @Test("a line wider than its width ends in …; one that fits is drawn as it is")
    func renderFitted() {
        var buffer = Buffer(size: Size(width: 6, height: 2))
        Line("abcdefgh").renderFitted(x: 0, y: 0, width: 6, ellipsis: .plain, buffer: &buffer)
        Line("abc").renderFitted(x: 0, y: 1, width: 6, ellipsis: .plain, buffer: &buffer)
        #expect(buffer.textDump() == "abcde…\nabc   ")
    }
}
