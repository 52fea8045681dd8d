public import Foundation

/// The exchange failed below HTTP: no (complete) response arrived.
///
/// Every transport failure maps onto a ``Reason`` so translations and exit codes do not depend on
/// curl's numbers; the raw code and message are kept for the technical detail.
public struct TransportError: Error, Hashable, Sendable {
    /// Why the exchange failed.
    public var reason: Reason
    /// The transport's own message (curl's error buffer), for the technical detail. Never holds credentials.
    public var message: String
    /// The transport's numeric code (a `CURLcode`), when there is one.
    public var code: Int?
    /// The URL that was being fetched.
    public var url: URL?
    /// For ``Reason/redirectRefused``: the scheme the refused redirect led to (e.g. `ftp`).
    public var redirectScheme: String?
    /// For ``Reason/badRedirect``: the `Location` the server sent, as it sent it (untrusted text:
    /// show it through a terminal-safe rendering).
    public var redirectLocation: String?
    /// The stage the exchange failed in (set by the transports; `nil` for an error made by hand).
    public var stage: ExchangeStage?
    /// The phases measured before the failure: the marks reached, and `total` the time to the failure.
    public var timings: Timings?
    /// For a WebSocket that ended abnormally (``Reason/receiveFailure``): its close code, reason and
    /// who ended it, so the translation says what the code means instead of a broken download.
    public var webSocketClose: WebSocketClose?

    public init(
        _ reason: Reason, message: String = "", code: Int? = nil, url: URL? = nil, redirectScheme: String? = nil,
        redirectLocation: String? = nil, stage: ExchangeStage? = nil, timings: Timings? = nil,
        webSocketClose: WebSocketClose? = nil
    ) {
        self.webSocketClose = webSocketClose
        self.redirectLocation = redirectLocation
        self.reason = reason
        self.message = message
        self.code = code
        self.url = url
        self.redirectScheme = redirectScheme
        self.stage = stage
        self.timings = timings
    }

    /// "failed during the TLS handshake after 23 ms" — where and when it failed, when the transport
    /// said; nil otherwise.
    public var failureSummary: String? {
        guard let stage else { return nil }
        guard let total = timings?.total else { return "failed \(stage.failurePhrase)" }
        return "failed \(stage.failurePhrase) after \(Self.milliseconds(total))"
    }

    /// `23 ms`, `1.5 s`.
    static func milliseconds(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        if milliseconds >= 10_000 { return "\(Int((milliseconds / 1000).rounded())) s" }
        if milliseconds >= 1000 { return "\((milliseconds / 100).rounded() / 10) s" }
        if milliseconds >= 10 { return "\(Int(milliseconds.rounded())) ms" }
        // Not "0.0 ms" (a mock's failure read as taking no time at all).
        let tenths = (milliseconds * 10).rounded() / 10
        return tenths > 0 ? "\(tenths) ms" : "<0.1 ms"
    }
}
