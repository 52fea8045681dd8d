/// A list that keeps its first element inline and only the others in an array: nearly every
/// future gets one outcome listener and one cancel hook, and an array for one element is an
/// allocation (and a release) on every request of a run.
struct InlineFirstList<Element> {
    private var first: Element?
    private var rest: [Element] = []

    init() {}

    var isEmpty: Bool { first == nil }

    mutating func append(_ element: Element) {
        if first == nil {
            first = element
        } else {
            rest.append(element)
        }
    }

    /// Calls `body` with each element in the order they were appended.
    func forEach(_ body: (Element) throws -> Void) rethrows {
        guard let first else { return }
        try body(first)
        for element in rest { try body(element) }
    }

    /// The elements, the list left empty.
    mutating func take() -> Self {
        let taken = self
        self = Self()
        return taken
    }
}

extension InlineFirstList: Sendable where Element: Sendable {}
