/// A JSON path inside a collection file, written the way users read it: `folders[0].requests[3].method`.
///
/// Every member and element read gets a path, but only a diagnostic ever prints one: the path is a
/// chain of segments shared with its parent (one small allocation per step) and becomes text only
/// when asked, instead of building a string for each of the thousands of values in a large file.
struct DocumentPath: Sendable, CustomStringConvertible {
    enum Segment: Sendable {
        case key(String)
        case index(Int)
    }

    private final class Link: Sendable {
        let parent: Link?
        let segment: Segment

        init(parent: Link?, segment: Segment) {
            self.parent = parent
            self.segment = segment
        }
    }

    private let last: Link?

    static let root = DocumentPath(last: nil)

    private init(last: Link?) {
        self.last = last
    }

    func appending(_ key: String) -> DocumentPath {
        DocumentPath(last: Link(parent: last, segment: .key(key)))
    }

    func appending(index: Int) -> DocumentPath {
        DocumentPath(last: Link(parent: last, segment: .index(index)))
    }

    /// Whether `other` is this very path (the same steps object), not only an equal one.
    func isSame(as other: DocumentPath) -> Bool { last === other.last }

    /// The path before the last step, and that step: what a reader keeps to say a place later
    /// without holding an object of its own for each (the parent is shared by its siblings).
    var split: (parent: DocumentPath, last: Segment)? {
        last.map { (DocumentPath(last: $0.parent), $0.segment) }
    }

    /// `folders[0].requests[3].method`; a key that is not a plain name is quoted: `headers["X-Id"]`.
    var text: String {
        var segments: [Segment] = []
        var link = last
        while let current = link {
            segments.append(current.segment)
            link = current.parent
        }
        var text = ""
        for segment in segments.reversed() {
            switch segment {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainName(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                text += "[\"\(key)\"]"
            }
        }
        return text
    }

    var description: String { text }

    private static func isPlainName(_ key: String) -> Bool {
        !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
            }
    }
}
