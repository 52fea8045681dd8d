/// How `JSONPrinter` lays out a document.
package struct JSONPrintOptions: Sendable, Hashable {
    /// Spaces per nesting level; 0 prints compact output on one line.
    package var indent: Int
    /// Members of every object in ascending key order (by Unicode scalar) instead of original order.
    package var sortKeys: Bool
    /// Wrap keys, strings, numbers and literals in ANSI colour sequences (for terminals).
    package var colored: Bool

    package init(indent: Int = 2, sortKeys: Bool = false, colored: Bool = false) {
        self.indent = indent
        self.sortKeys = sortKeys
        self.colored = colored
    }

    /// One line, no spaces: what servers send.
    package static let compact = JSONPrintOptions(indent: 0)
}
