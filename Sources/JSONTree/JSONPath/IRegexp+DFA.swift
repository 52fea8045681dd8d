/// `IRegexp.firstMatch` over ASCII text as a DFA: one table lookup per byte instead of advancing a
/// set of NFA states (JSON Schema's `pattern` runs on every string of a large document, and its
/// patterns — `^[0-9]{5}$`, `^SKU-[0-9]+$` — are small). Built by subset construction when the
/// pattern is compiled; a pattern needing more than `maximumStates` states gets none, and a
/// subject with a non-ASCII byte falls back to the NFA (`search` returns nil).
///
/// A state is the set of NFA states a step leaves before their closure (the targets of the
/// consumed byte, plus the entry: a search may start anywhere), and whether it is the start (for
/// `^`). Its closure decides the transitions (more input follows: `$` does not hold) and whether a
/// match ends here, with more input to come or at the end (`$` holds) — as `IRegexp.run` decides.
struct ASCIISearchDFA: Sendable {
    static let maximumStates = 64

    /// `transitions[state * 128 + byte]`.
    private let transitions: [Int32]
    private let acceptsBeforeEnd: [Bool]
    private let acceptsAtEnd: [Bool]

    init?(program: [IRegexp.Instruction], entry: Int) {
        struct Key: Hashable {
            var atStart: Bool
            var seeds: [Int]
        }
        // The ASCII bytes each consuming instruction takes, as two words: asked once per pattern,
        // not once per state and byte.
        var takes = [(low: UInt64, high: UInt64)](repeating: (0, 0), count: program.count)
        for pc in program.indices {
            guard case .consume(let set, _) = program[pc] else { continue }
            for byte in 0..<128 where set.contains(Unicode.Scalar(UInt8(byte))) {
                if byte < 64 { takes[pc].low |= 1 << UInt64(byte) } else { takes[pc].high |= 1 << UInt64(byte - 64) }
            }
        }
        var keys: [Key] = [Key(atStart: true, seeds: [entry])]
        var index: [Key: Int] = [keys[0]: 0]
        var transitions: [Int32] = []
        var acceptsBeforeEnd: [Bool] = []
        var acceptsAtEnd: [Bool] = []
        var state = 0
        while state < keys.count {
            let key = keys[state]
            let open = Self.closure(program, key.seeds, atStart: key.atStart, atEnd: false)
            acceptsBeforeEnd.append(open.accepts)
            acceptsAtEnd.append(Self.closure(program, key.seeds, atStart: key.atStart, atEnd: true).accepts)
            // Bytes taken by the same consuming states lead to the same state: most patterns
            // split the 128 bytes into a few such classes, each worked out once.
            let cacheable = open.consuming.count <= 64
            var stateBySignature: [UInt64: Int32] = [:]
            for byte in 0..<128 {
                var signature: UInt64 = 0
                var seeds: Set<Int> = [entry]
                for (bit, pc) in open.consuming.enumerated() {
                    let word = byte < 64 ? takes[pc].low >> UInt64(byte) : takes[pc].high >> UInt64(byte - 64)
                    guard word & 1 != 0 else { continue }
                    if cacheable, bit < 64 { signature |= 1 << UInt64(bit) }
                    if !cacheable, case .consume(_, let target) = program[pc] { seeds.insert(target) }
                }
                if cacheable, let known = stateBySignature[signature] {
                    transitions.append(known)
                    continue
                }
                if cacheable {
                    for (bit, pc) in open.consuming.enumerated() where signature >> UInt64(bit) & 1 != 0 {
                        if case .consume(_, let target) = program[pc] { seeds.insert(target) }
                    }
                }
                let next = Key(atStart: false, seeds: seeds.sorted())
                let number: Int
                if let known = index[next] {
                    number = known
                } else {
                    guard keys.count < Self.maximumStates else { return nil }
                    number = keys.count
                    index[next] = number
                    keys.append(next)
                }
                if cacheable { stateBySignature[signature] = Int32(number) }
                transitions.append(Int32(number))
            }
            state += 1
        }
        self.transitions = transitions
        self.acceptsBeforeEnd = acceptsBeforeEnd
        self.acceptsAtEnd = acceptsAtEnd
    }

    /// The consuming states reachable from `seeds` without consuming, and whether accept is.
    private static func closure(_ program: [IRegexp.Instruction], _ seeds: [Int], atStart: Bool, atEnd: Bool) -> (
        consuming: [Int], accepts: Bool
    ) {
        var seen = Set<Int>()
        var stack = seeds
        var consuming: [Int] = []
        var accepts = false
        while let pc = stack.popLast() {
            guard seen.insert(pc).inserted else { continue }
            switch program[pc] {
            case .consume: consuming.append(pc)
            case .split(let first, let second): stack += [second, first]
            case .jump(let target): stack.append(target)
            case .assert(let anchor, let target):
                if anchor == .start ? atStart : atEnd { stack.append(target) }
            case .accept: accepts = true
            }
        }
        return (consuming, accepts)
    }

    /// Whether some substring of `subject` matches; nil when it holds a non-ASCII byte.
    func search(_ subject: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard !subject.isEmpty else { return acceptsAtEnd[0] }
        if acceptsBeforeEnd[0] { return true }
        var state = 0
        let last = subject.count - 1
        for position in 0...last {
            let byte = subject[position]
            guard byte < 0x80 else { return nil }
            state = Int(transitions[state &* 128 &+ Int(byte)])
            if position == last ? acceptsAtEnd[state] : acceptsBeforeEnd[state] { return true }
        }
        return false
    }
}
