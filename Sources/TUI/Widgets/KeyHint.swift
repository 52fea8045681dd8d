/// One "key: what it does" pair shown in a status bar, e.g. `^S save`.
public struct KeyHint: Hashable, Sendable {
    public var keys: String
    public var label: String

    public init(_ keys: String, _ label: String) {
        self.keys = keys
        self.label = label
    }
}
