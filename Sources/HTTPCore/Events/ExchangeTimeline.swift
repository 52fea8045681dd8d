/// An exchange's events folded into what a display needs: the stage in flight, how long each
/// stage took, and how it ended. A value: feed it events (``record(_:)``) as they arrive, in a
/// reducer or an observer; it never reads a clock.
public struct ExchangeTimeline: Sendable, Equatable {
    /// One stretch of time spent in one stage.
    public struct Span: Sendable, Hashable {
        public var stage: ExchangeStage
        public var start: Duration
        /// nil while the exchange is still in this stage.
        public var end: Duration?

        /// The span's length, up to `now` while it is open.
        public func duration(now: Duration) -> Duration { max(.zero, (end ?? now) - start) }
    }

    /// How the exchange ended.
    public enum Ending: Sendable, Equatable {
        case completed(DataResponse)
        case failed(ExchangeEvent.Failure)
        case cancelled(stage: ExchangeStage)

        /// A response or a failure (which holds `any Error`) compares by how it prints.
        public static func == (a: Ending, b: Ending) -> Bool {
            switch (a, b) {
            case (.cancelled(let x), .cancelled(let y)): x == y
            case (.completed, .completed), (.failed, .failed): String(reflecting: a) == String(reflecting: b)
            default: false
            }
        }
    }

    /// Every event recorded, in order.
    public private(set) var events: [ExchangeEvent] = []
    /// The stages in order, each with its start and end (a redirect repeats them).
    public private(set) var spans: [Span] = []
    /// How it ended; nil while in flight.
    public private(set) var ending: Ending?

    public init() {}

    /// The stage in flight (or the one it ended in).
    public var stage: ExchangeStage { events.last?.stage ?? .queued }

    /// Whether the terminal event arrived.
    public var isFinished: Bool { ending != nil }

    /// The latest offset seen.
    public var lastOffset: Duration { events.last?.offset ?? .zero }

    /// Whether a mock produced the events.
    public var isMock: Bool { events.first?.isMock ?? false }

    /// Adds `event` (events after the terminal one are ignored).
    public mutating func record(_ event: ExchangeEvent) {
        guard ending == nil else { return }
        events.append(event)
        switch event.kind {
        case .completed(let response): ending = .completed(response)
        case .failed(let failure): ending = .failed(failure)
        case .cancelled(let stage): ending = .cancelled(stage: stage)
        default: break
        }
        if let open = spans.indices.last, spans[open].end == nil {
            if event.kind.isTerminal || spans[open].stage != event.stage {
                spans[open].end = event.offset
            }
        }
        if !event.kind.isTerminal, spans.last?.end != nil || spans.isEmpty {
            spans.append(Span(stage: event.stage, start: event.offset, end: nil))
        }
    }

    /// Total time per stage over the whole exchange (redirect hops added up), in stage order;
    /// stages never entered are left out. `now` closes a stage still in flight.
    public func durations(now: Duration? = nil) -> [(stage: ExchangeStage, duration: Duration)] {
        let end = now ?? lastOffset
        return ExchangeStage.allCases.compactMap { stage in
            let matching = spans.filter { $0.stage == stage }
            guard !matching.isEmpty else { return nil }
            return (stage, matching.reduce(Duration.zero) { $0 + $1.duration(now: end) })
        }
    }

    /// Whether `event` opens another exchange after this one ended: a send that goes again (a
    /// retry with a new token after a 401, a stream's reconnection) reports a second `queued`
    /// to the same observer. Its events belong to a timeline of their own.
    public func isStart(ofAnother event: ExchangeEvent) -> Bool {
        guard isFinished, case .queued = event.kind else { return false }
        return true
    }

    /// When the exchange started and how long it ran (to its last event).
    public var extent: (start: Duration, duration: Duration) {
        let start = events.first?.offset ?? .zero
        return (start, max(.zero, lastOffset - start))
    }

    /// The last event of a kind, by name ("tls", "connected"): for details (TLS, peer) in a display.
    public func last(_ name: String) -> ExchangeEvent? {
        events.last { $0.kind.name == name }
    }
}
