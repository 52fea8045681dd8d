package import Futures
package import HTTPCore

/// What one send reported while it ran: the transport's events (folded into an
/// `ExchangeTimeline`) and the stages of the futures chain after it (dispatch, parse, checks,
/// captures, history). The reducer feeds it; the status line and the Timeline tab read it.
///
/// Offsets are from the moment the send was handed to the dispatcher: the transport's events
/// and the chain stages are measured from (about) the same instant, so they share one axis.
package struct ExchangeTrace: Sendable, Equatable {
    /// The send this trace belongs to (events of another generation are dropped).
    package var generation: Int
    package var timeline = ExchangeTimeline()
    /// The chain's stages in chain order, as last reported.
    package var chain: [ChainStage] = []

    package init(generation: Int) {
        self.generation = generation
    }

    /// Records an event of the transport.
    package mutating func record(_ event: ExchangeEvent) {
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

    /// Where the send is, as the status line says it: "resolving", "TLS handshake", "waiting for
    /// the first byte", "receiving 3.2 MB of 8.0 MB at 40 MB/s", "parsing"; nil without events.
    package var stageText: String? {
        if let running = runningChainStage { return Self.phrase(ofChainStage: running.label) }
        guard hasEvents else { return nil }
        if case .completed? = timeline.ending { return "parsing" }
        let stage = timeline.stage
        guard stage == .receiving else { return stage.label }
        guard let progress = bodyProgress else { return "receiving" }
        return "receiving " + Self.progressText(progress)
    }

    /// "3.2 MB of 8.0 MB at 40 MB/s" (what is known of it).
    package static func progressText(_ progress: ExchangeEvent.BodyProgress) -> String {
        var text = ByteCount.format(progress.bytes)
        if let expected = progress.expected { text += " of " + ByteCount.format(expected) }
        if let rate = progress.bytesPerSecond, rate > 0 { text += " at " + ByteCount.format(Int64(rate)) + "/s" }
        return text
    }

    /// How a chain stage reads while it runs ("parse" → "parsing").
    package static func phrase(ofChainStage label: String) -> String {
        switch label {
        case ChainStageLabel.parse: "parsing"
        case ChainStageLabel.checks: "checking expectations"
        case ChainStageLabel.captures: "taking captures"
        case ChainStageLabel.history: "writing history"
        default: label
        }
    }

    /// The coarse stage the rest of the program knows (`ExchangeState.Stage`), from the events.
    package var coarseStage: ExchangeState.Stage? {
        if runningChainStage != nil { return .parsing }
        guard hasEvents else { return nil }
        if case .completed? = timeline.ending { return .parsing }
        switch timeline.stage {
        case .queued, .resolving, .connecting, .tlsHandshake, .sending: return .sending
        case .waiting: return .waiting
        case .receiving:
            return .receiving(bytes: bodyProgress?.bytes ?? 0, total: bodyProgress?.expected)
        }
    }
}

/// The labels of the explorer's chain stages, in chain order (the Timeline tab lists them).
package enum ChainStageLabel {
    /// The transport's exchange, from hand-over to the response (or the failure).
    package static let dispatch = "dispatch"
    /// Reading the body and parsing it (JSON tape, text or binary).
    package static let parse = "parse"
    /// Evaluating the request's expectations.
    package static let checks = "checks"
    /// Taking the request's captures.
    package static let captures = "captures"
    /// Appending the exchange to the history file (after the answer is shown).
    package static let history = "history"
}
