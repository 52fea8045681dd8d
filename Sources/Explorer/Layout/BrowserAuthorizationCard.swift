import TUI
import Workspace

/// The waiting card of an oauth2 authorization code grant: the address to open (cut into lines
/// so all of it shows, for copying by hand too), where Lazer listens for the browser's return,
/// the copy key (OSC 52 reaches the clipboard over SSH) and Esc to cancel.
enum BrowserAuthorizationCard {
    static func lines(_ prompt: OAuthBrowserPrompt, width: Int, _ theme: Theme) -> [Line] {
        // The keys before the address: at 80×24 the address fills the pane and the card does not scroll.
        var lines = [
            Line("Waiting for the browser (oauth2 authorization code)", style: theme[.title].bold),
            Line("u copies the address (OSC 52). Esc cancels.", style: theme[.muted]),
            Line(""),
            Line(
                prompt.opened
                    ? "Lazer opened this address in your browser; sign in there and approve:"
                    : "Open this address in a browser, sign in and approve:",
                style: theme[.muted]),
        ]
        let room = max(10, width - 2)
        var rest = Substring(prompt.authorizationURL)
        while !rest.isEmpty {
            lines.append(Line([Span("  "), Span(String(rest.prefix(room)), style: theme[.info])]))
            rest = rest.dropFirst(room)
        }
        lines += [
            Line(""),
            Line([Span("Lazer waits at ", style: theme[.muted]), Span(prompt.redirectURI, style: theme[.text])]),
        ]
        return lines
    }
}
