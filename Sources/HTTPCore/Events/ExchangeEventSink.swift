import AnnotatedLocks
import Synchronization

/// Delivers one exchange's events to its observer: offsets from the exchange's start, never
/// decreasing; one at a time and in the order reported (a report made while another is being
/// delivered — from another thread, or by the observer itself — waits its turn, so the observer
/// is never called under a lock); nothing after the terminal event. Made only for observed
/// exchanges.
final class ExchangeEventSink: Sendable {
    private struct State {
        var pending: [ExchangeEvent] = []
        var delivering = false
        var finished = false
        var lastOffset = Duration.zero
        var stage = ExchangeStage.queued
    }

    private let observer: any ExchangeObserver
    private let clock: @Sendable () -> Duration
    private let origin: Duration
    private let isMock: Bool
    private let state = Mutex(State())

    /// `clock` gives the time offsets are measured on (a mock's virtual time); the monotonic clock by default.
    init(observer: any ExchangeObserver, isMock: Bool, clock: (@Sendable () -> Duration)? = nil) {
        self.observer = observer
        self.isMock = isMock
        let start = ContinuousClock.now
        self.clock = clock ?? { ContinuousClock.now - start }
        origin = self.clock()
    }

    /// The stage the last event left the exchange in.
    var stage: ExchangeStage { state.withLock(ownedBy: self) { $0.stage } }

    /// Time since the exchange started.
    var elapsed: Duration { clock() - origin }

    /// Reports `kind`; `stage` is the stage from then on (default: what the event implies), `offset`
    /// a time since the start given by the reporter instead of the clock's. Ignored after the terminal event.
    func report(_ kind: ExchangeEvent.Kind, stage: ExchangeStage? = nil, offset: Duration? = nil) {
        let now = offset ?? elapsed
        let run = state.withLock(ownedBy: self) { state -> Bool in
            guard !state.finished else { return false }
            if kind.isTerminal { state.finished = true }
            let offset = max(now, state.lastOffset)
            state.lastOffset = offset
            let next = stage ?? kind.impliedStage(after: state.stage)
            state.stage = next
            state.pending.append(ExchangeEvent(offset: offset, kind: kind, stage: next, isMock: isMock))
            guard !state.delivering else { return false }
            state.delivering = true
            return true
        }
        guard run else { return }
        while let batch = takePending() {
            for event in batch { observer.observe(event) }
        }
    }

    private func takePending() -> [ExchangeEvent]? {
        state.withLock(ownedBy: self) { state in
            guard !state.pending.isEmpty else {
                state.delivering = false
                return nil
            }
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
    }
}

extension ExchangeEvent.Kind {
    /// The stage an exchange is in after this event, given the one it was in.
    func impliedStage(after current: ExchangeStage) -> ExchangeStage {
        switch self {
        case .queued: .queued
        case .resolved: .connecting
        case .connected: .sending
        case .tlsEstablished: .sending
        case .requestSent: .waiting
        case .responseHead, .bodyProgress: .receiving
        case .redirect: .resolving
        case .completed: current
        case .failed(let failure): failure.stage
        case .cancelled(let stage): stage
        }
    }
}
