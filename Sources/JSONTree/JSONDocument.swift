/// A parsed JSON body: the original bytes plus a flat tape of about 3 bytes per value (see `Tape`
/// and `TapeStorage`).
/// Strings and numbers stay as sent and are decoded only when asked for; key order and
/// duplicate keys are kept.
///
/// A value type: immutable after parsing and safe to share between threads. The bytes are an
/// array or borrowed memory such as a mapped file (`JSONBytes`): a document over a mapping keeps
/// none of the body's pages resident once parsed, and passes in document order over it
/// (`JSONPageRelease`) hand back the pages they went past.
package struct JSONDocument: Sendable, Equatable {
    /// The parts, in one object a copy shares: a document is handed from the response to every
    /// check, capture and query of it, and its eight references were retained and released at
    /// each copy (1 % of an in-process run).
    private struct Fields: Sendable {
        let bytes: JSONBytes
        let tape: TapeStorage
        let overflow: [Int: Int]
        let checkpoints: ChildCheckpoints
    }

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private let storage: Storage

    /// The body exactly as received.
    package var bytes: JSONBytes { storage.fields.bytes }
    var tape: TapeStorage { storage.fields.tape }
    var overflow: [Int: Int] { storage.fields.overflow }
    /// Every 64th child of every container, for random access into large ones.
    var checkpoints: ChildCheckpoints { storage.fields.checkpoints }

    /// Parses `bytes`; throws a `JSONParseError` pointing at the first problem.
    package init(bytes: [UInt8], options: JSONParseOptions = .strict) throws(JSONParseError) {
        try self.init(bytes: JSONBytes(bytes), options: options)
    }

    /// Parses `bytes`, held or borrowed; the pages of borrowed bytes are released behind the
    /// parse as it goes and all of them once parsed (what reads them later faults them back in).
    package init(bytes: JSONBytes, options: JSONParseOptions = .strict) throws(JSONParseError) {
        let release: ((Int) -> Void)? = bytes.isBorrowed ? { bytes.releasePages(0..<$0) } : nil
        let result = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in
            try JSONParser.parse(buffer, options: options, release: release)
        }
        bytes.releasePages(0..<bytes.count)
        storage = Storage(
            Fields(bytes: bytes, tape: result.tape, overflow: result.overflow, checkpoints: result.checkpoints))
    }

    /// Parses the UTF-8 encoding of `text`.
    package init(text: String, options: JSONParseOptions = .strict) throws(JSONParseError) {
        try self.init(bytes: Array(text.utf8), options: options)
    }

    /// The largest body a document can index: offsets on the tape are 32 bits.
    package static let maximumSize = Tape.maximumBodySize

    /// The top-level value.
    package var root: JSONNode { JSONNode(index: 0) }

    /// Number of tape entries (values plus one closing entry per container).
    package var tapeCount: Int { tape.count }

    /// Bytes the index holds (the tape's entries, its arrays and the overflow table by capacity),
    /// not counting the body.
    /// The overflow table is a dictionary: counted as its buckets of two words plus a bit each.
    package var indexMemory: Int {
        let buckets = overflow.capacity == 0 ? 0 : (overflow.capacity * 4 + 2) / 3
        return tape.memory + checkpoints.memory + buckets * (2 * MemoryLayout<Int>.stride) + buckets / 8
    }

    // MARK: - Entry access

    @inline(__always) func entry(_ node: JSONNode) -> UInt64 { tape[node.index] }

    /// The payload of entry `index`, resolving overflowed values.
    @inline(__always)
    func payload(_ index: Int) -> Int {
        let raw = Tape.rawPayload(tape[index])
        if raw == Tape.overflowMarker { return overflow[index] ?? 0 }
        return Int(truncatingIfNeeded: raw)
    }

    /// Tape index just past `node`'s subtree (its next sibling, if any).
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = tape[index]
        guard Tape.isContainerStart(entry) else { return index + 1 }
        let raw = Tape.rawPayload(entry)
        return index + (raw == Tape.overflowMarker ? overflow[index] ?? 0 : Int(truncatingIfNeeded: raw)) + 1
    }

    // MARK: - Kind and structure

    /// The node's kind.
    package func kind(_ node: JSONNode) -> JSONKind {
        JSONKind(rawValue: UInt8(truncatingIfNeeded: Tape.kindBits(entry(node)))) ?? .null
    }

    /// Number of members or elements (0 for scalars). O(1): stored in the closing entry.
    package func childCount(_ node: JSONNode) -> Int {
        guard Tape.isContainerStart(entry(node)) else { return 0 }
        let distance = payload(node.index)
        return distance == 0 ? 0 : payload(node.index + distance)
    }

    /// Number of tape entries in the node's subtree: its rows when the subtree is fully expanded.
    package func subtreeEntryCount(_ node: JSONNode) -> Int {
        Tape.isContainerStart(entry(node)) ? payload(node.index) + 1 : 1
    }

    /// The node's children in document order.
    package func children(_ node: JSONNode) -> JSONChildren {
        guard Tape.isContainerStart(entry(node)) else { return JSONChildren(document: self, start: 0, end: 0) }
        return JSONChildren(document: self, start: node.index + 1, end: node.index + payload(node.index))
    }

    /// The `position`-th child: O(log n + 64), from the nearest recorded 64th child.
    package func child(_ node: JSONNode, at position: Int) -> JSONNode? {
        guard Tape.isContainerStart(entry(node)) else { return nil }
        return childIndex(of: node.index, at: position).map { JSONNode(index: $0) }
    }

    /// The last member named `key` (the one JSON.parse would keep when keys repeat).
    package func child(_ node: JSONNode, key: String) -> JSONNode? {
        guard kind(node) == .object else { return nil }
        var found: JSONNode?
        let utf8 = Array(key.utf8)
        for child in children(node) where keyEquals(child, utf8) { found = child }
        return found
    }

    /// The member's parent; nil for the root. Walks down from the root: O(depth × (log n + 64)).
    package func parent(_ node: JSONNode) -> JSONNode? {
        ancestry(of: node).last?.parent
    }

    /// The chain of (parent, position in parent) from the root down to `node`.
    func ancestry(of node: JSONNode) -> [(parent: JSONNode, position: Int)] {
        var chain: [(parent: JSONNode, position: Int)] = []
        var current = 0
        while current != node.index, Tape.isContainerStart(tape[current]) {
            let end = current + payload(current)
            guard node.index > current, node.index < end else { break }
            let (position, child) = childPosition(in: current, containing: node.index)
            chain.append((JSONNode(index: current), position))
            current = child
        }
        return chain
    }

    /// Where the node sits: member names and array indices from the root.
    package func pathComponents(_ node: JSONNode) -> [JSONPathComponent] {
        let chain = ancestry(of: node)
        var components: [JSONPathComponent] = []
        for (offset, step) in chain.enumerated() {
            if kind(step.parent) == .array {
                components.append(.index(step.position))
            } else {
                let child = offset + 1 < chain.count ? chain[offset + 1].parent : node
                components.append(.key(key(child) ?? ""))
            }
        }
        return components
    }

    /// The node's normalized JSONPath (RFC 9535 §2.7), e.g. `$['store']['book'][0]`.
    package func jsonPath(_ node: JSONNode) -> String {
        JSONDocument.normalizedPath(pathComponents(node))
    }

    /// The node's JSON Pointer (RFC 6901), e.g. `/store/book/0`.
    package func jsonPointer(_ node: JSONNode) -> String {
        var result = ""
        for component in pathComponents(node) {
            switch component {
            case .index(let index): result += "/\(index)"
            case .key(let key):
                result += "/" + key.replacingEscapes()
            }
        }
        return result
    }

    /// Renders components as a normalized JSONPath.
    package static func normalizedPath(_ components: [JSONPathComponent]) -> String {
        var result = "$"
        for component in components {
            switch component {
            case .index(let index): result += "[\(index)]"
            case .key(let key): result += "['" + JSONDocument.escapeNormalized(key) + "']"
            }
        }
        return result
    }

    /// Escapes a member name for a normalized path: `'`, `\` and control characters.
    static func escapeNormalized(_ key: String) -> String {
        var result = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// RFC 6901 escaping of one reference token: `~` → `~0`, `/` → `~1`.
    fileprivate func replacingEscapes() -> String {
        var result = ""
        for character in self {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.append(character)
            }
        }
        return result
    }
}

extension JSONDocument {
    /// Two documents are equal when they were parsed from the same bytes into the same tape (the
    /// tape is a function of the bytes and the parse options, so its size tells the options apart).
    /// A copy shares its parts: equal without comparing bytes.
    package static func == (a: JSONDocument, b: JSONDocument) -> Bool {
        a.storage === b.storage || (a.tape.count == b.tape.count && a.bytes == b.bytes)
    }
}
