package import JSONTree

/// One difference between two documents.
package struct JSONDiffChange: Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        /// Only in the right document.
        case added
        /// Only in the left document.
        case removed
        /// In both, with another value (or another type).
        case changed
    }

    package let kind: Kind
    /// The value in the left document (removed, changed).
    package let left: JSONNode?
    /// The value in the right document (added, changed).
    package let right: JSONNode?
    /// Where: the left value's location, the right one's for an addition. With keyed arrays the
    /// index is the item's index on that side.
    package let path: [JSONPathComponent]
    /// For two short strings, what stayed, went and came, character by character.
    package let inline: [JSONDiffSegment]?

    /// The path in JSONPath's dot notation where it can be (`$.items[3].price`), brackets where
    /// not (`$['first name']`); a valid query either way.
    package var pathText: String { JSONDiffChange.pathText(path) }

    package static func pathText(_ path: [JSONPathComponent]) -> String {
        var text = "$"
        for component in path {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                if isShorthand(key) {
                    text += "." + key
                } else {
                    text += JSONDocument.normalizedPath([.key(key)]).dropFirst()
                }
            }
        }
        return text
    }

    /// ASCII letters, digits and `_`, not starting with a digit: safe as `.name`.
    private static func isShorthand(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}

/// A run of characters in an inline string diff.
package struct JSONDiffSegment: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case same
        case removed
        case added
    }

    package let kind: Kind
    package let text: String

    package init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

/// How many changes of each kind a diff found (all of them, also past `changeLimit`).
package struct JSONDiffCounts: Sendable, Equatable {
    package var added = 0
    package var removed = 0
    package var changed = 0

    package var total: Int { added + removed + changed }

    package init(added: Int = 0, removed: Int = 0, changed: Int = 0) {
        self.added = added
        self.removed = removed
        self.changed = changed
    }
}

/// The outcome of `JSONDiff.compare`: the changes in document order (the left's, additions after
/// the left values of their container) with both documents, to print the values from.
package struct JSONDiffResult: Sendable {
    package let left: JSONDocument
    package let right: JSONDocument
    package let changes: [JSONDiffChange]
    package let counts: JSONDiffCounts
    /// With `recordsPairs`: each left container paired with a right one that has a reported
    /// change inside, by tape index, to its right partner (empty otherwise).
    package let pairs: [Int: Int]

    package init(
        left: JSONDocument, right: JSONDocument, changes: [JSONDiffChange], counts: JSONDiffCounts,
        pairs: [Int: Int] = [:]
    ) {
        self.left = left
        self.right = right
        self.changes = changes
        self.counts = counts
        self.pairs = pairs
    }

    /// No difference (ignored paths aside).
    package var isSame: Bool { counts.total == 0 }
    /// More changes were found than `changeLimit` kept.
    package var isTruncated: Bool { counts.total > changes.count }
}
