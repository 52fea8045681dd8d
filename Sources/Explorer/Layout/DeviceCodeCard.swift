import TUI
import Workspace

/// The waiting card of an oauth2 device code grant (RFC 8628): the code to enter and where,
/// shown in the response pane while the send polls for the person's approval. Esc cancels the
/// send, and with it the polling. Texts come from the provider: drawn like every other text.
enum DeviceCodeCard {
    static func lines(_ authorization: OAuthDeviceAuthorization, _ theme: Theme) -> [Line] {
        head(authorization, theme) + advice(authorization, theme)
    }

    /// The title, the code and where to enter it.
    static func head(_ authorization: OAuthDeviceAuthorization, _ theme: Theme) -> [Line] {
        var lines = [
            Line("Waiting for approval (oauth2 device code)", style: theme[.title].bold),
            Line(""),
            Line([Span("  Code  ", style: theme[.muted]), Span(authorization.userCode, style: theme[.info].bold)]),
            Line([Span("  at    ", style: theme[.muted]), Span(authorization.verificationURI, style: theme[.text])]),
        ]
        if let complete = authorization.verificationURIComplete {
            lines.append(Line([Span("  or    ", style: theme[.muted]), Span(complete, style: theme[.text])]))
        }
        return lines
    }

    /// What to do, how often Lazer asks (the interval in force: each `slow_down` adds 5 s, RFC
    /// 8628 §3.5), how long the code has left, and how to stop.
    static func advice(
        _ authorization: OAuthDeviceAuthorization, slowDowns: Int = 0, elapsed: Duration = .zero, _ theme: Theme
    ) -> [Line] {
        let interval = authorization.interval + 5 * slowDowns
        let left = max(0, authorization.expiresIn - Int(elapsed.components.seconds))
        let expiry = left >= 60 ? "\(left / 60) min" + (left % 60 > 0 ? " \(left % 60) s" : "") : "\(left) s"
        return [
            Line(""),
            Line("Open the address on any device, enter the code and approve it.", style: theme[.muted]),
            Line("Lazer asks every \(interval) s; the code expires in \(expiry).", style: theme[.muted]),
            Line("Esc cancels.", style: theme[.muted]),
        ]
    }

    /// The advice for the send in flight: its `slow_down` answers so far and the time since the code came.
    static func advice(_ trace: ExchangeTrace, now: Duration, _ theme: Theme) -> [Line] {
        guard let authorization = trace.deviceCode else { return [] }
        let slowDowns = trace.tokenSteps.count { $0.step == .devicePolling && $0.error == "slow_down" }
        return advice(authorization, slowDowns: slowDowns, elapsed: now - trace.deviceCodeAt, theme)
    }
}
