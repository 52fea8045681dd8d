import Synchronization

/// The ASCII search table of an ECMA-262 pattern, built once the NFA has read `budget` bytes
/// with it. Building the table costs as much as the NFA reading a few kilobytes: a schema
/// compiled to check a handful of short strings (most of the JSON-Schema-Test-Suite) never pays
/// for it, while a pattern run over every string of a large document gets it early. Shared by
/// the copies of an `IRegexp` and safe from any thread: the first to go over the budget builds
/// it, a racing second build is dropped.
final class LazySearchDFA: Sendable {
    /// NFA bytes read before the table is built.
    static let budget = 2048

    private let program: [IRegexp.Instruction]
    private let entry: Int
    private let remaining = Atomic<Int>(LazySearchDFA.budget)
    private let table = Atomic<Unmanaged<Table>?>(nil)
    /// The pattern needs more states than the table may have: the NFA answers alone.
    private let refused = Atomic<Bool>(false)

    final class Table: Sendable {
        let dfa: ASCIISearchDFA
        init(_ dfa: ASCIISearchDFA) { self.dfa = dfa }
    }

    init(program: [IRegexp.Instruction], entry: Int) {
        self.program = program
        self.entry = entry
    }

    deinit { table.load(ordering: .acquiring)?.release() }

    /// The table's answer for `subject`; nil when the NFA is to answer (no table yet, none
    /// possible, or a non-ASCII byte). Counts the bytes the NFA will read towards the budget.
    func search(_ subject: UnsafeBufferPointer<UInt8>) -> Bool? {
        if let table = table.load(ordering: .acquiring) {
            return table._withUnsafeGuaranteedRef { $0.dfa.search(subject) }
        }
        guard !refused.load(ordering: .relaxed) else { return nil }
        let left = remaining.subtract(subject.count + 1, ordering: .relaxed).newValue
        guard left <= 0, build() else { return nil }
        return search(subject)
    }

    /// Builds the table now; false when the pattern cannot have one.
    @discardableResult
    func build() -> Bool {
        if table.load(ordering: .acquiring) != nil { return true }
        if refused.load(ordering: .relaxed) { return false }
        guard let dfa = ASCIISearchDFA(program: program, entry: entry) else {
            refused.store(true, ordering: .relaxed)
            return false
        }
        let made = Unmanaged.passRetained(Table(dfa))
        if !table.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing).exchanged {
            made.release()
        }
        return true
    }
}
