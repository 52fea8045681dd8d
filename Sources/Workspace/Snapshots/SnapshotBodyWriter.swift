import JSONTree

/// One walk of `SnapshotCanonicalizer` over a body's tape, writing its canonical text as bytes
/// exactly as `CanonicalJSONWriter` writes the same value (the snapshot files of before stay
/// byte-equal). Strings and names without escapes, secrets or characters to escape are copied
/// as they are in the body; only the others are decoded.
struct SnapshotBodyWriter {
    /// A member of an object being written: its name as compared and written (masked).
    private struct Member {
        var node: JSONNode
        /// The name's bytes in the body, when `decoded` is nil.
        var raw: Range<Int>
        var decoded: [UInt8]?
        /// Printable ASCII without quote or backslash: written between quotes as it is.
        var plain: Bool
    }

    /// How an item of a keyed array is ordered: by its key's value, numbers as numbers and
    /// before every other kind, the others by their compact canonical text.
    private enum SortKey {
        case number(JSONDecimal)
        case text([UInt8])
    }

    private static let ignoredMarker = Array(SnapshotCanonicalizer.ignoredMarker.utf8)

    private let canonicalizer: SnapshotCanonicalizer
    private let document: JSONDocument
    private let bytes: [UInt8]
    private let pretty: Bool
    private let indent: Int
    private(set) var output: [UInt8] = []
    /// The members of every object being written, one segment per open object, sorted in place.
    private var members: [Member] = []

    init(_ canonicalizer: SnapshotCanonicalizer, pretty: Bool, indent: Int) {
        self.canonicalizer = canonicalizer
        self.document = canonicalizer.document
        self.bytes = canonicalizer.document.bytes.arrayValue
        self.pretty = pretty
        self.indent = indent
    }

    mutating func reserve(_ count: Int) {
        output.reserveCapacity(count)
    }

    mutating func write(_ node: JSONNode, level: Int) throws(SnapshotError) {
        if !canonicalizer.ignored.isEmpty, canonicalizer.ignored.contains(node) {
            writeLiteral(Self.ignoredMarker[...])
            return
        }
        guard level < SnapshotCanonicalizer.maximumDepth else {
            throw SnapshotError(
                "the body nests deeper than \(SnapshotCanonicalizer.maximumDepth) levels: too deep for a snapshot")
        }
        switch document.kind(node) {
        case .null: output.append(contentsOf: "null".utf8)
        case .true: output.append(contentsOf: "true".utf8)
        case .false: output.append(contentsOf: "false".utf8)
        case .number: CanonicalNumber.append(bytes[document.byteRange(node)], to: &output)
        case .string:
            if let range = document.unescapedStringRange(node) {
                writeText(bytes[range])
            } else {
                writeLiteral(Array(masked(document.string(node) ?? "").utf8)[...])
            }
        case .array: try writeArray(node, level: level)
        case .object: try writeObject(node, level: level)
        }
    }

    private mutating func writeArray(_ node: JSONNode, level: Int) throws(SnapshotError) {
        guard document.childCount(node) > 0 else {
            output.append(contentsOf: "[]".utf8)
            return
        }
        output.append(UInt8(ascii: "["))
        var first = true
        if !canonicalizer.keyed.isEmpty, let key = canonicalizer.keyed[node] {
            for item in try keyedOrder(node, key: key, level: level) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                newline(level + 1)
                try write(item, level: level + 1)
            }
        } else {
            for item in document.children(node) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                newline(level + 1)
                try write(item, level: level + 1)
            }
        }
        newline(level)
        output.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ node: JSONNode, level: Int) throws(SnapshotError) {
        guard document.childCount(node) > 0 else {
            output.append(contentsOf: "{}".utf8)
            return
        }
        let start = members.count
        for child in document.children(node) { members.append(member(child)) }
        let end = members.count
        // Equal names (a duplicate key) keep their order in the body.
        let bytes = bytes
        members[start..<end].sort { left, right in
            let order = Self.compare(Self.name(left, in: bytes), Self.name(right, in: bytes))
            return order != 0 ? order < 0 : left.node.index < right.node.index
        }
        output.append(UInt8(ascii: "{"))
        for index in start..<end {
            if index > start { output.append(UInt8(ascii: ",")) }
            newline(level + 1)
            let member = members[index]
            if member.plain {
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: name(member))
                output.append(UInt8(ascii: "\""))
            } else {
                writeEscaped(name(member))
            }
            output.append(UInt8(ascii: ":"))
            if pretty { output.append(UInt8(ascii: " ")) }
            try write(member.node, level: level + 1)
        }
        members.removeSubrange(start..<end)
        newline(level)
        output.append(UInt8(ascii: "}"))
    }

    /// The items of a keyed array in their stored order: items with the key first, ordered by
    /// its value, then those without it; equal keys keep the order they came in.
    private mutating func keyedOrder(_ array: JSONNode, key: [UInt8], level: Int) throws(SnapshotError)
        -> [JSONNode]
    {
        var items: [(node: JSONNode, key: SortKey?)] = []
        for item in document.children(array) { items.append((item, try sortKey(of: item, key: key, level: level))) }
        let order = items.indices.sorted { left, right in
            switch (items[left].key, items[right].key) {
            case (nil, nil): return left < right
            case (nil, _): return false
            case (_, nil): return true
            case (let a?, let b?):
                let order = Self.compare(a, b)
                return order != 0 ? order < 0 : left < right
            }
        }
        return order.map { items[$0].node }
    }

    /// The value of `item`'s member named `key` (the first, if repeated), as it is ordered.
    private mutating func sortKey(of item: JSONNode, key: [UInt8], level: Int) throws(SnapshotError) -> SortKey? {
        let ignored = canonicalizer.ignored
        guard !ignored.contains(item), document.kind(item) == .object else { return nil }
        for child in document.children(item) where name(member(child)).elementsEqual(key) {
            if ignored.contains(child) {
                return .text([UInt8(ascii: "\"")] + Self.ignoredMarker + [UInt8(ascii: "\"")])
            }
            if document.kind(child) == .number, let decimal = JSONDecimal(bytes[document.byteRange(child)]) {
                return .number(decimal)
            }
            var compact = SnapshotBodyWriter(canonicalizer, pretty: false, indent: 0)
            try compact.write(child, level: level + 2)
            return .text(compact.output)
        }
        return nil
    }

    private static func compare(_ left: SortKey, _ right: SortKey) -> Int {
        switch (left, right) {
        case (.number(let a), .number(let b)): JSONDecimal.order(a, b)
        case (.number, _): -1
        case (_, .number): 1
        case (.text(let a), .text(let b)): compare(a[...], b[...])
        }
    }

    /// A member with its name masked, ready to sort and write.
    private func member(_ node: JSONNode) -> Member {
        if let range = document.unescapedKeyRange(node) {
            if let masked = redacted(bytes[range]) {
                return Member(node: node, raw: range, decoded: masked, plain: Self.isPlain(masked[...]))
            }
            return Member(node: node, raw: range, decoded: nil, plain: Self.isPlain(bytes[range]))
        }
        let decoded = Array(masked(document.key(node) ?? "").utf8)
        return Member(node: node, raw: 0..<0, decoded: decoded, plain: Self.isPlain(decoded[...]))
    }

    private func name(_ member: Member) -> ArraySlice<UInt8> {
        Self.name(member, in: bytes)
    }

    private static func name(_ member: Member, in bytes: [UInt8]) -> ArraySlice<UInt8> {
        member.decoded?[...] ?? bytes[member.raw]
    }

    /// A string's contents read in place (no escapes): masked, then written.
    private mutating func writeText(_ text: ArraySlice<UInt8>) {
        if let masked = redacted(text) {
            writeLiteral(masked[...])
        } else {
            writeLiteral(text)
        }
    }

    /// A string already masked, as a literal.
    private mutating func writeLiteral(_ text: ArraySlice<UInt8>) {
        guard Self.isPlain(text) else { return writeEscaped(text) }
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: text)
        output.append(UInt8(ascii: "\""))
    }

    /// A string that needs escapes or holds non-ASCII text: `CanonicalJSONWriter`'s escaping.
    private mutating func writeEscaped(_ text: ArraySlice<UInt8>) {
        var literal = ""
        CanonicalJSONWriter.appendString(String(decoding: text, as: UTF8.self), to: &literal)
        output.append(contentsOf: literal.utf8)
    }

    private func redacted(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard !canonicalizer.redactor.isEmpty else { return nil }
        return text.withUnsafeBufferPointer { canonicalizer.redactor.redact(bytes: $0) }
    }

    private func masked(_ text: String) -> String {
        canonicalizer.redactor.isEmpty ? text : canonicalizer.redactor.redact(text)
    }

    private mutating func newline(_ level: Int) {
        guard pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * (indent + level)))
    }

    /// Printable ASCII but `"` and `\`: what the canonical writer leaves as it is.
    private static func isPlain(_ text: ArraySlice<UInt8>) -> Bool {
        for byte in text where byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x5C { return false }
        return true
    }

    /// -1, 0 or 1 as `left`'s bytes sort before, equal or after `right`'s.
    private static func compare(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Int {
        var leftIndex = left.startIndex
        var rightIndex = right.startIndex
        while leftIndex < left.endIndex, rightIndex < right.endIndex {
            let a = left[leftIndex]
            let b = right[rightIndex]
            if a != b { return a < b ? -1 : 1 }
            leftIndex += 1
            rightIndex += 1
        }
        let leftDone = leftIndex == left.endIndex
        let rightDone = rightIndex == right.endIndex
        return leftDone == rightDone ? 0 : leftDone ? -1 : 1
    }
}
