package import Futures
package import HTTPCore
package import Workspace

/// What one send reported while it ran: the transport's events (folded into an
/// `ExchangeTimeline`) and the stages of the futures chain after it (dispatch, parse, checks,
/// captures, history). The reducer feeds it; the status line and the Timeline tab read it.
///
/// Offsets are from the moment the send was handed to the dispatcher: the transport's events
/// and the chain stages are measured from (about) the same instant, so they share one axis.
package struct ExchangeTrace: Sendable, Equatable {
    /// The send this trace belongs to (events of another generation are dropped).
    package var generation: Int
    /// The exchange that gave the answer shown (the last one the send made).
    package var timeline = ExchangeTimeline()
    /// The exchanges the send made before it, in order: a 401 `invalid_token` answered before
    /// the retry with a new token, an SSE stream's earlier connections. Their phases are not the
    /// answer's: the Timeline says each in one line above the answer's stages.
    package var earlierAttempts: [ExchangeTimeline] = []
    /// The chain's stages in chain order, as last reported.
    package var chain: [ChainStage] = []
    /// The device code grant's code and where to enter it, while the send waits for a person
    /// (oauth2 `device_code`).
    package var deviceCode: OAuthDeviceAuthorization?
    /// `ExplorerState.now` when the device code came (its `expiresIn` counts from there).
    package var deviceCodeAt: Duration = .zero
    /// The authorization code grant's address, while the send waits for the browser to come back.
    package var authorization: OAuthBrowserPrompt?
    /// What runs before the request is prepared (the collection's auth command for its token,
    /// the pre-request scripts): the send waits for it.
    package var preparing: SendStep?
    /// The oauth2 token fetch's requests so far, each as it ended (the result carries them all).
    package var tokenSteps: [OAuthStepRecord] = []

    package init(generation: Int) {
        self.generation = generation
    }

    /// What is added to the offsets of an exchange after the first: each exchange counts from its
    /// own start, and the Timeline draws them all on the send's axis.
    package var attemptShift: Duration = .zero

    /// Records an event of the transport; a `queued` after the exchange ended starts the next
    /// one, placed where it began: `elapsed` is how long the send had run when the event came
    /// (never before the earlier exchange's end).
    package mutating func record(_ event: ExchangeEvent, elapsed: Duration? = nil) {
        var event = event
        if timeline.isStart(ofAnother: event) {
            earlierAttempts.append(timeline)
            let end = timeline.lastOffset
            attemptShift = max(end, (elapsed ?? end) - event.offset)
            timeline = ExchangeTimeline()
        }
        event.offset += attemptShift
        timeline.record(event)
    }

    /// Stores a chain stage's latest state. Reports hop threads, so a late report of an earlier
    /// state (started, after it already ended) never undoes a later one.
    package mutating func update(_ stage: ChainStage) {
        while chain.count <= stage.index {
            chain.append(ChainStage(index: chain.count, label: stage.index == chain.count ? stage.label : ""))
        }
        let known = chain[stage.index]
        if known.outcome != nil, stage.outcome == nil { return }
        if known.start != nil, stage.start == nil { return }
        chain[stage.index] = stage
    }

    /// The chain stage running now, past the dispatch (that one is the transport's time).
    package var runningChainStage: ChainStage? {
        chain.first { $0.index > 0 && $0.start != nil && $0.outcome == nil }
    }

    /// The last body progress reported (bytes, expected size, rate).
    package var bodyProgress: ExchangeEvent.BodyProgress? {
        if case .bodyProgress(let progress)? = timeline.last("body")?.kind { return progress }
        return nil
    }

    /// Whether the transport reported anything (a dispatcher that reports no events leaves it empty).
    package var hasEvents: Bool { !timeline.events.isEmpty }

    /// Where the send is, from its events and chain stages; nil before the transport reported
    /// anything.
    package var stage: SendStage? {
        if let preparing { return .step(preparing) }
        if let running = runningChainStage, let step = SendStep(rawValue: running.label) { return .step(step) }
        guard hasEvents else { return nil }
        if case .completed? = timeline.ending { return .step(.parse) }
        let stage = timeline.stage
        return .transport(stage, progress: stage == .receiving ? bodyProgress : nil)
    }
}
