/// The text form of keys used by keymap files, key hints and the help overlay:
/// modifiers joined with `+` before a key name, e.g. `ctrl+s`, `alt+enter`, `shift+tab`, `F5`,
/// `pgdn`, `space`, `G`, `/`.
package enum KeySpec {
    private static let names: [(String, Key)] = [
        ("enter", .enter), ("tab", .tab), ("backtab", .backTab), ("backspace", .backspace), ("esc", .escape),
        ("up", .up), ("down", .down), ("left", .left), ("right", .right), ("home", .home), ("end", .end),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("insert", .insert), ("delete", .delete),
        ("space", .character(" ")),
    ]

    private static let aliases: [String: Key] = [
        "return": .enter, "escape": .escape, "pageup": .pageUp, "pagedown": .pageDown, "del": .delete,
        "ins": .insert, "bs": .backspace,
    ]

    /// Parses one key, e.g. `ctrl+shift+up`. Returns `nil` for text that names no key.
    package static func parse(_ text: String) -> KeyEvent? {
        guard !text.isEmpty else { return nil }
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "+" itself, or "ctrl++".
        if text.hasSuffix("+") {
            parts.removeLast(2)
            parts.append("+")
        }
        guard let keyName = parts.popLast(), !keyName.isEmpty else { return nil }
        var modifiers: KeyModifiers = []
        for part in parts {
            switch part.lowercased() {
            case "ctrl", "control", "c": modifiers.insert(.ctrl)
            case "alt", "meta", "m", "option": modifiers.insert(.alt)
            case "shift", "s": modifiers.insert(.shift)
            default: return nil
            }
        }
        guard let key = key(named: keyName) else { return nil }
        if case .character(let c) = key, modifiers.contains(.ctrl) {
            return KeyEvent(.character(Character(c.lowercased())), modifiers: modifiers)
        }
        if key == .tab, modifiers == .shift { return KeyEvent(.backTab) }
        return KeyEvent(key, modifiers: modifiers)
    }

    private static func key(named name: String) -> Key? {
        // A character key must be one that is drawn as itself: a control or format character
        // (DEL, ESC, U+202E…) is no key a user types as text (the terminal sends those as named
        // keys), and its shown name could not be read back from a keymap file or the help.
        if name.count == 1, let c = name.first { return VisibleText.sanitize(name) == name ? .character(c) : nil }
        let lower = name.lowercased()
        if let match = names.first(where: { $0.0 == lower }) { return match.1 }
        if let alias = aliases[lower] { return alias }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()), (1...24).contains(n) { return .function(n) }
        return nil
    }

    /// The canonical text of a key event (what `parse` reads back).
    package static func name(of event: KeyEvent) -> String {
        var prefix = ""
        if event.modifiers.contains(.ctrl) { prefix += "ctrl+" }
        if event.modifiers.contains(.alt) { prefix += "alt+" }
        if event.modifiers.contains(.shift) { prefix += "shift+" }
        // Shift+Tab is its own key (`backTab`, named "shift+tab"); with another modifier, that
        // name would read back as Tab with Shift, so it keeps the name "backtab".
        if event.key == .backTab, !prefix.isEmpty { return prefix + "backtab" }
        return prefix + name(of: event.key)
    }

    /// The canonical name of a key.
    package static func name(of key: Key) -> String {
        switch key {
        case .character(" "): return "space"
        case .character(let c): return VisibleText.sanitize(String(c))
        case .function(let n): return "F\(n)"
        case .backTab: return "shift+tab"
        default: return names.first { $0.1 == key }?.0 ?? "?"
        }
    }
}
