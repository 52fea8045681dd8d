/// A `/` search over the events of a stream older than those in memory, run on its spill file.
package struct StreamOlderSearch: Sendable, Equatable {
    package var pattern: String
    package var generation: Int
    /// The older events it covers: those before the first in memory when it started.
    package var range: Range<Int>
    /// The matching stream indexes, in order; nil while the scan runs.
    package var indexes: [Int]?
    /// Nothing in memory matched at or before the event on screen: when the answer comes, the
    /// newest older match is selected, unless the selection moved from `selectionAtStart` since
    /// (false once `n` or `N` stepped).
    package var selectsWhenFound: Bool
    package var selectionAtStart: Int?
}
