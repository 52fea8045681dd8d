import TUI
import Testing

@Suite struct BufferTests {
    @Test func asciiTextIsClippedAtTheRightEdge() {
        var buffer = Buffer(size: Size(width: 5, height: 1))
        let end = buffer.write("hello world", x: 0, y: 0)
        #expect(buffer.textDump() == "hello")
        #expect(end == 5)
    }

    @Test func writesOutsideTheAreaAreIgnored() {
        var buffer = Buffer(size: Size(width: 3, height: 2))
        buffer.write("abc", x: 0, y: 5)
        buffer.write("abc", x: -2, y: 0)
        #expect(buffer.textDump() == "c  \n   ")
    }

    @Test func cjkTakesTwoCells() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        let end = buffer.write("日本語", x: 0, y: 0)
        #expect(end == 6)
        #expect(buffer[x: 0, y: 0].symbol == "日")
        #expect(buffer[x: 0, y: 0].width == 2)
        #expect(buffer[x: 1, y: 0].isContinuation)
        #expect(buffer[x: 2, y: 0].symbol == "本")
        #expect(buffer.textDump() == "日本語")
    }

    @Test func wideCharacterThatDoesNotFitIsLeftOut() {
        var buffer = Buffer(size: Size(width: 5, height: 1))
        buffer.write("日本語", x: 0, y: 0)
        #expect(buffer.textDump() == "日本 ")
        #expect(!buffer[x: 4, y: 0].isContinuation)
    }

    @Test func emojiWithSkinToneAndZWJSequencesAreOneTwoColumnCell() {
        var buffer = Buffer(size: Size(width: 10, height: 1))
        let end = buffer.write("👍🏽👨‍👩‍👧x", x: 0, y: 0)
        #expect(end == 5)
        #expect(buffer[x: 0, y: 0].symbol == "👍🏽")
        #expect(buffer[x: 2, y: 0].symbol == "👨‍👩‍👧")
        #expect(buffer[x: 4, y: 0].symbol == "x")
    }

    @Test func emojiPresentationSelectorAndFlagsAreWide() {
        #expect(CharacterWidth.of(Character("❤️")) == 2)
        #expect(CharacterWidth.of(Character("❤")) == 1)
        #expect(CharacterWidth.of(Character("🇯🇵")) == 2)
        #expect(CharacterWidth.of("a日👍🏽") == 5)
    }

    @Test func combiningMarksStayWithTheirBase() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        let end = buffer.write("e\u{301}a\u{308}\u{323}!", x: 0, y: 0)
        #expect(end == 3)
        #expect(buffer[x: 0, y: 0].symbol == "e\u{301}")
        #expect(buffer[x: 1, y: 0].symbol == "a\u{308}\u{323}")
        #expect(buffer[x: 2, y: 0].symbol == "!")
    }

    @Test func loneCombiningMarkIsShownOnADottedCircle() {
        var buffer = Buffer(size: Size(width: 3, height: 1))
        buffer.write("\u{301}x", x: 0, y: 0)
        #expect(buffer[x: 0, y: 0].symbol == "\u{25CC}\u{301}")
        #expect(buffer[x: 1, y: 0].symbol == "x")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("日本", x: 0, y: 0)
        buffer.write("x", x: 1, y: 0)
        #expect(buffer.textDump() == " x本")
        buffer.write("y", x: 2, y: 0)
        #expect(buffer.textDump() == " xy ")
        #expect(buffer.cells.allSatisfy { !$0.isContinuation })
    }

    @Test func maxXClipsInsideTheBuffer() {
        var buffer = Buffer(size: Size(width: 8, height: 1))
        buffer.write("日本語です", x: 1, y: 0, maxX: 6)
        #expect(buffer.textDump() == " 日本   ")
    }

    @Test func stylePatchesKeepSymbols() {
        var buffer = Buffer(size: Size(width: 3, height: 1))
        buffer.setStyle(Style(background: .blue), in: Rect(x: 0, y: 0, width: 3, height: 1))
        buffer.write("ab", x: 0, y: 0, style: Style(foreground: .red, modifiers: .bold))
        #expect(buffer[x: 0, y: 0].style == Style(foreground: .red, background: .blue, modifiers: .bold))
        #expect(buffer[x: 2, y: 0].style == Style(background: .blue))
    }
}
