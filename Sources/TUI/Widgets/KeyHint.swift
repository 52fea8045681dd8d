/// One "key: what it does" pair shown in a status bar, e.g. `^S save`.
package struct KeyHint: Hashable, Sendable {
    package var keys: String
    package var label: String

    package init(_ keys: String, _ label: String) {
        self.keys = keys
        self.label = label
    }
}
