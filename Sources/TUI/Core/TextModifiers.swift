/// Text attributes a cell can carry on top of its colours.
package struct TextModifiers: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let bold = TextModifiers(rawValue: 1 << 0)
    package static let dim = TextModifiers(rawValue: 1 << 1)
    package static let italic = TextModifiers(rawValue: 1 << 2)
    package static let underline = TextModifiers(rawValue: 1 << 3)
    package static let reverse = TextModifiers(rawValue: 1 << 4)
}
