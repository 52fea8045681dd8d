/// Turns the raw bytes a terminal sends into `Event`s: UTF-8 text, control keys, xterm CSI/SS3
/// sequences with modifiers, SGR mouse reports, focus reports and bracketed paste.
///
/// Pure and incremental: feed bytes as they arrive; an incomplete sequence waits for more.
/// A lone ESC is ambiguous (Esc key, or the start of an Alt combination), so it stays pending
/// until more bytes arrive or the caller, after its ESC delay passed with no input, calls
/// `flush()`. Backends that read with `wget_wch` and keypad mode off feed every byte here.
package struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasting = false
    private var pasteBytes: [UInt8] = []

    package init() {}

    /// True when bytes are held back waiting for the rest of a sequence (or the ESC delay).
    package var hasPending: Bool { !pending.isEmpty }

    /// True inside a bracketed paste whose end marker has not arrived yet: every byte until then
    /// is paste text, so a lost end marker would swallow all further input. The caller ends such
    /// a paste with `endPaste()` once no byte has come for a while.
    package var isPasting: Bool { pasting }

    /// Decodes as many complete events as `bytes` (plus earlier leftovers) contain.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Event] {
        pending.append(contentsOf: bytes)
        return decode(final: false)
    }

    /// Resolves held-back bytes as if no more will come (a lone ESC becomes the Esc key). Inside
    /// a paste, the start of an end marker stays held back: its rest is on its way (the ESC delay
    /// is shorter than the gap between two reads of one paste can be).
    package mutating func flush() -> [Event] {
        decode(final: true)
    }

    /// Ends a paste whose end marker never came: what arrived is delivered as the paste, and the
    /// bytes after it are keys again.
    package mutating func endPaste() -> [Event] {
        guard pasting else { return [] }
        pasteBytes.append(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
        pasting = false
        let text = VisibleText.decode(pasteBytes)
        pasteBytes = []
        return text.isEmpty ? [] : [.paste(text)]
    }

    private mutating func decode(final: Bool) -> [Event] {
        var events: [Event] = []
        var index = 0
        while index < pending.count {
            if pasting {
                if let end = find(pasteEnd, in: pending, from: index) {
                    pasteBytes.append(contentsOf: pending[index..<end])
                    events.append(.paste(VisibleText.decode(pasteBytes)))
                    pasteBytes = []
                    pasting = false
                    index = end + pasteEnd.count
                    continue
                }
                // Keep the start of an end marker pending (even on `flush`: the paste is not over
                // until its marker says so); everything before it is paste text.
                let keep = partialEndLength(from: index)
                pasteBytes.append(contentsOf: pending[index..<(pending.count - keep)])
                pending.removeFirst(pending.count - keep)
                return events
            }
            switch parse(from: index, final: final) {
            case .event(let event, let length):
                if event == .paste("") {
                    pasting = true
                } else {
                    events.append(event)
                }
                index += length
            case .skip(let length):
                index += length
            case .incomplete:
                pending.removeFirst(index)
                return events
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    private let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// The length of the longest end of `pending` (from `start`) that begins the paste end marker.
    private func partialEndLength(from start: Int) -> Int {
        var length = min(pending.count - start, pasteEnd.count - 1)
        while length > 0 {
            if pending[(pending.count - length)...].elementsEqual(pasteEnd[..<length]) { return length }
            length -= 1
        }
        return 0
    }

    private func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for i in start...(haystack.count - needle.count) where haystack[i] == needle[0] {
            if Array(haystack[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }

    private enum Step {
        case event(Event, Int)
        case skip(Int)
        case incomplete
    }

    private func parse(from start: Int, final: Bool) -> Step {
        let byte = pending[start]
        if byte == 0x1B { return parseEscape(from: start, final: final) }
        if let event = controlKey(byte) { return .event(.key(event), 1) }
        return parseUTF8(from: start, final: final, alt: false)
    }

    private func controlKey(_ byte: UInt8) -> KeyEvent? {
        switch byte {
        case 0x0D, 0x0A: return KeyEvent(.enter)
        case 0x09: return KeyEvent(.tab)
        case 0x7F, 0x08: return KeyEvent(.backspace)
        case 0x00: return KeyEvent(.character(" "), modifiers: .ctrl)
        case 0x01...0x1A: return KeyEvent(.character(Character(Unicode.Scalar(byte + 0x60))), modifiers: .ctrl)
        case 0x1C...0x1F: return KeyEvent(.character(Character(Unicode.Scalar(byte + 0x18))), modifiers: .ctrl)
        default: return nil
        }
    }

    private func parseUTF8(from start: Int, final: Bool, alt: Bool) -> Step {
        let byte = pending[start]
        let length: Int
        switch byte {
        case 0..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(.key(KeyEvent(.character("\u{FFFD}"), modifiers: alt ? .alt : [])), 1)
        }
        if start + length > pending.count {
            if !final { return .incomplete }
            return .event(.key(KeyEvent(.character("\u{FFFD}"), modifiers: alt ? .alt : [])), pending.count - start)
        }
        let text = VisibleText.decode(pending[start..<(start + length)])
        guard let character = text.first else { return .skip(length) }
        if text.count > 1 || text.unicodeScalars.first?.value == 0xFFFD && byte >= 0x80 {
            return .event(.key(KeyEvent(.character("\u{FFFD}"), modifiers: alt ? .alt : [])), 1)
        }
        return .event(.key(KeyEvent(.character(character), modifiers: alt ? .alt : [])), length)
    }

    private func parseEscape(from start: Int, final: Bool) -> Step {
        guard start + 1 < pending.count else {
            return final ? .event(.key(KeyEvent(.escape)), 1) : .incomplete
        }
        let next = pending[start + 1]
        switch next {
        case 0x5B:  // ESC [
            return parseCSI(from: start, final: final)
        case 0x4F:  // ESC O
            guard start + 2 < pending.count else {
                return final ? .event(.key(KeyEvent(.character("O"), modifiers: .alt)), 2) : .incomplete
            }
            let key: Key? =
                switch pending[start + 2] {
                case 0x41: .up
                case 0x42: .down
                case 0x43: .right
                case 0x44: .left
                case 0x48: .home
                case 0x46: .end
                case 0x50: .function(1)
                case 0x51: .function(2)
                case 0x52: .function(3)
                case 0x53: .function(4)
                case 0x4D: .enter
                default: nil
                }
            if let key { return .event(.key(KeyEvent(key)), 3) }
            return .event(.key(KeyEvent(.character("O"), modifiers: .alt)), 2)
        case 0x1B:
            // ESC ESC: Alt+Esc, or Esc followed by a sequence; treat the first as the Esc key.
            return .event(.key(KeyEvent(.escape)), 1)
        default:
            if var event = controlKey(next) {
                event.modifiers.insert(.alt)
                return .event(.key(event), 2)
            }
            switch parseUTF8(from: start + 1, final: final, alt: true) {
            case .event(let event, let length): return .event(event, length + 1)
            case .skip(let length): return .skip(length + 1)
            case .incomplete: return .incomplete
            }
        }
    }

    private func parseCSI(from start: Int, final: Bool) -> Step {
        // ESC [ params... final (0x40–0x7E)
        var index = start + 2
        while index < pending.count {
            let byte = pending[index]
            if (0x40...0x7E).contains(byte) { break }
            if !(0x20...0x3F).contains(byte) {
                // Not a CSI after all: Alt+[ followed by something else.
                return .event(.key(KeyEvent(.character("["), modifiers: .alt)), 2)
            }
            index += 1
        }
        guard index < pending.count else {
            if final { return .event(.key(KeyEvent(.character("["), modifiers: .alt)), 2) }
            return .incomplete
        }
        let length = index - start + 1
        let finalByte = pending[index]
        let parameterBytes = pending[(start + 2)..<index]
        if finalByte == 0x4D, parameterBytes.isEmpty {  // ESC [ M b x y: legacy X10 mouse report
            guard index + 3 < pending.count else {
                return final ? .skip(pending.count - start) : .incomplete
            }
            return .event(.mouse(x10Mouse(pending[index + 1], pending[index + 2], pending[index + 3])), length + 3)
        }
        if parameterBytes.first == 0x3C {  // "<": SGR mouse
            guard let mouse = sgrMouse(parameterBytes.dropFirst(), release: finalByte == 0x6D) else {
                return .skip(length)
            }
            return .event(.mouse(mouse), length)
        }
        let parameters = String(decoding: parameterBytes, as: UTF8.self).split(
            separator: ";", omittingEmptySubsequences: false
        ).map { Int($0) ?? 0 }
        let modifiers = KeyModifiers(xtermParameter: parameters.count > 1 ? parameters[1] : 1)
        func key(_ key: Key) -> Step { .event(.key(KeyEvent(key, modifiers: modifiers)), length) }
        switch finalByte {
        case 0x41: return key(.up)
        case 0x42: return key(.down)
        case 0x43: return key(.right)
        case 0x44: return key(.left)
        case 0x48: return key(.home)
        case 0x46: return key(.end)
        case 0x50: return key(.function(1))
        case 0x51: return key(.function(2))
        case 0x52: return key(.function(3))
        case 0x53: return key(.function(4))
        case 0x5A: return .event(.key(KeyEvent(.backTab)), length)
        case 0x49: return .event(.focusGained, length)
        case 0x4F: return .event(.focusLost, length)
        case 0x7E:
            let code = parameters.first ?? 0
            if code == 200 { return .event(.paste(""), length) }  // start of bracketed paste
            if code == 201 { return .skip(length) }
            if code == 27, parameters.count == 3 {  // xterm modifyOtherKeys: ESC [ 27 ; mod ; code ~
                return codepointKey(parameters[2], modifiers: modifiers, length: length)
            }
            if let tilde = tildeKey(code) { return key(tilde) }
            return .skip(length)
        case 0x75:  // CSI u (fixterms / kitty): ESC [ code ; mod u
            return codepointKey(parameters.first ?? 0, modifiers: modifiers, length: length)
        default:
            return .skip(length)
        }
    }

    /// A key reported by its code point with explicit modifiers (modifyOtherKeys, CSI u).
    private func codepointKey(_ code: Int, modifiers: KeyModifiers, length: Int) -> Step {
        let key: Key
        switch code {
        case 9: key = .tab
        case 13: key = .enter
        case 27: key = .escape
        case 127, 8: key = .backspace
        default:
            guard let scalar = Unicode.Scalar(code), !VisibleText.isUnsafe(scalar) else { return .skip(length) }
            var character = Character(scalar)
            var mods = modifiers
            // Shift with a letter arrives as the base letter; keep the shifted form, as typed.
            if mods.contains(.shift), character.isLetter, !mods.contains(.ctrl) {
                character = Character(character.uppercased())
                mods.remove(.shift)
            }
            if mods.contains(.ctrl) { character = Character(character.lowercased()) }
            key = .character(character)
            return .event(.key(KeyEvent(key, modifiers: mods)), length)
        }
        return .event(.key(KeyEvent(key, modifiers: modifiers)), length)
    }
}
