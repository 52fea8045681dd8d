/// A `/` search over the events of a stream older than those in memory, run on its spill file.
package struct StreamOlderSearch: Sendable, Equatable {
    package var pattern: String
    package var generation: Int
    /// The older events it covers: those before the first in memory when it started, and those
    /// that left memory since once a step asked for them.
    package var range: Range<Int>
    /// The matching stream indexes, in order; nil while the first scan runs.
    package var indexes: [Int]?
    /// The events that left memory after the search, asked of the spill file by a step.
    package var gapAsked: Range<Int>?
    /// Nothing in memory matched at or before the event on screen: when the answer comes, the
    /// newest older match is selected, unless the selection moved from `selectionAtStart` since
    /// (false once `n` or `N` stepped).
    package var selectsWhenFound: Bool
    package var selectionAtStart: Int?
}
