package import HTTPCore

/// Where a send in flight is, in one vocabulary: the transport's stage (HTTPCore's
/// `ExchangeStage`, which holds the transport's labels) until the response is in, then the step of
/// the explorer's chain after it (`SendStep`, which holds the steps' labels). The status line, a
/// cancelled send's card and the bench log read it; the reducer works it out from the send's
/// trace.
package enum SendStage: Hashable, Sendable {
    /// The transport is in `stage`; while receiving, the body's last reported progress.
    case transport(ExchangeStage, progress: ExchangeEvent.BodyProgress?)
    /// The chain step running after the transport.
    case step(SendStep)

    /// What the status line says: "resolving", "TLS handshake", "waiting for the first byte",
    /// "receiving 3.2 MB of 8.0 MB at 40 MB/s", "parsing".
    package var label: String {
        switch self {
        case .transport(.receiving, let progress?): "receiving " + Self.progressText(progress)
        case .transport(let stage, _): stage.label
        case .step(let step): step.label
        }
    }

    /// "3.2 MB of 8.0 MB at 40 MB/s" (what is known of it).
    package static func progressText(_ progress: ExchangeEvent.BodyProgress) -> String {
        var text = ByteCount.format(progress.bytes)
        if let expected = progress.expected { text += " of " + ByteCount.format(expected) }
        if let rate = progress.bytesPerSecond, rate > 0 { text += " at " + ByteCount.format(Int64(rate)) + "/s" }
        return text
    }
}

/// The explorer's send chain, in order: each step is a labelled `ChainStages` stage (its raw value
/// is the stage's label; the Timeline tab lists them).
package enum SendStep: String, Hashable, Sendable, CaseIterable {
    /// The transport's exchange, from hand-over to the response (or the failure).
    case dispatch
    /// Reading the body and parsing it (JSON tape, text or binary).
    case parse
    /// Evaluating the request's expectations.
    case checks
    /// Taking the request's captures.
    case captures
    /// Appending the exchange to history in the state store (after the answer is shown).
    case history
    /// Getting the oauth2 access token (cached, refreshed or fetched) before the request goes.
    case token
    /// Running the collection's `command` auth for its token, before the request is prepared again.
    case authCommand
    /// Running the pre-request scripts (collection, folders, request), before the request is prepared.
    case preRequestScript = "pre-request script"
    /// Running the test scripts on the response, after the expectations.
    case testScript = "test script"

    /// How the step reads while it runs: "parsing", "checking expectations".
    package var label: String {
        switch self {
        case .dispatch: "in flight"
        case .parse: "parsing"
        case .checks: "checking expectations"
        case .captures: "taking captures"
        case .history: "writing history"
        case .token: "getting a token"
        case .authCommand: "running the auth command"
        case .preRequestScript: "running the pre-request script"
        case .testScript: "running the test script"
        }
    }
}
