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

    /// What to do, how often Lazer asks, and how to stop.
    static func advice(_ authorization: OAuthDeviceAuthorization, _ theme: Theme) -> [Line] {
        [
            Line(""),
            Line("Open the address on any device, enter the code and approve it.", style: theme[.muted]),
            Line(
                "Lazer asks every \(authorization.interval) s; the code expires in "
                    + "\(max(1, authorization.expiresIn / 60)) min.",
                style: theme[.muted]),
            Line("Esc cancels.", style: theme[.muted]),
        ]
    }
}
