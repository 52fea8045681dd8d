import Foundation
import TUI
import Workspace

/// A past exchange from the workspace history, as lines for the Raw view.
enum HistoryText {
    static func lines(_ entry: HistoryEntry, _ theme: Theme) -> [Line] {
        var lines: [Line] = [
            Line(
                "Past exchange of \(ISOTimeText.short(entry.date))" + (entry.environment.map { " in \($0)" } ?? ""),
                style: theme[.title]),
            Line(entry.method + " " + entry.url, style: theme[.text]),
        ]
        lines += entry.requestHeaders.map { Line("  " + $0.name + ": " + $0.value, style: theme[.muted]) }
        if let body = entry.requestBody, !body.text.isEmpty { lines += text(body.text, theme[.muted]) }
        lines.append(Line(""))
        if let status = entry.status {
            lines.append(
                Line(
                    "← \(status)" + (entry.durationMilliseconds.map { " · \(Int($0.rounded())) ms" } ?? ""),
                    style: theme[ThemeRole.status(status)].bold))
        }
        if let error = entry.error { lines.append(Line("✖ " + error, style: theme[.error])) }
        lines += entry.responseHeaders.map { Line("  " + $0.name + ": " + $0.value, style: theme[.muted]) }
        if let body = entry.responseBody {
            lines.append(Line(""))
            if body.encoding == .base64 {
                lines.append(Line("(binary body, \(body.size) bytes)", style: theme[.muted]))
            } else {
                lines += text(body.text, theme[.text])
                if body.truncated {
                    lines.append(Line("… (history keeps the first part of the body)", style: theme[.muted]))
                }
            }
        }
        return lines
    }

    private static func text(_ text: String, _ style: Style) -> [Line] {
        let body = TextBody(bytes: Array(text.utf8))
        return (0..<min(body.lineCount, 5000)).map { Line(body.line($0), style: style) }
    }
}

/// Local times for history rows: "14:03:22" today, "23 Nov 14:03" before.
enum ISOTimeText {
    static func short(_ date: Date) -> String {
        let calendar = Calendar.current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let time = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        if calendar.isDateInToday(date) { return time }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(parts.day ?? 0) \(months[max(0, min(11, (parts.month ?? 1) - 1))]) " + String(time.prefix(5))
    }
}
