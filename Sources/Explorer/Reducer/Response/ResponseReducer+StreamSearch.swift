import Foundation
import HTTPCore
import TUI

/// `/` over a stream (issue 25): finds the events whose data, event name or id hold the text,
/// ignoring case. Those in memory are searched at once; when older ones went to the stream's spill
/// file, they are searched there on the work queue and their matches join when the scan answers
/// (`StreamOlderSearch`). Enter selects the newest match at or before the event on screen; `n`
/// moves to a later match, `N` to an earlier one. Selecting stops following, as any move does (End
/// follows again).
extension ResponseReducer {
    static func streamEventMatches(_ event: StreamEvent, _ pattern: StreamTextMatcher, in log: StreamLog) -> Bool {
        if let filter = log.filter, !filter.contains(event.index) { return false }
        return pattern.matches(event)
    }

    private static func matchCount(_ pattern: StreamTextMatcher, in log: StreamLog) -> Int {
        log.events.reduce(0) { $0 + (streamEventMatches($1, pattern, in: log) ? 1 : 0) }
    }

    /// The older matches found for `pattern` so far (none while the scan runs).
    private static func olderMatches(_ pattern: String, _ state: ResponseViewState) -> [Int] {
        state.streamOlderSearch.flatMap { $0.pattern == pattern ? $0.indexes : nil } ?? []
    }

    static func searchStream(
        _ pattern: String, _ log: StreamLog, key: RequestKey?, _ state: inout ResponseViewState
    ) -> Outcome {
        state.search.lastPattern = pattern
        state.streamMatchCount = nil
        state.streamOlderSearch = nil
        guard !pattern.isEmpty, let last = log.events.last?.index else { return Outcome() }
        let matcher = StreamTextMatcher(pattern)
        let count = matchCount(matcher, in: log)
        state.streamMatchCount = count
        let from = state.streamSelected ?? last
        let atOrBefore = log.events.last { $0.index <= from && streamEventMatches($0, matcher, in: log) }
        let found = atOrBefore ?? log.events.first { $0.index > from && streamEventMatches($0, matcher, in: log) }
        state.streamSelected = found?.index ?? state.streamSelected
        // The events before those in memory are in the spill file (a filtered view shows only the
        // filter's matches, which are in memory).
        var effects: [ExplorerEffect] = []
        if log.spilled, log.firstIndex > 0, log.filter == nil, let key {
            let range = 0..<log.firstIndex
            state.streamOlderSearch = StreamOlderSearch(
                pattern: pattern, generation: log.generation, range: range, selectsWhenFound: atOrBefore == nil,
                selectionAtStart: state.streamSelected)
            effects = [.searchStreamSpill(key, generation: log.generation, pattern: pattern, range)]
            let older = "the \(CountText.format(range.count)) older events"
            guard count > 0 else {
                return Outcome(effects: effects, notice: Notice("Looking for \"\(pattern)\" in \(older)…", kind: .info))
            }
            let events = count == 1 ? "1 event" : "\(CountText.format(count)) events"
            return Outcome(
                effects: effects,
                notice: Notice("\(events) in memory hold \"\(pattern)\"; looking in \(older)…", kind: .info))
        }
        guard count > 0 else { return Outcome(notice: Notice("No event holds \"\(pattern)\"", kind: .warning)) }
        let events = count == 1 ? "1 event holds" : "\(count) events hold"
        return Outcome(notice: Notice("\(events) \"\(pattern)\" (n later, N earlier)", kind: .info))
    }

    /// The spill file's answer for the older events: their matches join the count, and the newest
    /// is selected when nothing in memory was at or before the event on screen and nothing moved since.
    static func olderStreamMatches(
        generation: Int, pattern: String, range: Range<Int>, _ indexes: [Int], _ state: inout ResponseViewState
    ) -> Outcome {
        guard var search = state.streamOlderSearch, search.generation == generation, search.pattern == pattern
        else { return Outcome() }
        if let gap = search.gapAsked, gap == range, let known = search.indexes {
            // The events that left memory since the search: their matches come after the others.
            search.indexes = known + indexes
            search.range = search.range.lowerBound..<gap.upperBound
            search.gapAsked = nil
            state.streamOlderSearch = search
            state.streamMatchCount = (state.streamMatchCount ?? 0) + indexes.count
            return Outcome()
        }
        guard search.range == range, search.indexes == nil else { return Outcome() }
        search.indexes = indexes
        state.streamOlderSearch = search
        let total = (state.streamMatchCount ?? 0) + indexes.count
        state.streamMatchCount = total
        if search.selectsWhenFound, state.streamSelected == search.selectionAtStart, let newest = indexes.last {
            state.streamSelected = newest
        }
        guard total > 0 else { return Outcome(notice: Notice("No event holds \"\(pattern)\"", kind: .warning)) }
        let events = total == 1 ? "1 event holds" : "\(CountText.format(total)) events hold"
        return Outcome(notice: Notice("\(events) \"\(pattern)\" (n later, N earlier)", kind: .info))
    }

    static func stepStream(
        forward: Bool, _ log: StreamLog, key: RequestKey?, _ state: inout ResponseViewState
    ) -> Outcome {
        let pattern = state.search.lastPattern
        guard !pattern.isEmpty, let last = log.events.last?.index else { return Outcome() }
        let effects = searchLeftEvents(pattern, log, key: key, &state)
        let from = state.streamSelected ?? last
        let older = olderMatches(pattern, state)
        let matcher = StreamTextMatcher(pattern)
        // The older matches all come before the events in memory.
        let found: Int?
        if forward {
            found =
                older.first { $0 > from }
                ?? log.events.first { $0.index > from && streamEventMatches($0, matcher, in: log) }?.index
        } else {
            found =
                log.events.last { $0.index < from && streamEventMatches($0, matcher, in: log) }?.index
                ?? older.last { $0 < from }
        }
        // Events keep arriving: the count is taken again with each step.
        state.streamMatchCount = matchCount(matcher, in: log) + older.count
        state.streamOlderSearch?.selectsWhenFound = false
        guard let found else {
            let notice = Notice("No \(forward ? "later" : "earlier") event holds \"\(pattern)\"", kind: .info)
            return Outcome(effects: effects, notice: notice)
        }
        state.streamSelected = found
        return Outcome(effects: effects)
    }

    /// A running stream's events that left memory after the search looked at them there (or
    /// before any older search began) are asked of the spill file, once at a time.
    private static func searchLeftEvents(
        _ pattern: String, _ log: StreamLog, key: RequestKey?, _ state: inout ResponseViewState
    ) -> [ExplorerEffect] {
        guard log.spilled, log.filter == nil, let key else { return [] }
        guard var search = state.streamOlderSearch, search.pattern == pattern, search.generation == log.generation
        else {
            guard log.firstIndex > 0 else { return [] }
            // Everything was in memory when the search ran; some of it is on disk now.
            let range = 0..<log.firstIndex
            state.streamOlderSearch = StreamOlderSearch(
                pattern: pattern, generation: log.generation, range: range, selectsWhenFound: false,
                selectionAtStart: state.streamSelected)
            return [.searchStreamSpill(key, generation: log.generation, pattern: pattern, range)]
        }
        guard search.indexes != nil, search.gapAsked == nil, log.firstIndex > search.range.upperBound else { return [] }
        let gap = search.range.upperBound..<log.firstIndex
        search.gapAsked = gap
        state.streamOlderSearch = search
        return [.searchStreamSpill(key, generation: log.generation, pattern: pattern, gap)]
    }
}
