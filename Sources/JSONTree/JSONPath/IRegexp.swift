/// An RFC 9485 I-Regexp, compiled to a Thompson NFA and matched in O(pattern × subject) time —
/// never by backtracking, so `(a|a)*b` on thirty `a`s costs thirty steps, not 2³⁰.
///
/// The whole of I-Regexp: branches, groups, `*` `+` `?` `{n}` `{n,}` `{n,m}`, `.` (any scalar
/// but `\n` and `\r`), character classes with ranges and negation, the single-character escapes,
/// and `\p{…}` / `\P{…}` general categories. Matching is per Unicode scalar. `^` and `$` are
/// ordinary characters (I-Regexp has no anchors). A pattern outside the grammar, or one whose
/// counted repetitions go past `maximumCount` or would make the program larger than
/// `maximumProgramSize`, does not compile (the function is then false, as for an invalid pattern).
package struct IRegexp: Sendable {
    /// Which grammar a pattern is read with.
    package enum Dialect: Sendable {
        /// RFC 9485: no anchors, no shorthand classes.
        case iRegexp
        /// The ECMA-262 subset JSON Schema's `pattern` uses that a linear-time engine can match:
        /// `^`/`$` anchors, `\\d \\w \\s` and their negations, `(?:…)`, lazy quantifiers (the same
        /// language), `\\xHH`, `\\uHHHH`, `\\u{…}` and identity escapes. Backreferences and lookaround
        /// do not compile (nil).
        case ecmaScript
    }

    /// The most instructions a pattern may compile to (counted repetitions are expanded).
    static let maximumProgramSize = 20_000
    /// The largest bound a counted repetition (`{n,m}`) may have.
    static let maximumCount = 1_000

    /// One set of scalars: a class, an escape, `.` or a literal.
    struct ScalarSet: Sendable {
        enum Item: Sendable {
            case range(UInt32, UInt32)
            case category(Set<Unicode.GeneralCategory>, negated: Bool)
            /// A whole set inside a class (`[\\D]`, `[\\s-]`).
            case set(ScalarSet)
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
                case .set(let inner):
                    found = inner.contains(scalar)
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

        /// ECMA-262's `.`: also not U+2028 and U+2029.
        static let ecmaDot = ScalarSet(
            items: [.range(0x0A, 0x0A), .range(0x0D, 0x0D), .range(0x2028, 0x2029)], negated: true)
        static let digit = ScalarSet(items: [.range(0x30, 0x39)])
        static let word = ScalarSet(items: [
            .range(0x30, 0x39), .range(0x41, 0x5A), .range(0x5F, 0x5F), .range(0x61, 0x7A),
        ])
        /// ECMA-262's WhiteSpace and LineTerminator.
        static let space = ScalarSet(items: [
            .range(0x09, 0x0D), .range(0x20, 0x20), .range(0xA0, 0xA0), .range(0x1680, 0x1680),
            .range(0x2000, 0x200A), .range(0x2028, 0x2029), .range(0x202F, 0x202F), .range(0x205F, 0x205F),
            .range(0x3000, 0x3000), .range(0xFEFF, 0xFEFF),
        ])
    }

    private indirect enum Node {
        case set(ScalarSet)
        case anchor(Anchor)
        case sequence([Node])
        case choice([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    /// `^` and `$` (ECMA-262 without the multiline flag: the subject's start and end).
    enum Anchor {
        case start, end
    }

    enum Instruction {
        case consume(ScalarSet, next: Int)
        case assert(Anchor, next: Int)
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    let program: [Instruction]
    /// `firstMatch` as a table over ASCII bytes, built once the pattern has read enough text
    /// (JSON Schema patterns only; see `ASCIISearchDFA` and `LazySearchDFA`).
    private let searchDFA: LazySearchDFA?

    /// The compiled pattern, or nil when it is not an I-Regexp (or too large).
    package init?(_ pattern: String, dialect: Dialect = .iRegexp) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars), ecma: dialect == .ecmaScript)
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
        searchDFA = dialect == .ecmaScript ? LazySearchDFA(program: instructions, entry: entry) : nil
    }

    let entry: Int

    /// Whether the whole of `subject` matches (`match()`).
    package func wholeMatch(_ subject: String) -> Bool { run(subject.unicodeScalars.makeIterator(), anywhere: false) }

    /// Whether some substring of `subject` matches (`search()`).
    package func firstMatch(_ subject: String) -> Bool {
        if searchDFA != nil {
            var text = subject
            return text.withUTF8 { firstMatch(utf8: $0) }
        }
        return run(subject.unicodeScalars.makeIterator(), anywhere: true)
    }

    /// Whether some substring of the valid UTF-8 `subject` matches: the bytes of a JSON string
    /// read in place, with no `String` made. An ASCII subject goes through the DFA when there is one.
    package func firstMatch(utf8 subject: UnsafeBufferPointer<UInt8>) -> Bool {
        if let searchDFA, let answer = searchDFA.search(subject) { return answer }
        return run(UTF8Scalars(bytes: subject.makeIterator()), anywhere: true)
    }

    /// `firstMatch` by the NFA alone (tests hold the ASCII table against it).
    func searchWithoutTable(_ subject: String) -> Bool { run(subject.unicodeScalars.makeIterator(), anywhere: true) }

    /// Whether `firstMatch` has an ASCII table (a small ECMA-262 pattern); asking builds it now,
    /// so the tests that ask hold the table, not the NFA, against `searchWithoutTable`.
    var hasSearchTable: Bool { searchDFA?.build() ?? false }

    /// The scalars of UTF-8 bytes (the JSON parser has checked them; a bad sequence reads as U+FFFD).
    private struct UTF8Scalars: IteratorProtocol {
        var bytes: UnsafeBufferPointer<UInt8>.Iterator
        var decoder = UTF8()

        mutating func next() -> Unicode.Scalar? {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar): scalar
            case .emptyInput: nil
            case .error: "\u{FFFD}"
            }
        }
    }

    /// The NFA simulation: the set of live states advances one scalar at a time. Its lists live
    /// in one temporary allocation (on the stack for the usual small pattern): matching allocates
    /// nothing on the heap. A state is added at most once per step (`mark`), so each list holds at
    /// most `program.count` states and the stack at most two per state plus one.
    private func run<Scalars: IteratorProtocol<Unicode.Scalar>>(_ subject: Scalars, anywhere: Bool) -> Bool {
        let count = program.count
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 5 * count + 2) { storage in
            guard let base = storage.baseAddress else { return false }
            base.initialize(repeating: -1, count: count)
            var scalars = subject
            var lookahead = scalars.next()
            var atStart = true
            let marks = base
            var current = base + count
            var next = base + 2 * count
            let stack = base + 3 * count
            var currentCount = 0
            var nextCount = 0
            var generation = 0
            // Adds `pc` and everything reachable from it without consuming; true when accept is reached.
            func add(_ pc: Int, to list: UnsafeMutablePointer<Int>, _ listCount: inout Int) -> Bool {
                var depth = 1
                stack[0] = pc
                var accepted = false
                while depth > 0 {
                    depth -= 1
                    let pc = stack[depth]
                    guard marks[pc] != generation else { continue }
                    marks[pc] = generation
                    switch program[pc] {
                    case .consume:
                        list[listCount] = pc
                        listCount += 1
                    case .split(let first, let second):
                        stack[depth] = second
                        stack[depth + 1] = first
                        depth += 2
                    case .jump(let target):
                        stack[depth] = target
                        depth += 1
                    case .assert(let anchor, let target):
                        let holds = anchor == .start ? atStart : lookahead == nil
                        if holds {
                            stack[depth] = target
                            depth += 1
                        }
                    case .accept: accepted = true
                    }
                }
                return accepted
            }
            var accepted = add(entry, to: current, &currentCount)
            if accepted && (anywhere || lookahead == nil) { return true }
            while let scalar = lookahead {
                lookahead = scalars.next()
                atStart = false
                generation += 1
                nextCount = 0
                accepted = false
                for position in 0..<currentCount {
                    let pc = current[position]
                    if case .consume(let set, let target) = program[pc], set.contains(scalar) {
                        if add(target, to: next, &nextCount) { accepted = true }
                    }
                }
                if anywhere {
                    if accepted { return true }
                    if add(entry, to: next, &nextCount) { return true }
                }
                swap(&current, &next)
                currentCount = nextCount
                if currentCount == 0 && !anywhere && !accepted { return false }
            }
            return accepted
        }
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
                case .assert(let anchor, _): instructions[index] = .assert(anchor, next: target)
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
            case .anchor(let anchor):
                instructions.append(.assert(anchor, next: -1))
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
        /// ECMA-262 (JSON Schema `pattern`) rather than I-Regexp.
        let ecma: Bool
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
                if let quantified = parseQuantifier(atom) {
                    atom = quantified
                    skipLazy()
                } else if failed {
                    return nil
                }
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

        /// ECMA-262: a `?` after a quantifier makes it lazy, which does not change what matches.
        private mutating func skipLazy() {
            if ecma, peek == "?" { position += 1 }
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
                if ecma, peek == "?" {
                    // Only the non-capturing group: lookaround needs backtracking.
                    guard position + 1 < scalars.count, scalars[position + 1] == ":" else { return nil }
                    position += 2
                }
                guard depth <= 100, let inner = parseChoice(), peek == ")" else { return nil }
                position += 1
                depth -= 1
                return inner
            case ".": return .set(ecma ? .ecmaDot : .dot)
            case "^" where ecma: return .anchor(.start)
            case "$" where ecma: return .anchor(.end)
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
            case "d" where ecma: return .digit
            case "D" where ecma: return ScalarSet(items: [.set(.digit)], negated: true)
            case "w" where ecma: return .word
            case "W" where ecma: return ScalarSet(items: [.set(.word)], negated: true)
            case "s" where ecma: return .space
            case "S" where ecma: return ScalarSet(items: [.set(.space)], negated: true)
            case "f" where ecma: return .literal("\u{C}")
            case "v" where ecma: return .literal("\u{B}")
            case "0" where ecma: return .literal("\u{0}")
            case "x" where ecma: return parseHex(count: 2)
            case "u" where ecma: return parseUnicodeEscape()
            case "c" where ecma:
                guard let letter = peek, letter.isASCII, letter.properties.isAlphabetic else { return nil }
                position += 1
                return Unicode.Scalar(letter.value % 32).map(ScalarSet.literal)
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
            default:
                // ECMA-262 identity escapes: any character that is not a letter or a digit.
                guard ecma, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else { return nil }
                return .literal(scalar)
            }
        }

        /// `\\xHH` / `\\uHHHH` after the letter.
        private mutating func parseHex(count: Int) -> ScalarSet? {
            guard position + count <= scalars.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<count {
                guard let digit = Self.hexValue(scalars[position]) else { return nil }
                value = value * 16 + digit
                position += 1
            }
            return Unicode.Scalar(value).map(ScalarSet.literal)
        }

        /// `\\uHHHH` or `\\u{H…}` after the `u`.
        private mutating func parseUnicodeEscape() -> ScalarSet? {
            guard peek == "{" else { return parseHex(count: 4) }
            position += 1
            var value: UInt32 = 0
            var digits = 0
            while let scalar = peek, let digit = Self.hexValue(scalar) {
                value = value &* 16 &+ digit
                digits += 1
                position += 1
                guard digits <= 6 else { return nil }
            }
            guard digits > 0, peek == "}" else { return nil }
            position += 1
            return Unicode.Scalar(value).map(ScalarSet.literal)
        }

        private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
            switch scalar {
            case "0"..."9": scalar.value - 0x30
            case "a"..."f": scalar.value - 0x61 + 10
            case "A"..."F": scalar.value - 0x41 + 10
            default: nil
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
                    // Only first or last in the class (anywhere a range cannot start, in ECMA-262).
                    position += 1
                    guard first || peek == "]" || ecma else { return nil }
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
            case "\\":
                if ecma, peek == "b" {
                    position += 1
                    return .range(0x08, 0x08)
                }
                guard let set = parseEscape() else { return nil }
                return set.items.count == 1 && !set.negated ? set.items[0] : .set(set)
            case "[" where ecma: return .range(0x5B, 0x5B)
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
