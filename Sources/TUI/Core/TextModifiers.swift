/// Text attributes a cell can carry on top of its colours.
public struct TextModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextModifiers(rawValue: 1 << 0)
    public static let dim = TextModifiers(rawValue: 1 << 1)
    public static let italic = TextModifiers(rawValue: 1 << 2)
    public static let underline = TextModifiers(rawValue: 1 << 3)
    public static let reverse = TextModifiers(rawValue: 1 << 4)
}
