/// Evaluates parsed segments against a document's tape. Node lists are plain arrays of handles;
/// nothing is decoded except the keys, strings and numbers a filter compares.
struct JSONPathEvaluator {
    let document: JSONDocument
    /// The document's tape and bytes, valid for the duration of `JSONPath.select` (hot loops
    /// read them without array bounds checks or reference counting).
    let tape: TapeView
    let bytes: UnsafeBufferPointer<UInt8>
    var regexCache = JSONPathRegexCache()

    init(document: JSONDocument, tape: TapeView, bytes: UnsafeBufferPointer<UInt8>) {
        self.document = document
        self.tape = tape
        self.bytes = bytes
    }

    /// Runs `body` with an evaluator over `document`'s raw storage.
    static func with<Result>(_ document: JSONDocument, _ body: (inout JSONPathEvaluator) -> Result) -> Result {
        document.tape.withView { tape in
            document.bytes.withUnsafeBufferPointer { bytes in
                var evaluator = JSONPathEvaluator(document: document, tape: tape, bytes: bytes)
                return body(&evaluator)
            }
        }
    }

    /// Distance to the end entry (0 for empty containers), without the overflow lookup when small.
    @inline(__always)
    func distance(_ index: Int) -> Int { distance(tape[index], index) }

    /// The same from an entry already read (saves decoding it twice).
    @inline(__always)
    func distance(_ entry: UInt64, _ index: Int) -> Int {
        let raw = Tape.rawPayload(entry)
        return raw == Tape.overflowMarker ? document.payload(index) : Int(truncatingIfNeeded: raw)
    }

    /// The entry after `entry`'s subtree (its next sibling, if any).
    @inline(__always)
    func following(_ entry: UInt64, _ index: Int) -> Int {
        Tape.isContainerStart(entry) ? index &+ distance(entry, index) &+ 1 : index &+ 1
    }

    /// Whether the member at `index` is named `name` (compares raw bytes unless the key has escapes).
    @inline(__always)
    func keyMatches(_ entry: UInt64, _ index: Int, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if Tape.keyHasEscapes(entry) { return document.keyEquals(JSONNode(index: index), Array(name)) }
        let start = Tape.offset(entry) &+ 1
        let end = start &+ name.count
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return false }
        var offset = 0
        while offset < name.count {
            if bytes[start &+ offset] != name[offset] { return false }
            offset &+= 1
        }
        return true
    }

    // MARK: - Segments and selectors

    /// Applies the segments depth-first: each input node is followed through every segment before
    /// the next one starts. The result order is the RFC's (segment by segment, concatenated), but
    /// each subtree is visited while it is in cache — on a 40 MB body this is several times faster
    /// than one pass per segment.
    /// The per-level buffers start empty and grow only when a level takes the general path: a
    /// query of `.name` and `[*]` steps (most of a run's checks) allocates nothing but its output.
    mutating func apply(_ segments: [JSONPathSegment], to node: JSONNode) -> [JSONNode] {
        var output: [JSONNode] = []
        var buffers: [[JSONNode]] = []
        walk(segments, level: 0, node: node, buffers: &buffers, output: &output)
        return output
    }

    private mutating func walk(
        _ segments: [JSONPathSegment],
        level: Int,
        node: JSONNode,
        buffers: inout [[JSONNode]],
        output: inout [JSONNode]
    ) {
        guard level < segments.count else {
            output.append(node)
            return
        }
        // Streaming fast path for the common `.name` and `[*]` steps: no intermediate list.
        let segment = segments[level]
        if !segment.isDescendant, segment.selectors.count == 1, Tape.isContainerStart(tape[node.index]) {
            let isArray = Tape.kindBits(tape[node.index]) == UInt64(JSONKind.array.rawValue)
            switch segment.selectors[0] {
            case .wildcard:
                var child = node.index &+ 1
                let end = node.index &+ distance(node.index)
                while child < end {
                    let next = following(tape[child], child)
                    walk(segments, level: level + 1, node: JSONNode(index: child), buffers: &buffers, output: &output)
                    child = next
                }
                return
            case .name(let name) where !isArray:
                var child = node.index &+ 1
                let end = node.index &+ distance(node.index)
                while child < end {
                    let entry = tape[child]
                    let next = following(entry, child)
                    let matches = name.withUnsafeBufferPointer { keyMatches(entry, child, $0) }
                    if matches {
                        walk(
                            segments, level: level + 1, node: JSONNode(index: child), buffers: &buffers, output: &output
                        )
                    }
                    child = next
                }
                return
            default:
                break
            }
        }
        // Take this level's buffer (reused across nodes) so deeper levels can use theirs.
        if buffers.count <= level { buffers.append(contentsOf: repeatElement([], count: level + 1 - buffers.count)) }
        var selected = buffers[level]
        buffers[level] = []
        selected.removeAll(keepingCapacity: true)
        apply(segments[level], to: node, into: &selected)
        for child in selected { walk(segments, level: level + 1, node: child, buffers: &buffers, output: &output) }
        buffers[level] = selected
    }

    /// One segment applied to one node.
    mutating func apply(_ segment: JSONPathSegment, to node: JSONNode, into output: inout [JSONNode]) {
        guard segment.isDescendant else {
            for selector in segment.selectors { select(selector, from: node, into: &output) }
            return
        }
        // Pre-order over the subtree is tape order; only containers have children to select.
        var index = node.index
        let end = node.index + document.subtreeEntryCount(node)
        while index < end {
            if Tape.isContainerStart(tape[index]) {
                for selector in segment.selectors { select(selector, from: JSONNode(index: index), into: &output) }
            }
            index += 1
            while index < end, Tape.isEnd(tape[index]) { index += 1 }
        }
    }

    mutating func select(_ selector: JSONPathSelector, from node: JSONNode, into output: inout [JSONNode]) {
        let entry = tape[node.index]
        guard Tape.isContainerStart(entry) else { return }
        let isArray = Tape.kindBits(entry) == UInt64(JSONKind.array.rawValue)
        switch selector {
        case .name(let name):
            guard !isArray else { return }
            name.withUnsafeBufferPointer { name in
                var child = node.index &+ 1
                let end = node.index &+ distance(node.index)
                while child < end {
                    let entry = tape[child]
                    if keyMatches(entry, child, name) { output.append(JSONNode(index: child)) }
                    child = following(entry, child)
                }
            }
        case .wildcard:
            var child = node.index &+ 1
            let end = node.index &+ distance(node.index)
            while child < end {
                output.append(JSONNode(index: child))
                child = following(tape[child], child)
            }
        case .index(let index):
            guard isArray else { return }
            let count = document.childCount(node)
            let position = index < 0 ? count + index : index
            if let child = document.childIndex(of: node.index, at: position) { output.append(JSONNode(index: child)) }
        case .slice(let start, let end, let step):
            guard isArray else { return }
            for position in JSONPathEvaluator.slicePositions(
                count: document.childCount(node), start: start, end: end, step: step)
            {
                if let child = document.childIndex(of: node.index, at: position) {
                    output.append(JSONNode(index: child))
                }
            }
        case .filter(let expression):
            for child in document.children(node) where test(expression, current: child) { output.append(child) }
        }
    }

    /// RFC 9535 §2.3.4.2.2: normalized slice bounds.
    static func slicePositions(count: Int, start: Int?, end: Int?, step: Int?) -> [Int] {
        let step = step ?? 1
        guard step != 0 else { return [] }
        func normalize(_ value: Int) -> Int { value >= 0 ? value : count + value }
        var positions: [Int] = []
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            var position = lower
            while position < upper {
                positions.append(position)
                position += step
            }
        } else {
            let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
            let lower = min(max(normalize(end ?? -count - 1), -1), count - 1)
            var position = upper
            while lower < position {
                positions.append(position)
                position += step
            }
        }
        return positions
    }
}

/// A comparison operand after evaluation: a node of the document, a literal, or nothing.
enum JSONPathValue {
    case nothing
    case node(JSONNode)
    case literal(JSONPathLiteral)
}

/// Values as comparisons see them.
enum JSONPathScalar {
    case nothing
    case number(JSONDecimal)
    case string(String)
    case bool(Bool)
    case null
    case container(JSONNode)
}
