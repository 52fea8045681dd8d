extension JSONDocument {
    /// Lets the system drop the pages of `range` when the bytes are borrowed (a mapped file):
    /// they stay readable and are read back from the file when touched. Nothing for an array.
    package func releaseBytes(_ range: Range<Int>) {
        bytes.releasePages(range)
    }

    /// Where the node's text starts (an object member's at its key): O(1), for `JSONPageRelease`.
    package func textStart(_ node: JSONNode) -> Int {
        Tape.offset(entry(node))
    }
}

/// For a pass in document order over a document whose bytes are borrowed (a diff, a printer):
/// each time the pass has moved `stride` bytes on, the pages before where it is are handed back,
/// so it keeps a window of the body resident instead of all of it. Pages it reads again behind
/// itself are read back from the file. Does nothing for a document over an array.
package struct JSONPageRelease: Sendable {
    /// How far a pass moves between two releases (and the window a long comparison reads).
    package static let stride = 4 << 20

    private let active: Bool
    private var mark = 0

    package init(_ document: JSONDocument) {
        active = document.bytes.isBorrowed
    }

    /// The pass is at byte `offset` of `document` (the one given to `init`).
    @inline(__always)
    package mutating func reached(_ offset: Int, in document: JSONDocument) {
        guard active, offset >= mark &+ JSONPageRelease.stride else { return }
        document.releaseBytes(0..<offset)
        mark = offset
    }
}
