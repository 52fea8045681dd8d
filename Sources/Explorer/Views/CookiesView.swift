import Foundation
import HTTPCore
import TUI

/// The Cookies dialog: the jar of the current collection in its environment, grouped by domain,
/// one line per cookie (name, masked value, path, expiry, flags), the highlighted one selected.
/// Values are credentials: shown as the first characters and a mask (`e` shows the whole value
/// in the edit prompt).
enum CookiesView {
    static let width = 96

    static func render(_ dialog: CookiesDialog, _ state: ExplorerState, into frame: inout Frame) {
        let theme = state.theme
        let inner = min(frame.area.width - 2, width) - 2
        var lines: [Line] = []
        var selectedLine: Int?
        if let error = dialog.error {
            lines.append(Line("✖ Cookies " + error, style: theme[.error]))
        }
        switch dialog.cookies {
        case nil:
            lines.append(Line("Reading the jar…", style: theme[.muted]))
        case let cookies? where cookies.isEmpty:
            lines.append(
                Line(
                    "No cookies yet: a response's Set-Cookie lands here, and the next sends carry it.",
                    style: theme[.muted]))
        case let cookies?:
            var domain: String?
            for (index, cookie) in cookies.enumerated() {
                if cookie.domain != domain {
                    domain = cookie.domain
                    lines.append(Line(cookie.domain, style: theme[.title]))
                }
                if index == dialog.selected { selectedLine = lines.count }
                var line = Line([
                    Span("  " + cookie.name.padding(18) + " ", style: theme[.text].bold),
                    Span(masked(cookie.value).padding(14) + " ", style: theme[.muted]),
                    Span(cookie.path.padding(12) + " ", style: theme[.text]),
                    Span(expiry(cookie).padding(18) + " ", style: theme[.text]),
                    Span(flags(cookie), style: theme[.info]),
                ])
                if index == dialog.selected { line.style = theme[.selection] }
                lines.append(line)
            }
        }
        lines.append(Line(""))
        let hint =
            dialog.confirmingClear
            ? "Clear every cookie of this jar? y: yes · any other key: no"
            : "e/Enter: edit value · d: delete · C: clear all · r: read again · Esc closes"
        lines += Paragraph.wrapped(
            Line(hint, style: theme[dialog.confirmingClear ? .warning : .muted]), width: max(10, inner))
        let environment = dialog.jar.environment ?? "no environment"
        let count = dialog.cookies.map { " · \($0.count)" } ?? ""
        let box = OverlayLayout.textBox(count: lines.count, width: width, screen: frame.area).inner
        let scroll = max(0, (selectedLine ?? 0) - box.height + 3)
        let drawn = OverlayView.textBox(
            "Cookies · \(environment)\(count)", lines, scroll: scroll, width: width, state, &frame)
        if let selectedLine, selectedLine >= scroll, selectedLine - scroll < drawn.height {
            frame.buffer.setStyle(
                theme[.selection],
                in: Rect(x: drawn.x, y: drawn.y + selectedLine - scroll, width: drawn.width, height: 1))
        }
    }

    /// The first 3 characters of a value and a mask (short values: the mask only).
    static func masked(_ value: String) -> String {
        if value.isEmpty { return "(empty)" }
        return value.count > 8 ? String(value.prefix(3)) + "•••••" : "•••••"
    }

    static func expiry(_ cookie: Cookie) -> String {
        guard let expires = cookie.expires else { return "session" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: expires)
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }

    static func flags(_ cookie: Cookie) -> String {
        [cookie.hostOnly ? nil : "Subdomains", cookie.secure ? "Secure" : nil, cookie.httpOnly ? "HttpOnly" : nil]
            .compactMap { $0 }.joined(separator: " ")
    }
}
