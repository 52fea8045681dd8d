/// An RFC 9485 I-Regexp, compiled to a Thompson NFA and matched in O(pattern × subject) time —
/// never by backtracking, so `(a|a)*b` on thirty `a`s costs thirty steps, not 2³⁰.
///
/// The whole of I-Regexp: branches, groups, `*` `+` `?` `{n}` `{n,}` `{n,m}`, `.` (any scalar
/// but `\n` and `\r`), character classes with ranges and negation, the single-character escapes,
/// and `\p{…}` / `\P{…}` general categories. Matching is per Unicode scalar. `^` and `$` are
/// ordinary characters (I-Regexp has no anchors). A pattern outside the grammar, or one whose
/// counted repetitions go past `maximumCount` or would make the program larger than
/// `maximumProgramSize`, does not compile (the function is then false, as for an invalid pattern).
struct IRegexp: Sendable {
    /// The most instructions a pattern may compile to (counted repetitions are expanded).
    static let maximumProgramSize = 20_000
    /// The largest bound a counted repetition (`{n,m}`) may have.
    static let maximumCount = 1_000

    /// One set of scalars: a class, an escape, `.` or a literal.
    struct ScalarSet: Sendable {
        enum Item: Sendable {
            case range(UInt32, UInt32)
            case category(Set<Unicode.GeneralCategory>, negated: Bool)
        }
        var items: [Item]
        var negated = false

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            var found = false
            for item in items {
                switch item {
                case .range(let low, let high):
                    found = low <= scalar.value && scalar.value <= high
                case .category(let categories, let negated):
                    found = categories.contains(scalar.properties.generalCategory) != negated
                }
                if found { break }
            }
            return found != negated
        }

        static func literal(_ scalar: Unicode.Scalar) -> ScalarSet {
            ScalarSet(items: [.range(scalar.value, scalar.value)])
        }

        /// `.`: any scalar but line feed and carriage return.
        static let dot = ScalarSet(items: [.range(0x0A, 0x0A), .range(0x0D, 0x0D)], negated: true)
    }

    private indirect enum Node {
        case set(ScalarSet)
        case sequence([Node])
        case choice([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    private enum Instruction {
        case consume(ScalarSet, next: Int)
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    private let program: [Instruction]

    /// The compiled pattern, or nil when it is not an I-Regexp (or too large).
    init?(_ pattern: String) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        guard let node = parser.parseAll() else { return nil }
        var builder = Builder()
        guard let start = builder.compile(node, next: nil) else { return nil }
        builder.instructions.append(.accept)
        let accept = builder.instructions.count - 1
        builder.patch(start.danglingExits, to: accept)
        guard builder.instructions.count <= Self.maximumProgramSize else { return nil }
        // Entry at `start.entry`: put a jump at 0 if needed.
        var instructions = builder.instructions
        instructions.append(.jump(start.entry))
        program = instructions
        entry = instructions.count - 1
    }

    private let entry: Int

    /// Whether the whole of `subject` matches (`match()`).
    func wholeMatch(_ subject: String) -> Bool { run(subject, anywhere: false) }

    /// Whether some substring of `subject` matches (`search()`).
    func firstMatch(_ subject: String) -> Bool { run(subject, anywhere: true) }

    /// The NFA simulation: the set of live states advances one scalar at a time.
    private func run(_ subject: String, anywhere: Bool) -> Bool {
        var current: [Int] = []
        var next: [Int] = []
        var mark = [Int](repeating: -1, count: program.count)
        var generation = 0
        var stack: [Int] = []
        // Adds `pc` and everything reachable from it without consuming; true when accept is reached.
        func add(_ pc: Int, to list: inout [Int]) -> Bool {
            stack.append(pc)
            var accepted = false
            while let pc = stack.popLast() {
                guard mark[pc] != generation else { continue }
                mark[pc] = generation
                switch program[pc] {
                case .consume: list.append(pc)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .jump(let target): stack.append(target)
                case .accept: accepted = true
                }
            }
            return accepted
        }
        var accepted = add(entry, to: &current)
        if accepted && (anywhere || subject.isEmpty) { return true }
        for scalar in subject.unicodeScalars {
            generation += 1
            next.removeAll(keepingCapacity: true)
            accepted = false
            for pc in current {
                if case .consume(let set, let target) = program[pc], set.contains(scalar) {
                    if add(target, to: &next) { accepted = true }
                }
            }
            if anywhere {
                if accepted { return true }
                if add(entry, to: &next) { return true }
            }
            swap(&current, &next)
            if current.isEmpty && !anywhere && !accepted { return false }
        }
        return accepted
    }

    // MARK: - Compiling

    /// Thompson construction with patch lists: each fragment has an entry and the exits still to
    /// be pointed at whatever follows.
    private struct Builder {
        struct Fragment {
            var entry: Int
            var danglingExits: [Int]
        }

        var instructions: [Instruction] = []

        mutating func patch(_ exits: [Int], to target: Int) {
            for index in exits {
                switch instructions[index] {
                case .consume(let set, _): instructions[index] = .consume(set, next: target)
                case .split(let first, let second):
                    instructions[index] = first == -1 ? .split(target, second) : .split(first, target)
                case .jump: instructions[index] = .jump(target)
                case .accept: break
                }
            }
        }

        /// The fragment for `node`; nil once the program is too large.
        mutating func compile(_ node: Node, next: Int?) -> Fragment? {
            guard instructions.count <= IRegexp.maximumProgramSize else { return nil }
            switch node {
            case .set(let set):
                instructions.append(.consume(set, next: -1))
                return Fragment(entry: instructions.count - 1, danglingExits: [instructions.count - 1])
            case .sequence(let nodes):
                guard !nodes.isEmpty else {
                    instructions.append(.jump(-1))
                    return Fragment(entry: instructions.count - 1, danglingExits: [instructions.count - 1])
                }
                var first: Fragment?
                var exits: [Int] = []
                for node in nodes {
                    guard let fragment = compile(node, next: nil) else { return nil }
                    if first == nil { first = fragment } else { patch(exits, to: fragment.entry) }
                    exits = fragment.danglingExits
                }
                return first.map { Fragment(entry: $0.entry, danglingExits: exits) }
            case .choice(let nodes):
                var fragments: [Fragment] = []
                for node in nodes {
                    guard let fragment = compile(node, next: nil) else { return nil }
                    fragments.append(fragment)
                }
                // A chain of splits: split(f0, split(f1, … fn)).
                var entry = fragments[fragments.count - 1].entry
                for fragment in fragments.dropLast().reversed() {
                    instructions.append(.split(fragment.entry, entry))
                    entry = instructions.count - 1
                }
                return Fragment(entry: entry, danglingExits: fragments.flatMap(\.danglingExits))
            case .repeated(let inner, let min, let max):
                var pieces: [Node] = Array(repeating: inner, count: min)
                if let max {
                    // (inner (inner (…)?)?)? nested max − min times.
                    if max > min {
                        var optional: Node = .choice([inner, .sequence([])])
                        for _ in 1..<(max - min) {
                            optional = .choice([.sequence([inner, optional]), .sequence([])])
                        }
                        pieces.append(optional)
                    }
                } else {
                    guard let loop = star(inner) else { return nil }
                    if pieces.isEmpty { return loop }
                    guard let head = compile(.sequence(pieces), next: nil) else { return nil }
                    patch(head.danglingExits, to: loop.entry)
                    return Fragment(entry: head.entry, danglingExits: loop.danglingExits)
                }
                return compile(.sequence(pieces), next: nil)
            }
        }

        /// `inner*`: split(inner → back to the split, out).
        private mutating func star(_ inner: Node) -> Fragment? {
            instructions.append(.split(-1, -1))
            let split = instructions.count - 1
            guard let body = compile(inner, next: nil) else { return nil }
            patch(body.danglingExits, to: split)
            instructions[split] = .split(body.entry, -1)
            return Fragment(entry: split, danglingExits: [split])
        }
    }

    // MARK: - Parsing (RFC 9485 §5.3)

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0

        mutating func parseAll() -> Node? {
            guard let node = parseChoice(), position == scalars.count else { return nil }
            return node
        }

        private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        private mutating func parseChoice() -> Node? {
            var branches: [Node] = []
            guard let first = parseBranch() else { return nil }
            branches.append(first)
            while peek == "|" {
                position += 1
                guard let branch = parseBranch() else { return nil }
                branches.append(branch)
            }
            return branches.count == 1 ? branches[0] : .choice(branches)
        }

        private mutating func parseBranch() -> Node? {
            var pieces: [Node] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                guard var atom = parseAtom() else { return nil }
                if let quantified = parseQuantifier(atom) { atom = quantified } else if failed { return nil }
                pieces.append(atom)
            }
            return pieces.count == 1 ? pieces[0] : .sequence(pieces)
        }

        var failed = false

        private mutating func parseQuantifier(_ atom: Node) -> Node? {
            switch peek {
            case "*":
                position += 1
                return .repeated(atom, min: 0, max: nil)
            case "+":
                position += 1
                return .repeated(atom, min: 1, max: nil)
            case "?":
                position += 1
                return .repeated(atom, min: 0, max: 1)
            case "{":
                position += 1
                guard let min = parseNumber() else { return fail() }
                var max: Int? = min
                if peek == "," {
                    position += 1
                    max = peek == "}" ? nil : parseNumber()
                    if max == nil, peek != "}" { return fail() }
                }
                guard peek == "}" else { return fail() }
                position += 1
                if let max, max < min { return fail() }
                return .repeated(atom, min: min, max: max)
            default:
                return nil
            }
        }

        private mutating func fail() -> Node? {
            failed = true
            return nil
        }

        private mutating func parseNumber() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = peek, ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 0x30)
                guard value <= IRegexp.maximumCount else { return nil }
                digits += 1
                position += 1
            }
            return digits > 0 ? value : nil
        }

        private mutating func parseAtom() -> Node? {
            guard let scalar = peek else { return nil }
            position += 1
            switch scalar {
            case "(":
                depth += 1
                guard depth <= 100, let inner = parseChoice(), peek == ")" else { return nil }
                position += 1
                depth -= 1
                return inner
            case ".": return .set(.dot)
            case "[": return parseClass().map(Node.set)
            case "\\": return parseEscape().map(Node.set)
            case "*", "+", "?", "{", "}", ")", "]": return nil
            default:
                guard !(0xD800...0xDFFF).contains(scalar.value) else { return nil }
                return .set(.literal(scalar))
            }
        }

        /// After a backslash: a single-character escape or a category escape.
        private mutating func parseEscape() -> ScalarSet? {
            guard let scalar = peek else { return nil }
            position += 1
            switch scalar {
            case "n": return .literal("\n")
            case "r": return .literal("\r")
            case "t": return .literal("\t")
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return .literal(scalar)
            case "p", "P":
                guard peek == "{" else { return nil }
                position += 1
                var name = ""
                while let next = peek, next != "}" {
                    name.unicodeScalars.append(next)
                    position += 1
                }
                guard peek == "}", let categories = Self.categories[name] else { return nil }
                position += 1
                return ScalarSet(items: [.category(categories, negated: scalar == "P")])
            default: return nil
            }
        }

        /// After `[`: `[^…]`, ranges, escapes, a leading or trailing `-`.
        private mutating func parseClass() -> ScalarSet? {
            var set = ScalarSet(items: [])
            if peek == "^" {
                set.negated = true
                position += 1
            }
            var first = true
            while let scalar = peek, scalar != "]" {
                if scalar == "-" {
                    // Only first or last in the class.
                    position += 1
                    guard first || peek == "]" else { return nil }
                    set.items.append(.range(0x2D, 0x2D))
                    first = false
                    continue
                }
                guard let low = parseClassChar() else { return nil }
                first = false
                guard case .range(let lowValue, let lowHigh) = low, lowValue == lowHigh, peek == "-",
                    position + 1 < scalars.count, scalars[position + 1] != "]"
                else {
                    set.items.append(low)
                    continue
                }
                position += 1
                guard let high = parseClassChar(), case .range(let highValue, let highHigh) = high,
                    highValue == highHigh, lowValue <= highValue
                else { return nil }
                set.items.append(.range(lowValue, highValue))
            }
            guard peek == "]", !set.items.isEmpty else { return nil }
            position += 1
            return set
        }

        /// One class member: a character, a single-character escape or a category escape.
        private mutating func parseClassChar() -> ScalarSet.Item? {
            guard let scalar = peek else { return nil }
            position += 1
            switch scalar {
            case "\\": return parseEscape()?.items.first
            case "[", "]", "-": return nil
            default:
                guard !(0xD800...0xDFFF).contains(scalar.value) else { return nil }
                return .range(scalar.value, scalar.value)
            }
        }

        private static let categories: [String: Set<Unicode.GeneralCategory>] = {
            let groups: [String: [(String, Unicode.GeneralCategory)]] = [
                "L": [
                    ("Lu", .uppercaseLetter), ("Ll", .lowercaseLetter), ("Lt", .titlecaseLetter),
                    ("Lm", .modifierLetter), ("Lo", .otherLetter),
                ],
                "M": [("Mn", .nonspacingMark), ("Mc", .spacingMark), ("Me", .enclosingMark)],
                "N": [("Nd", .decimalNumber), ("Nl", .letterNumber), ("No", .otherNumber)],
                "P": [
                    ("Pc", .connectorPunctuation), ("Pd", .dashPunctuation), ("Ps", .openPunctuation),
                    ("Pe", .closePunctuation), ("Pi", .initialPunctuation), ("Pf", .finalPunctuation),
                    ("Po", .otherPunctuation),
                ],
                "Z": [("Zs", .spaceSeparator), ("Zl", .lineSeparator), ("Zp", .paragraphSeparator)],
                "S": [("Sm", .mathSymbol), ("Sc", .currencySymbol), ("Sk", .modifierSymbol), ("So", .otherSymbol)],
                "C": [("Cc", .control), ("Cf", .format), ("Cn", .unassigned), ("Co", .privateUse)],
            ]
            var table: [String: Set<Unicode.GeneralCategory>] = [:]
            for (group, members) in groups {
                table[group] = Set(members.map(\.1))
                for (name, category) in members { table[name] = [category] }
            }
            return table
        }()
    }
}
