/// Terminal column widths of characters, from the generated `CharacterWidthTable` (never from the
/// process locale, so every machine lays text out the same way).
package enum CharacterWidth {
    /// Columns one scalar takes on its own: 0, 1 or 2. Controls count as 1 here; `VisibleText`
    /// replaces them before they reach a cell.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return 1 }
        if contains(CharacterWidthTable.zero, value) { return 0 }
        if contains(CharacterWidthTable.wide, value) { return 2 }
        return 1
    }

    /// Columns a grapheme cluster takes: the width of its base, widened to 2 by an emoji
    /// presentation selector (U+FE0F) or a regional-indicator flag pair.
    package static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return 1 }
        var iterator = character.unicodeScalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        var width = of(first)
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        while let next = iterator.next() {
            if next.value == 0xFE0F, width == 1 { width = 2 }
        }
        return width
    }

    /// Columns a string takes once drawn (after controls are made visible).
    package static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text {
            if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
                total += 1
                continue
            }
            VisibleText.forEachCell(of: character) { _, width in total += width }
        }
        return total
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
