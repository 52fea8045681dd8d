import JSONTree

/// The walk behind `JSONDiff.compare`: an explicit stack of value pairs (nesting costs no call
/// stack), children pushed in reverse so changes come out in document order.
struct JSONDiffEngine {
    struct Found {
        let kind: JSONDiffChange.Kind
        let left: JSONNode?
        let right: JSONNode?
    }

    private enum Task {
        /// Two values to compare; the first `verified` bytes of their texts are known to be equal.
        case pair(JSONNode, JSONNode, verified: Int)
        case removed(JSONNode)
        case added(JSONNode)
        /// After a recorded pair's children: the pair is forgotten when they changed nothing.
        case end(left: Int, total: Int)
    }

    let left: JSONDocument
    let right: JSONDocument
    private let limit: Int
    private let leftIgnored: Set<Int>
    private let rightIgnored: Set<Int>
    private let leftKeys: [Int: [String]]
    private let rightKeys: [Int: [String]]
    private let everyArrayKey: [String]?
    private let recordsPairs: Bool
    /// Containers paired with a difference inside, left tape index → right (`recordsPairs`).
    private(set) var pairs: [Int: Int] = [:]
    private(set) var found: [Found] = []
    private(set) var counts = JSONDiffCounts()

    init(left: JSONDocument, right: JSONDocument, options: JSONDiffOptions) {
        self.left = left
        self.right = right
        self.limit = options.changeLimit ?? Int.max
        func ignored(_ document: JSONDocument) -> Set<Int> {
            var nodes = Set<Int>()
            for path in options.ignoredPaths {
                for node in path.select(in: document) { nodes.insert(node.index) }
            }
            // A query may read the whole body: a mapped one's pages go back before the other's.
            if !options.ignoredPaths.isEmpty { document.releaseBytes(0..<document.bytes.count) }
            return nodes
        }
        func keyed(_ document: JSONDocument) -> [Int: [String]] {
            var arrays: [Int: [String]] = [:]
            for rule in options.arrayKeys {
                guard let query = rule.arrays else { continue }
                for node in query.select(in: document) where document.kind(node) == .array {
                    arrays[node.index] = rule.key
                }
            }
            if !arrays.isEmpty || options.arrayKeys.contains(where: { $0.arrays != nil }) {
                document.releaseBytes(0..<document.bytes.count)
            }
            return arrays
        }
        leftIgnored = ignored(left)
        rightIgnored = ignored(right)
        leftKeys = keyed(left)
        rightKeys = keyed(right)
        everyArrayKey = options.arrayKeys.last { $0.arrays == nil }?.key
        recordsPairs = options.recordsPairs
    }

    mutating func run() {
        var stack: [Task] = [.pair(left.root, right.root, verified: 0)]
        // Mapped bodies: the walk is in document order on both sides, so what it has passed is
        // handed back (read again from the file if a later pair needs it).
        var leftPages = JSONPageRelease(left)
        var rightPages = JSONPageRelease(right)
        while let task = stack.popLast() {
            switch task {
            case .removed(let node):
                if !leftIgnored.contains(node.index) { record(.removed, node, nil) }
            case .added(let node):
                if !rightIgnored.contains(node.index) { record(.added, nil, node) }
            case .end(let index, let total):
                if counts.total == total { pairs[index] = nil }
            case .pair(let a, let b, let verified):
                leftPages.reached(left.textStart(a), in: left)
                rightPages.reached(right.textStart(b), in: right)
                if leftIgnored.contains(a.index) || rightIgnored.contains(b.index) { continue }
                let kind = left.kind(a)
                guard kind == right.kind(b) else {
                    record(.changed, a, b)
                    continue
                }
                guard let difference = left.firstDifference(a, from: verified, as: b, in: right) else { continue }
                switch kind {
                case .null, .true, .false: continue
                case .number:
                    if !sameNumber(a, b) { record(.changed, a, b) }
                case .string:
                    if !(left.stringHasEscapes(a) || right.stringHasEscapes(b)) || left.string(a) != right.string(b) {
                        record(.changed, a, b)
                    }
                case .object:
                    if recordsPairs { record(pair: a, b, on: &stack) }
                    // Appended in order, then reversed in place: no second array of a
                    // 100,000-item container's pairs.
                    let start = stack.count
                    pairMembers(a, b, Aligned(self, a, b, difference), into: &stack)
                    stack[start...].reverse()
                case .array:
                    if recordsPairs { record(pair: a, b, on: &stack) }
                    let start = stack.count
                    pairItems(a, b, Aligned(self, a, b, difference), into: &stack)
                    stack[start...].reverse()
                }
            }
        }
    }

    private mutating func record(_ kind: JSONDiffChange.Kind, _ a: JSONNode?, _ b: JSONNode?) {
        switch kind {
        case .added: counts.added += 1
        case .removed: counts.removed += 1
        case .changed: counts.changed += 1
        }
        if found.count < limit { found.append(Found(kind: kind, left: a, right: b)) }
    }

    /// Remembers two containers as partners until their children turn out to change nothing.
    private mutating func record(pair a: JSONNode, _ b: JSONNode, on stack: inout [Task]) {
        pairs[a.index] = b.index
        stack.append(.end(left: a.index, total: counts.total))
    }

    private func sameNumber(_ a: JSONNode, _ b: JSONNode) -> Bool {
        guard let x = JSONDecimal(left.bytes[left.byteRange(a)]), let y = JSONDecimal(right.bytes[right.byteRange(b)])
        else { return false }
        return x == y
    }

    // MARK: - Objects

    /// Members by name: first along both in step while the names agree (the usual case, no
    /// hashing), then the rest by name. A repeated name pairs its occurrences in order.
    private func pairMembers(_ a: JSONNode, _ b: JSONNode, _ aligned: Aligned, into tasks: inout [Task]) {
        var leftCursor = left.childCursor(a)
        var rightCursor = right.childCursor(b)
        var leftRest: [JSONNode] = []
        var rightRest: [JSONNode] = []
        while let member = leftCursor.next(in: left) {
            guard let other = rightCursor.next(in: right) else {
                leftRest.append(member)
                break
            }
            if left.sameKey(member, as: other, in: right) {
                if let task = aligned.task(self, member, other) { tasks.append(task) }
            } else {
                leftRest.append(member)
                rightRest.append(other)
                break
            }
        }
        while let member = leftCursor.next(in: left) { leftRest.append(member) }
        while let member = rightCursor.next(in: right) { rightRest.append(member) }
        guard !leftRest.isEmpty || !rightRest.isEmpty else { return }
        if leftRest.count * rightRest.count <= 256 {
            var used = [Bool](repeating: false, count: rightRest.count)
            for member in leftRest {
                let match = rightRest.indices.first { !used[$0] && left.sameKey(member, as: rightRest[$0], in: right) }
                if let match {
                    used[match] = true
                    tasks.append(.pair(member, rightRest[match], verified: 0))
                } else {
                    tasks.append(.removed(member))
                }
            }
            for (index, member) in rightRest.enumerated() where !used[index] { tasks.append(.added(member)) }
        } else {
            pairByName(
                leftRest, { left.key($0) ?? "" }, rightRest, { right.key($0) ?? "" }, into: &tasks)
        }
    }

    /// Pairs two lists by a name each has, occurrences of a repeated name in order; the unpaired
    /// are removed (left, in place) and added (right, at the end).
    private func pairByName(
        _ lefts: [JSONNode],
        _ leftName: (JSONNode) -> String,
        _ rights: [JSONNode],
        _ rightName: (JSONNode) -> String,
        into tasks: inout [Task]
    ) {
        var byName: [String: [Int]] = [:]
        byName.reserveCapacity(rights.count)
        for index in rights.indices.reversed() { byName[rightName(rights[index]), default: []].append(index) }
        var used = [Bool](repeating: false, count: rights.count)
        for node in lefts {
            let name = leftName(node)
            if let index = byName[name]?.popLast() {
                used[index] = true
                tasks.append(.pair(node, rights[index], verified: 0))
            } else {
                tasks.append(.removed(node))
            }
        }
        for (index, node) in rights.enumerated() where !used[index] { tasks.append(.added(node)) }
    }

    // MARK: - Arrays

    /// Items by index, or by their key when the array has a key rule and every item on both sides
    /// has that key (otherwise by index: a half-keyed array has no reliable pairing).
    private func pairItems(_ a: JSONNode, _ b: JSONNode, _ aligned: Aligned, into tasks: inout [Task]) {
        if let key = leftKeys[a.index] ?? rightKeys[b.index] ?? everyArrayKey,
            let lefts = keyValues(left, a, key), let rights = keyValues(right, b, key)
        {
            let leftNodes = lefts.map(\.node)
            let rightNodes = rights.map(\.node)
            let leftNames = Dictionary(uniqueKeysWithValues: lefts.map { ($0.node.index, $0.value) })
            let rightNames = Dictionary(uniqueKeysWithValues: rights.map { ($0.node.index, $0.value) })
            pairByName(
                leftNodes, { leftNames[$0.index] ?? "" }, rightNodes, { rightNames[$0.index] ?? "" }, into: &tasks)
            return
        }
        var leftCursor = left.childCursor(a)
        var rightCursor = right.childCursor(b)
        while true {
            switch (leftCursor.next(in: left), rightCursor.next(in: right)) {
            case (let x?, let y?): if let task = aligned.task(self, x, y) { tasks.append(task) }
            case (let x?, nil): tasks.append(.removed(x))
            case (nil, let y?): tasks.append(.added(y))
            case (nil, nil): return
            }
        }
    }

    /// Each item with its key value as comparable text; nil when an item is not an object or
    /// lacks the key.
    private func keyValues(_ document: JSONDocument, _ array: JSONNode, _ key: [String]) -> [(
        node: JSONNode, value: String
    )]? {
        var result: [(node: JSONNode, value: String)] = []
        result.reserveCapacity(document.childCount(array))
        for item in document.children(array) {
            var current = item
            for name in key {
                guard let member = document.child(current, key: name) else { return nil }
                current = member
            }
            result.append((item, JSONDiffKeyText.text(document, current)))
        }
        return result
    }

    /// Two containers' texts, equal up to `difference`: children at the same offset and of the
    /// same length in both that end before it are equal (skipped), the one that spans it is
    /// compared from there.
    /// What the walk knows, handed down, so nesting never rereads the same bytes.
    private struct Aligned {
        let leftStart: Int
        let rightStart: Int
        let difference: Int

        init(_ engine: JSONDiffEngine, _ a: JSONNode, _ b: JSONNode, _ difference: Int) {
            leftStart = engine.left.byteRange(a).lowerBound
            rightStart = engine.right.byteRange(b).lowerBound
            self.difference = difference
        }

        /// The task for two paired children; nil when their bytes are known to be equal.
        func task(_ engine: JSONDiffEngine, _ x: JSONNode, _ y: JSONNode) -> Task? {
            let leftRange = engine.left.byteRange(x)
            let rightRange = engine.right.byteRange(y)
            let offset = leftRange.lowerBound - leftStart
            guard offset < difference, rightRange.lowerBound - rightStart == offset else {
                return .pair(x, y, verified: 0)
            }
            // The same place and length, all before the first difference: the same bytes. (The
            // length must be checked: `1` and `10` start alike and a number ends where its bytes
            // stop matching.)
            if leftRange.upperBound - leftStart <= difference, rightRange.count == leftRange.count { return nil }
            return .pair(x, y, verified: difference - offset)
        }
    }
}
