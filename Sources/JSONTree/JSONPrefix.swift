/// The part of a JSON text that has arrived so far, made a document of its own: cut after the
/// last value that is complete inside the containers still open, and those containers closed.
/// A body's first megabyte shows as a tree while the rest is on its way (issue 31).
///
/// A document made from a longer prefix of the same text keeps every tape index of one made from
/// a shorter prefix (and so does the whole text's): values are on the tape in text order, and what
/// arrives later only goes after them. A tree's folds (tape indices) and its selected row carry
/// from one to the next.
package struct JSONPrefix: Sendable, Equatable {
    /// The document: the kept bytes with the open containers closed.
    package let document: JSONDocument
    /// How many bytes of the text it holds (the rest of the prefix is a value not yet complete).
    package let keptCount: Int
    /// The containers left open at the cut, which the document closes (0: the text was whole).
    package let openContainers: Int

    /// The document of `prefix`, or nil when it has no container open yet with something to show
    /// (a top-level string or number still arriving, blank text) or what arrived is not JSON.
    package init?(_ prefix: UnsafeBufferPointer<UInt8>) {
        guard let cut = Self.cut(prefix) else { return nil }
        var completed = [UInt8]()
        completed.reserveCapacity(cut.count + cut.closers.count)
        completed.append(contentsOf: UnsafeBufferPointer(rebasing: prefix[..<cut.count]))
        completed.append(contentsOf: cut.closers.reversed())
        guard let document = try? JSONDocument(bytes: completed) else { return nil }
        self.document = document
        keptCount = cut.count
        openContainers = cut.closers.count
    }

    /// The document of `prefix` (see `init(_:)` with a buffer).
    package init?(_ prefix: [UInt8]) {
        guard let made = prefix.withUnsafeBufferPointer({ Self($0) }) else { return nil }
        self = made
    }

    /// Where to cut `prefix`, and the closing brackets of the containers open there (outermost
    /// first). A cut is made just inside a container that opens, just before a `,` (the value
    /// before it is complete) and just after a container that closes. Since a container closing
    /// makes a cut in its parent, the containers open at the last cut are still open at the end:
    /// the first `depth` of the stack.
    static func cut(_ prefix: UnsafeBufferPointer<UInt8>) -> (count: Int, closers: [UInt8])? {
        var stack: [UInt8] = []
        var cutCount: Int?
        var cutDepth = 0
        var inString = false
        var index = 0
        while index < prefix.count {
            let byte = prefix[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                cutCount = index + 1
                cutDepth = stack.count
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard stack.popLast() == byte else { return nil }
                cutCount = index + 1
                cutDepth = stack.count
                // The top-level value is whole: what follows it is not this document's.
                if stack.isEmpty { return (index + 1, []) }
            case UInt8(ascii: ","):
                guard !stack.isEmpty else { return nil }
                cutCount = index
                cutDepth = stack.count
            default:
                break
            }
            index += 1
        }
        guard let cutCount else { return nil }
        return (cutCount, Array(stack.prefix(cutDepth)))
    }
}
