import Foundation
import HTTPCore
import TUI

/// `/` over a stream (issue 25): finds the events whose data, event name or id hold the text,
/// ignoring case, among those still in memory. Enter selects the newest match at or before the
/// event on screen; `n` moves to a later match, `N` to an earlier one. Selecting stops following,
/// as any move does (End follows again).
extension ResponseReducer {
    static func streamEventMatches(_ event: StreamEvent, _ pattern: String, in log: StreamLog) -> Bool {
        if let filter = log.filter, !filter.contains(event.index) { return false }
        return streamEventMatches(event, pattern)
    }

    static func streamEventMatches(_ event: StreamEvent, _ pattern: String) -> Bool {
        func holds(_ text: String?) -> Bool { text?.range(of: pattern, options: .caseInsensitive) != nil }
        return holds(event.data) || holds(event.name) || holds(event.id)
    }

    private static func matchCount(_ pattern: String, in log: StreamLog) -> Int {
        log.events.reduce(0) { $0 + (streamEventMatches($1, pattern, in: log) ? 1 : 0) }
    }

    static func searchStream(_ pattern: String, _ log: StreamLog, _ state: inout ResponseViewState) -> Outcome {
        state.search.lastPattern = pattern
        state.streamMatchCount = nil
        guard !pattern.isEmpty, let last = log.events.last?.index else { return Outcome() }
        let count = matchCount(pattern, in: log)
        state.streamMatchCount = count
        guard count > 0 else { return Outcome(notice: Notice("No event holds \"\(pattern)\"", kind: .warning)) }
        let from = state.streamSelected ?? last
        let found =
            log.events.last { $0.index <= from && streamEventMatches($0, pattern, in: log) }
            ?? log.events.first { $0.index > from && streamEventMatches($0, pattern, in: log) }
        state.streamSelected = found?.index
        let events = count == 1 ? "1 event holds" : "\(count) events hold"
        return Outcome(notice: Notice("\(events) \"\(pattern)\" (n later, N earlier)", kind: .info))
    }

    static func stepStream(forward: Bool, _ log: StreamLog, _ state: inout ResponseViewState) -> Notice? {
        let pattern = state.search.lastPattern
        guard !pattern.isEmpty, let last = log.events.last?.index else { return nil }
        let from = state.streamSelected ?? last
        let found =
            forward
            ? log.events.first { $0.index > from && streamEventMatches($0, pattern, in: log) }
            : log.events.last { $0.index < from && streamEventMatches($0, pattern, in: log) }
        // Events keep arriving: the count is taken again with each step.
        state.streamMatchCount = matchCount(pattern, in: log)
        guard let found else {
            return Notice("No \(forward ? "later" : "earlier") event holds \"\(pattern)\"", kind: .info)
        }
        state.streamSelected = found.index
        return nil
    }
}
