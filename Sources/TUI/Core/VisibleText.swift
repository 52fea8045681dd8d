internal import TerminalText

/// Turns untrusted text into clusters that are safe to put on a terminal.
///
/// Server data reaches the screen, so no control or escape character may ever be emitted:
/// C0 controls and DEL become Unicode control pictures (`␛`, `␀`, `␇`, …), C1 controls, bidi
/// overrides/isolates and stray zero-width format characters become `<U+XXXX>`, and a combining
/// mark without a base is shown on a dotted circle. Invalid UTF-8 is already U+FFFD once the
/// bytes are decoded with `VisibleText.decode(_:)`.
package enum VisibleText {
    /// Decodes bytes as UTF-8, replacing invalid sequences with U+FFFD (never fails).
    package static func decode(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// True when the scalar must never be written to a terminal as-is: `TerminalText`'s
    /// definition, the one the command-line printers use too.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        TerminalText.isUnsafe(scalar)
    }

    /// The text with every unsafe character replaced by its visible form.
    package static func sanitize(_ text: some StringProtocol) -> String {
        var result = ""
        for character in text {
            forEachCell(of: character) { cluster, _ in result.append(cluster) }
        }
        return result
    }

    /// Calls `body` with each safe cluster (and its width, 1 or 2) that `character` is drawn as.
    package static func forEachCell(of character: Character, _ body: (Character, Int) -> Void) {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
            body(character, 1)
            return
        }
        let scalars = character.unicodeScalars
        // A presentation selector is unsafe unless it follows a visible scalar of its own cluster
        // (`❤️`); a cluster starting with one, or a run of them, is shown.
        var previous: Unicode.Scalar?
        var hasUnsafe = false
        for scalar in scalars {
            if TerminalText.isUnsafe(scalar, after: previous) {
                hasUnsafe = true
                break
            }
            previous = scalar
        }
        if hasUnsafe {
            previous = nil
            for scalar in scalars {
                if TerminalText.isUnsafe(scalar, after: previous) {
                    for picture in visibleForm(of: scalar) { body(picture, 1) }
                } else {
                    forEachCell(of: Character(scalar), body)
                }
                previous = scalar
            }
            return
        }
        let width = CharacterWidth.of(character)
        if width > 0 {
            body(character, width)
            return
        }
        // A cluster with no width of its own: a lone combining mark or an invisible format character.
        guard let first = scalars.first else { return }
        let category = first.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark || category == .spacingMark {
            var dotted = "\u{25CC}"
            dotted.unicodeScalars.append(contentsOf: scalars)
            body(Character(dotted), 1)
        } else {
            for scalar in scalars {
                for picture in codePointForm(of: scalar) { body(picture, 1) }
            }
        }
    }

    /// The visible stand-in for an unsafe scalar.
    static func visibleForm(of scalar: Unicode.Scalar) -> String {
        TerminalText.visibleForm(of: scalar)
    }

    private static func codePointForm(of scalar: Unicode.Scalar) -> String {
        TerminalText.codePointForm(of: scalar)
    }
}
