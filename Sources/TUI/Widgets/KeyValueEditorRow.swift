/// One row of a `KeyValueEditor`: a header, query parameter or variable that can be switched off
/// without deleting it. (Collections store their rows as `Workspace.KeyValueRow`; the explorer
/// converts between the two.)
package struct KeyValueEditorRow: Hashable, Sendable {
    package var key: String
    package var value: String
    package var enabled: Bool

    package init(key: String, value: String, enabled: Bool = true) {
        self.key = key
        self.value = value
        self.enabled = enabled
    }
}
