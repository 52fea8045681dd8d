/// The children of a container in document order, skipping over each child's subtree in O(1).
package struct JSONChildren: Sequence, Sendable {
    let document: JSONDocument
    let start: Int
    let end: Int

    package struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var current: Int
        let end: Int

        package mutating func next() -> JSONNode? {
            guard current < end else { return nil }
            let node = JSONNode(index: current)
            current = document.next(after: current)
            return node
        }
    }

    package func makeIterator() -> Iterator { Iterator(document: document, current: start, end: end) }
}

/// The children of a container without holding the document: for hot loops (the JSON Schema
/// validator's) where copying the document into an iterator costs a retain of each of its arrays.
package struct JSONChildCursor: Sendable {
    var current: Int
    let end: Int

    @inline(__always)
    package mutating func next(in document: JSONDocument) -> JSONNode? {
        guard current < end else { return nil }
        let node = JSONNode(index: current)
        current = document.next(after: current)
        return node
    }
}

extension JSONDocument {
    /// A cursor over `node`'s children (none for a scalar).
    @inline(__always)
    package func childCursor(_ node: JSONNode) -> JSONChildCursor {
        guard Tape.isContainerStart(entry(node)) else { return JSONChildCursor(current: 0, end: 0) }
        return JSONChildCursor(current: node.index + 1, end: node.index + payload(node.index))
    }
}

extension JSONDocument {
    /// FNV-1a over a member name's UTF-8 (decoded when it has escapes), equal to
    /// `keyHash(name:)` of the same name: a dictionary lookup per member instead of a comparison
    /// per expected name. Nil for array elements and the root.
    package func keyHash(_ node: JSONNode) -> UInt64? {
        let entry = entry(node)
        guard Tape.isKeyed(entry) else { return nil }
        if Tape.keyHasEscapes(entry) { return key(node).map { Self.keyHash(name: Array($0.utf8)) } }
        let start = Tape.offset(entry) + 1
        return bytes.withUnsafeBufferPointer { buffer in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var index = start
            while index < buffer.count, buffer[index] != UInt8(ascii: "\"") {
                hash = (hash ^ UInt64(buffer[index])) &* 0x100_0000_01b3
                index += 1
            }
            return hash
        }
    }

    /// FNV-1a of `name`'s bytes.
    package static func keyHash(name: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
