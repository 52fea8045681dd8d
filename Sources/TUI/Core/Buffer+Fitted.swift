extension Buffer {
    /// Writes `text` like `write`, its end replaced by `…` when it does not fit before `maxX`, so
    /// a cut name ("Change a post's titl…") reads as cut rather than as the whole name.
    @discardableResult
    package mutating func writeFitted(
        _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, maxX: Int? = nil
    ) -> Int {
        let limit = min(maxX ?? area.right, area.right)
        guard limit - x > 1, CharacterWidth.of(text) > limit - x else {
            return write(text, x: x, y: y, style: style, maxX: limit)
        }
        let end = write(text, x: x, y: y, style: style, maxX: limit - 1)
        return write("…", x: end, y: y, style: style, maxX: limit)
    }
}
