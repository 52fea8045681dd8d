import Foundation
import TUI
import Workspace

/// The Auth tab's token lines under an oauth2 auth (the cache's, read when the request is
/// selected, then the last send's): its state (none / valid until a local
/// time, with the time left / expired), the scopes granted, and a JWT's header and claims —
/// marked "signature not verified", since Lazer has no key to check it with. Never the token.
enum TokenStateLines {
    static func lines(_ token: OAuthTokenState?, now: Date, _ theme: Theme) -> [[Span]] {
        let label = { (text: String) in Span(text.padded(to: FormLayout.labelWidth), style: theme[.muted]) }
        guard let token else {
            return [
                [
                    label("token"),
                    Span("none in the token cache: F5 gets one through the grant", style: theme[.muted]),
                ]
            ]
        }
        let validity = token.validity(now: now)
        let style = validity.hasPrefix("expired") ? theme[.warning] : theme[.success]
        var lines: [[Span]] = [[label("token"), Span(validity, style: style)]]
        if !token.scope.isEmpty { lines.append([label("scope"), Span(token.scope, style: theme[.text])]) }
        lines.append([label("refresh"), Span(token.refreshable ? "has a refresh token" : "none", style: theme[.text])])
        if let header = token.jwtHeader, let claims = token.jwtClaims {
            lines.append([label("JWT"), Span("signature not verified", style: theme[.warning])])
            lines.append([label(""), Span("header", style: theme[.muted])])
            lines += header.map { [label(""), Span("  " + $0, style: theme[.text])] }
            lines.append([label(""), Span("claims", style: theme[.muted])])
            lines += claims.map { [label(""), Span("  " + $0, style: theme[.text])] }
        }
        return lines
    }
}
