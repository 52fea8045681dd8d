/// One row of a `KeyValueEditor`: a header, query parameter or variable that can be switched off
/// without deleting it. (Collections store their rows as `Workspace.KeyValueRow`; the explorer
/// converts between the two.)
public struct KeyValueEditorRow: Hashable, Sendable {
    public var key: String
    public var value: String
    public var enabled: Bool

    public init(key: String, value: String, enabled: Bool = true) {
        self.key = key
        self.value = value
        self.enabled = enabled
    }
}
