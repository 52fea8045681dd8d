/// Evaluates parsed segments against a document's tape. Node lists are plain arrays of handles;
/// nothing is decoded except the keys, strings and numbers a filter compares.
struct JSONPathEvaluator {
    let document: JSONDocument
    /// The document's tape and bytes, valid for the duration of `JSONPath.select` (hot loops
    /// read them without array bounds checks or reference counting).
    let tape: UnsafeBufferPointer<UInt64>
    let bytes: UnsafeBufferPointer<UInt8>
    var regexCache = JSONPathRegexCache()

    init(document: JSONDocument, tape: UnsafeBufferPointer<UInt64>, bytes: UnsafeBufferPointer<UInt8>) {
        self.document = document
        self.tape = tape
        self.bytes = bytes
    }

    /// Runs `body` with an evaluator over `document`'s raw storage.
    static func with<Result>(_ document: JSONDocument, _ body: (inout JSONPathEvaluator) -> Result) -> Result {
        document.tape.withUnsafeBufferPointer { tape in
            document.bytes.withUnsafeBufferPointer { bytes in
                var evaluator = JSONPathEvaluator(document: document, tape: tape, bytes: bytes)
                return body(&evaluator)
            }
        }
    }

    /// Distance to the end entry (0 for empty containers), without the overflow lookup when small.
    @inline(__always)
    func distance(_ index: Int) -> Int {
        let raw = Tape.rawPayload(tape[index])
        return raw == Tape.overflowMarker ? document.payload(index) : Int(truncatingIfNeeded: raw)
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
    mutating func apply(_ segments: [JSONPathSegment], to input: [JSONNode]) -> [JSONNode] {
        var output: [JSONNode] = []
        var buffers = [[JSONNode]](repeating: [], count: segments.count)
        for node in input { walk(segments, level: 0, node: node, buffers: &buffers, output: &output) }
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
                    let next = Tape.isContainerStart(tape[child]) ? child &+ distance(child) &+ 1 : child &+ 1
                    walk(segments, level: level + 1, node: JSONNode(index: child), buffers: &buffers, output: &output)
                    child = next
                }
                return
            case .name(let name) where !isArray:
                var child = node.index &+ 1
                let end = node.index &+ distance(node.index)
                while child < end {
                    let entry = tape[child]
                    let next = Tape.isContainerStart(entry) ? child &+ distance(child) &+ 1 : child &+ 1
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
                    child = Tape.isContainerStart(entry) ? child &+ distance(child) &+ 1 : child &+ 1
                }
            }
        case .wildcard:
            var child = node.index &+ 1
            let end = node.index &+ distance(node.index)
            while child < end {
                output.append(JSONNode(index: child))
                child = Tape.isContainerStart(tape[child]) ? child &+ distance(child) &+ 1 : child &+ 1
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

    // MARK: - Filters

    mutating func test(_ expression: JSONPathExpression, current: JSONNode) -> Bool {
        switch expression {
        case .or(let terms):
            for term in terms where test(term, current: current) { return true }
            return false
        case .and(let terms):
            for term in terms where !test(term, current: current) { return false }
            return true
        case .not(let inner):
            return !test(inner, current: current)
        case .exists(let query):
            return !evaluate(query, current: current).isEmpty
        case .comparison(let left, let comparison, let right):
            return compare(value(left, current: current), comparison, value(right, current: current))
        case .function(let function, let arguments):
            return logical(function, arguments, current: current)
        }
    }

    mutating func evaluate(_ query: JSONPathQuery, current: JSONNode) -> [JSONNode] {
        apply(query.segments, to: [query.isRelative ? current : document.root])
    }

    /// The value of a comparison operand or value-typed argument.
    mutating func value(_ operand: JSONPathOperand, current: JSONNode) -> JSONPathValue {
        switch operand {
        case .literal(let literal): return .literal(literal)
        case .query(let query): return evaluate(query, current: current).first.map { .node($0) } ?? .nothing
        case .function(let function, let arguments):
            switch function {
            case .length:
                switch value(arguments[0], current: current) {
                case .literal(.string(let string)): return .literal(.number(Double(string.unicodeScalars.count)))
                case .node(let node):
                    switch document.kind(node) {
                    case .string:
                        return .literal(.number(Double((document.string(node) ?? "").unicodeScalars.count)))
                    case .array, .object: return .literal(.number(Double(document.childCount(node))))
                    default: return .nothing
                    }
                default: return .nothing
                }
            case .count:
                return .literal(.number(Double(nodes(arguments[0], current: current).count)))
            case .value:
                let selected = nodes(arguments[0], current: current)
                return selected.count == 1 ? .node(selected[0]) : .nothing
            case .match, .search:
                return .literal(.bool(logical(function, arguments, current: current)))
            }
        case .logical(let expression): return .literal(.bool(test(expression, current: current)))
        }
    }

    mutating func nodes(_ operand: JSONPathOperand, current: JSONNode) -> [JSONNode] {
        guard case .query(let query) = operand else { return [] }
        return evaluate(query, current: current)
    }

    mutating func logical(_ function: JSONPathFunction, _ arguments: [JSONPathOperand], current: JSONNode) -> Bool {
        switch function {
        case .match, .search:
            guard let subject = string(value(arguments[0], current: current)),
                let pattern = string(value(arguments[1], current: current))
            else { return false }
            return regexCache.matches(subject, pattern: pattern, whole: function == .match)
        default:
            return false
        }
    }

    func string(_ value: JSONPathValue) -> String? {
        switch value {
        case .literal(.string(let string)): string
        case .node(let node): document.string(node)
        default: nil
        }
    }

    // MARK: - Comparison (RFC 9535 §2.3.5.2.2)

    func compare(_ left: JSONPathValue, _ comparison: JSONPathComparison, _ right: JSONPathValue) -> Bool {
        switch comparison {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        }
    }

    func scalar(_ value: JSONPathValue) -> JSONPathScalar {
        switch value {
        case .nothing: return .nothing
        case .literal(.number(let number)): return .number(number)
        case .literal(.string(let string)): return .string(string)
        case .literal(.bool(let bool)): return .bool(bool)
        case .literal(.null): return .null
        case .node(let node):
            switch document.kind(node) {
            case .number:
                return .number((try? document.double(node)) ?? Double(document.numberText(node) ?? "") ?? .nan)
            case .string: return .string(document.string(node) ?? "")
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .null: return .null
            case .array, .object: return .container(node)
            }
        }
    }

    func equal(_ left: JSONPathValue, _ right: JSONPathValue) -> Bool {
        switch (scalar(left), scalar(right)) {
        case (.nothing, .nothing): return true
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.container(let a), .container(let b)): return deepEqual(a, b)
        default: return false
        }
    }

    func less(_ left: JSONPathValue, _ right: JSONPathValue) -> Bool {
        switch (scalar(left), scalar(right)) {
        case (.number(let a), .number(let b)): return a < b
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars)
        default: return false
        }
    }

    /// Structural equality of two subtrees, iteratively (any depth is safe).
    func deepEqual(_ left: JSONNode, _ right: JSONNode) -> Bool {
        var pending = [(left, right)]
        while let (a, b) = pending.popLast() {
            let kind = document.kind(a)
            guard kind == document.kind(b) else { return false }
            switch kind {
            case .array:
                guard document.childCount(a) == document.childCount(b) else { return false }
                pending.append(contentsOf: zip(document.children(a), document.children(b)))
            case .object:
                var members: [String: JSONNode] = [:]
                for child in document.children(b) { members[document.key(child) ?? ""] = child }
                var seen: Set<String> = []
                for child in document.children(a) {
                    let key = document.key(child) ?? ""
                    guard let other = members[key] else { return false }
                    seen.insert(key)
                    pending.append((child, other))
                }
                guard seen.count == members.count else { return false }
            default:
                guard equal(.node(a), .node(b)) else { return false }
            }
        }
        return true
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
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case container(JSONNode)
}
