import TUI
import TUITesting
import Testing

/// CRLF text (a response body from a Windows server, an HTTP message) in `Paragraph` and `TextArea`.
@Suite struct LineBreakTests {
    private func screen(width: Int, height: Int, _ draw: (inout Frame) -> Void) -> String {
        let terminal = Terminal(backend: TestBackend(width: width, height: height))
        terminal.draw(draw)
        return terminal.backend.textDump()
    }

    @Test func splitKeepsEveryBreakSoTheTextComesBack() {
        for text in ["", "a", "a\r\nb", "a\nb\r\nc\n", "\r\n\r\n", "x\ry\r\n", "\r", "a\r\r\nb", "日本\r\n🙂\n"] {
            let (lines, breaks) = LineBreak.split(text)
            #expect(lines.count == breaks.count + 1)
            #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\r\n") })
            var joined = ""
            for (line, lineBreak) in zip(lines, breaks) { joined += line + lineBreak.text }
            #expect(joined + (lines.last ?? "") == text)
        }
        #expect(LineBreak.split("a\r\nb\nc").breaks == [.crlf, .lf])
        #expect(LineBreak.split("a\rb").lines == ["a\rb"])
    }

    @Test func paragraphBreaksCRLFAndShowsALoneCarriageReturn() {
        let text = screen(width: 12, height: 4) { frame in
            frame.render(Paragraph(text: "HTTP/1.1 200\r\nServer: x\r\nodd\rone\r\n"), in: frame.area)
        }
        #expect(text == "HTTP/1.1 200\nServer: x   \nodd␍one     \n            ")
    }

    @Test func textAreaShowsCRLFLinesWithoutCarriageReturns() {
        for softWrap in [false, true] {
            var state = TextEditorState(text: "first\r\nsecond\r\nlone\rcr")
            #expect(state.lineCount == 3)
            #expect(state.lines == ["first", "second", "lone\rcr"])
            let text = screen(width: 12, height: 3) { frame in
                frame.render(TextArea(softWrap: softWrap), in: frame.area, state: &state)
            }
            #expect(text == "1 first     \n2 second    \n3 lone␍cr   ")
        }
    }

    @Test func aCRLFDocumentStaysCRLFWhenEdited() {
        var state = TextEditorState(text: "one\r\ntwo\r\n")
        #expect(state.lineEnding == .crlf)
        state.move(.documentEnd)
        _ = state.handle(.paste("three\nfour"))
        _ = state.handle(KeyEvent(.enter))
        #expect(state.text == "one\r\ntwo\r\nthree\r\nfour\r\n")
        // Joining two lines and undoing it gives the CRLF back.
        state.cursor = TextPosition(line: 1, column: 0)
        _ = state.handle(KeyEvent(.backspace))
        #expect(state.text == "onetwo\r\nthree\r\nfour\r\n")
        state.undo()
        #expect(state.text == "one\r\ntwo\r\nthree\r\nfour\r\n")
        state.selectAll()
        #expect(state.selectedText == state.text)
    }

    @Test func anLFDocumentStaysLFAndMixedBreaksAreKeptLineByLine() {
        var lf = TextEditorState(text: "a\nb")
        lf.move(.documentEnd)
        _ = lf.handle(.paste("c\r\nd"))
        #expect(lf.text == "a\nbc\nd")

        let mixed = "unix\nwindows\r\nunix again\nlast"
        var state = TextEditorState(text: mixed)
        state.cursor = TextPosition(line: 1, column: 7)
        _ = state.handle(.char("!"))
        #expect(state.text == "unix\nwindows!\r\nunix again\nlast")
        state.undo()
        #expect(state.text == mixed)
    }

    @Test func setTextAndSingleLineInputsTreatCRLFAsOneBreak() {
        var state = TextEditorState()
        state.setText("x\r\ny")
        #expect(state.lines == ["x", "y"])
        #expect(state.text == "x\r\ny")
        let input = TextEditorState(text: "a\r\nb", singleLine: true)
        #expect(input.text == "a b")
    }
}
