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
