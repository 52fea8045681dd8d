/// Modifier keys held with a key or mouse event.
package struct KeyModifiers: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let shift = KeyModifiers(rawValue: 1 << 0)
    package static let alt = KeyModifiers(rawValue: 1 << 1)
    package static let ctrl = KeyModifiers(rawValue: 1 << 2)

    /// Decodes the xterm modifier parameter (`1 + bits`: shift 1, alt 2, ctrl 4; meta counts as alt).
    package init(xtermParameter: Int) {
        let bits = max(0, xtermParameter - 1)
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.ctrl) }
        self = result
    }
}
