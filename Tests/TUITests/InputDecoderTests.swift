import TUI
import Testing

@Suite struct InputDecoderTests {
    private func decode(_ text: String, flush: Bool = true) -> [Event] {
        var decoder = InputDecoder()
        var events = decoder.feed(Array(text.utf8))
        if flush { events += decoder.flush() }
        return events
    }

    private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> Event { .key(KeyEvent(key, modifiers: modifiers)) }

    @Test func printableTextIncludingUnicode() {
        #expect(
            decode("aÜ日👍") == [key(.character("a")), key(.character("Ü")), key(.character("日")), key(.character("👍"))])
    }

    @Test func controlKeys() {
        #expect(
            decode("\r\t\u{7F}\u{3}\u{0}") == [
                key(.enter), key(.tab), key(.backspace), key(.character("c"), .ctrl), key(.character(" "), .ctrl),
            ])
    }

    @Test func loneEscapeWaitsForTheDelay() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [key(.escape)])
    }

    @Test func escapeFollowedByACharacterIsAlt() {
        #expect(decode("\u{1B}x") == [key(.character("x"), .alt)])
        #expect(decode("\u{1B}\r") == [key(.enter, .alt)])
    }

    @Test func arrowsHomeEndAndPaging() {
        #expect(
            decode("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA") == [
                key(.up), key(.down), key(.right), key(.left), key(.up),
            ])
        #expect(
            decode("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[2~") == [
                key(.home), key(.end), key(.home), key(.end), key(.pageUp), key(.pageDown), key(.delete), key(.insert),
            ])
    }

    @Test func modifiedKeys() {
        #expect(decode("\u{1B}[1;5A") == [key(.up, .ctrl)])
        #expect(decode("\u{1B}[1;3D") == [key(.left, .alt)])
        #expect(decode("\u{1B}[1;2C") == [key(.right, .shift)])
        #expect(decode("\u{1B}[1;6H") == [key(.home, [.ctrl, .shift])])
        #expect(decode("\u{1B}[5;5~") == [key(.pageUp, .ctrl)])
        #expect(decode("\u{1B}[Z") == [key(.backTab)])
    }

    @Test func functionKeys() {
        #expect(
            decode("\u{1B}OP\u{1B}OS\u{1B}[15~\u{1B}[24~\u{1B}[1;2P") == [
                key(.function(1)), key(.function(4)), key(.function(5)), key(.function(12)), key(.function(1), .shift),
            ])
    }

    @Test func bracketedPasteIsDeliveredWhole() {
        let events = decode("x\u{1B}[200~line1\n\u{1B}[Aq\u{1B}[201~y")
        #expect(events == [key(.character("x")), .paste("line1\n\u{1B}[Aq"), key(.character("y"))])
    }

    @Test func pasteSplitAcrossReads() {
        var decoder = InputDecoder()
        var events = decoder.feed(Array("\u{1B}[200~hel".utf8))
        events += decoder.feed(Array("lo\u{1B}[20".utf8))
        events += decoder.feed(Array("1~".utf8))
        #expect(events == [.paste("hello")])
    }

    /// The working-day freeze: the ESC delay ran out between the two reads of a paste's end
    /// marker, `flush` took its start as paste text, and every key after it was pasted text.
    @Test func pasteEndSplitAcrossAFlushStillEndsThePaste() {
        var decoder = InputDecoder()
        var events = decoder.feed(Array("\u{1B}[200~hi\u{1B}[20".utf8))
        events += decoder.flush()
        #expect(decoder.isPasting)
        events += decoder.feed(Array("1~j".utf8))
        #expect(events == [.paste("hi"), key(.character("j"))])
        #expect(!decoder.isPasting)
    }

    /// Any split of a paste (after its start marker), with the ESC delay running out in
    /// between, decodes as the whole: the paste, then the keys after it.
    @Test func everySplitOfAPasteDecodesAsTheWhole() {
        let text = "a\u{1B}[A\u{1B}[20x\u{1B}é\u{1B}[201"
        let bytes = Array("\u{1B}[200~\(text)\u{1B}[201~jk".utf8)
        for split in 6..<bytes.count {
            var decoder = InputDecoder()
            var events = decoder.feed(bytes[..<split])
            events += decoder.flush()
            events += decoder.feed(bytes[split...])
            events += decoder.flush()
            #expect(events == [.paste(text), key(.character("j")), key(.character("k"))], "split at \(split)")
        }
    }

    @Test func aPasteWhoseEndNeverComesIsEndedAndKeysWorkAgain() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc\u{1B}[2".utf8)).isEmpty)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.endPaste() == [.paste("abc\u{1B}[2")])
        #expect(!decoder.isPasting)
        #expect(decoder.feed(Array("j".utf8)) == [key(.character("j"))])
        #expect(decoder.endPaste().isEmpty)
    }

    @Test func sequencesSplitAcrossReads() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
        #expect(decoder.feed([0x31, 0x3B, 0x35]).isEmpty)
        #expect(decoder.feed([0x41]) == [key(.up, .ctrl)])
        #expect(decoder.feed([0xE6, 0x97]).isEmpty)
        #expect(decoder.feed([0xA5]) == [key(.character("日"))])
    }

    @Test func sgrMouse() {
        #expect(
            decode("\u{1B}[<0;5;3M\u{1B}[<32;6;3M\u{1B}[<0;6;3m\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<18;2;2M") == [
                .mouse(MouseEvent(kind: .press(.left), position: Position(x: 4, y: 2))),
                .mouse(MouseEvent(kind: .drag(.left), position: Position(x: 5, y: 2))),
                .mouse(MouseEvent(kind: .release(.left), position: Position(x: 5, y: 2))),
                .mouse(MouseEvent(kind: .scrollUp, position: Position(x: 0, y: 0))),
                .mouse(MouseEvent(kind: .scrollDown, position: Position(x: 0, y: 0))),
                .mouse(MouseEvent(kind: .press(.right), position: Position(x: 1, y: 1), modifiers: .ctrl)),
            ])
    }

    @Test func focusReports() {
        #expect(decode("\u{1B}[I\u{1B}[O") == [.focusGained, .focusLost])
    }

    @Test func garbageNeverCrashes() {
        var decoder = InputDecoder()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = decoder.feed(bytes)
        }
        _ = decoder.flush()
        #expect(!decoder.hasPending)
    }

    @Test func invalidUTF8BecomesReplacementCharacter() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0xFF, 0x61]) == [key(.character("\u{FFFD}")), key(.character("a"))])
    }
}

@Suite struct KeySpecTests {
    @Test func parsesAndPrintsKeys() throws {
        #expect(KeySpec.parse("ctrl+s") == KeyEvent(.character("s"), modifiers: .ctrl))
        #expect(KeySpec.parse("Ctrl+S") == KeyEvent(.character("s"), modifiers: .ctrl))
        #expect(KeySpec.parse("alt+shift+up") == KeyEvent(.up, modifiers: [.alt, .shift]))
        #expect(KeySpec.parse("F5") == KeyEvent(.function(5)))
        #expect(KeySpec.parse("G") == KeyEvent(.character("G")))
        #expect(KeySpec.parse("pgdn") == KeyEvent(.pageDown))
        #expect(KeySpec.parse("shift+tab") == KeyEvent(.backTab))
        #expect(KeySpec.parse("+") == KeyEvent(.character("+")))
        #expect(KeySpec.parse("ctrl++") == KeyEvent(.character("+"), modifiers: .ctrl))
        #expect(KeySpec.parse("hyper+x") == nil)
        #expect(KeySpec.parse("nosuchkey") == nil)
        let event = try #require(KeySpec.parse("ctrl+alt+delete"))
        #expect(event.description == "ctrl+alt+delete")
        #expect(KeyEvent(.character(" ")).description == "space")
    }
}

@Suite struct LegacyMouseTests {
    @Test func x10MouseReportsAreDecodedNotTypedAsKeys() {
        var decoder = InputDecoder()
        // Press left at column 5, row 3; then release; bytes are offset by 32 (+1 for 1-based).
        let events = decoder.feed([0x1B, 0x5B, 0x4D, 32, 38, 36, 0x1B, 0x5B, 0x4D, 35, 38, 36])
        #expect(
            events == [
                .mouse(MouseEvent(kind: .press(.left), position: Position(x: 5, y: 3))),
                .mouse(MouseEvent(kind: .release(.left), position: Position(x: 5, y: 3))),
            ])
        #expect(decoder.feed([0x1B, 0x5B, 0x4D, 96]).isEmpty)
        #expect(decoder.feed([33, 33]) == [.mouse(MouseEvent(kind: .scrollUp, position: Position(x: 0, y: 0)))])
    }
}

@Suite struct ExtendedKeyTests {
    private func decode(_ text: String) -> [Event] {
        var decoder = InputDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test func modifyOtherKeysAndCSIuTellCtrlShiftCombinationsApart() {
        #expect(decode("\u{1B}[27;6;90~") == [.key(KeyEvent(.character("z"), modifiers: [.ctrl, .shift]))])
        #expect(decode("\u{1B}[122;6u") == [.key(KeyEvent(.character("z"), modifiers: [.ctrl, .shift]))])
        #expect(decode("\u{1B}[13;5u") == [.key(KeyEvent(.enter, modifiers: .ctrl))])
        #expect(decode("\u{1B}[97;2u") == [.key(.char("A"))])
        #expect(decode("\u{1B}[27;1;27~") == [.key(KeyEvent(.escape))])
        #expect(decode("\u{1B}[155;1u").isEmpty)
    }

    @Test func ctrlShiftZRedoesInTheEditor() {
        var state = TextEditorState(text: "a")
        state.move(.lineEnd)
        _ = state.handle(.char("b"))
        state.undo()
        for event in decode("\u{1B}[27;6;90~") { _ = state.handle(event) }
        #expect(state.text == "ab")
    }
}
