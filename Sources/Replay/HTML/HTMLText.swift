import TerminalText

/// What the HTML reports of `lazer run` and `lazer load` share: escaping of untrusted text and the
/// page around them. Names, bodies, headers and error texts come from collections and servers, so
/// every one goes through `escape`: markup shows as text, and control, bidi and invisible
/// characters show as `<U+202E>`. The page's Content-Security-Policy forbids every script and
/// every fetch, so even markup that slipped through could run nothing and load nothing.
package enum HTMLText {
    /// Untrusted text for HTML: unsafe scalars in their visible form (newlines kept when
    /// `keepingLines`, for `<pre>`), then `& < > " '` escaped — safe in text and in quoted attributes.
    /// `quotes: false` leaves quotes as they are, for element content only (never an attribute):
    /// there only `&` and `<` could start markup, and a JSON body stays a sixth smaller.
    package static func escape(_ value: some StringProtocol, keepingLines: Bool = false, quotes: Bool = true)
        -> String
    {
        let safe = keepingLines ? TerminalText.lines(value) : TerminalText.line(value)
        var escaped = ""
        escaped.reserveCapacity(safe.utf8.count)
        for character in safe {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quotes: escaped += "&quot;"
            case "'" where quotes: escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// The page up to its first section: doctype, the policy that forbids scripts, the inline
    /// style, the title and its heading. `title` is escaped here.
    package static func pageStart(title: String, style: String) -> String {
        let title = escape(title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>\(title)</h1>

            """
    }

    package static let pageEnd = "</body>\n</html>\n"

    /// A section with an id (a fragment link, and what the browser test looks for) and a heading;
    /// `body` is HTML already.
    package static func section(_ id: String, _ heading: String, _ body: String) -> String {
        "<section id=\"\(id)\">\n<h2>\(heading)</h2>\n\(body)</section>\n"
    }
}
