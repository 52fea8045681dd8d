/// Decoding of key codes and mouse reports, split out of `InputDecoder` to keep it readable.
extension InputDecoder {
    func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(code - 10)
        case 17...21: return .function(code - 11)
        case 23...26: return .function(code - 12)
        case 28, 29: return .function(code - 13)
        case 31...34: return .function(code - 14)
        default: return nil
        }
    }

    func x10Mouse(_ b: UInt8, _ x: UInt8, _ y: UInt8) -> MouseEvent {
        let code = Int(b) - 32
        let position = Position(x: max(0, Int(x) - 33), y: max(0, Int(y) - 33))
        var mouse = mouseEvent(code: code, position: position, release: code & 3 == 3 && code & 64 == 0)
        if case .release = mouse.kind { mouse.kind = .release(.left) }  // X10 does not say which button
        return mouse
    }

    func sgrMouse(_ bytes: ArraySlice<UInt8>, release: Bool) -> MouseEvent? {
        let numbers = String(decoding: bytes, as: UTF8.self).split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        return mouseEvent(
            code: numbers[0], position: Position(x: max(0, numbers[1] - 1), y: max(0, numbers[2] - 1)), release: release
        )
    }

    func mouseEvent(code: Int, position: Position, release: Bool) -> MouseEvent {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.ctrl) }
        let buttonBits = code & 3
        let button: MouseEvent.Button = buttonBits == 0 ? .left : buttonBits == 1 ? .middle : .right
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            switch buttonBits {
            case 0: kind = .scrollUp
            case 1: kind = .scrollDown
            case 2: kind = .scrollLeft
            default: kind = .scrollRight
            }
        } else if code & 32 != 0 {
            kind = buttonBits == 3 ? .moved : .drag(button)
        } else if release {
            kind = .release(button)
        } else {
            kind = .press(button)
        }
        return MouseEvent(kind: kind, position: position, modifiers: modifiers)
    }
}
