/// A JSON path inside a collection file, written the way users read it: `folders[0].requests[3].method`.
///
/// Every member and element read gets a path, but only a diagnostic ever prints one: the path is a
/// chain of steps shared with its parent and becomes text only when asked, instead of building a
/// string for each of the thousands of values in a large file. Its last step is held in the value
/// itself and becomes a shared step (one small allocation) only when a longer path is made from it:
/// the elements of a list, read and left, allocate nothing (the list's own path is made shared
/// once, `shared`).
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

    /// The steps before `step`, shared with other paths.
    private let steps: Link?
    /// The last step when it is not in `steps` yet.
    private let step: Segment?

    static let root = DocumentPath(steps: nil, step: nil)

    private init(steps: Link?, step: Segment?) {
        self.steps = steps
        self.step = step
    }

    /// All steps shared: what a parent holds before its children's paths are made from it.
    var shared: DocumentPath {
        guard let step else { return self }
        return DocumentPath(steps: Link(parent: steps, segment: step), step: nil)
    }

    func appending(_ key: String) -> DocumentPath {
        DocumentPath(steps: shared.steps, step: .key(key))
    }

    func appending(index: Int) -> DocumentPath {
        DocumentPath(steps: shared.steps, step: .index(index))
    }

    /// Whether `other` is this very path (the same shared steps, none held apart), not only an
    /// equal one.
    func isSame(as other: DocumentPath) -> Bool {
        step == nil && other.step == nil && steps === other.steps
    }

    /// The path before the last step, and that step: what a reader keeps to say a place later
    /// without holding an object of its own for each (the parent is shared by its siblings).
    var split: (parent: DocumentPath, last: Segment)? {
        if let step { return (DocumentPath(steps: steps, step: nil), step) }
        return steps.map { (DocumentPath(steps: $0.parent, step: nil), $0.segment) }
    }

    /// `folders[0].requests[3].method`; a key that is not a plain name is quoted: `headers["X-Id"]`.
    var text: String {
        var segments: [Segment] = step.map { [$0] } ?? []
        var link = steps
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
