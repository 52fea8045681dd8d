import TUI

/// The Headers tab: the request as it was sent (method and URL, its headers, its body wrapped to
/// the pane), then the response's status line and headers. Only the lines on screen are built: a
/// response may carry thousands of headers.
enum HeadersTabLines {
    /// One line of the tab, by what it shows.
    private enum Item {
        case title(String)
        case requestLine
        case sentHeader(Int)
        case bodyRow(Int)
        case note(String)
        case blank
        case statusLine
        case responseHeader(Int)
    }

    /// What the lines are made of: the body's lines wrapped to the width once per call.
    private struct Parts {
        var sent: SentRequest?
        var response: ReceivedResponse?
        var bodyRows: [String] = []

        init(_ sent: SentRequest?, _ response: ReceivedResponse?, width: Int) {
            self.sent = sent
            self.response = response
            guard case .text(let lines, _, _)? = sent?.body else { return }
            for line in lines {
                bodyRows += Paragraph.wrapped(Line(line), width: max(1, width)).map { $0.spans.map(\.text).joined() }
            }
        }

        /// Title, request line, headers, then the body (after a blank line) and a blank line.
        var sentCount: Int {
            guard let sent else { return 0 }
            return 2 + sent.headers.count + bodyCount + 1
        }

        var bodyCount: Int {
            switch sent?.body {
            case .none?, nil: 0
            case .note?: 2
            case .text(_, _, let cut)?: 1 + bodyRows.count + (cut ? 1 : 0)
            }
        }

        var count: Int {
            guard sent != nil else { return response?.headers.count ?? 0 }
            return sentCount + 2 + (response?.headers.count ?? 0)
        }

        func item(_ index: Int) -> Item {
            guard let sent else { return .responseHeader(index) }
            var index = index
            if index == 0 { return .title("Request as sent") }
            if index == 1 { return .requestLine }
            index -= 2
            if index < sent.headers.count { return .sentHeader(index) }
            index -= sent.headers.count
            if index < bodyCount {
                if index == 0 { return .blank }
                switch sent.body {
                case .none: return .blank
                case .note(let text): return .note(text)
                case .text(let lines, let size, _):
                    if index - 1 < bodyRows.count { return .bodyRow(index - 1) }
                    return .note("… cut: \(lines.count) lines shown of a \(ByteCount.format(Int64(size))) body")
                }
            }
            index -= bodyCount
            if index == 0 { return .blank }
            if index == 1 { return .title("Response") }
            if index == 2 { return .statusLine }
            return .responseHeader(index - 3)
        }
    }

    /// How many lines the tab has at `width`.
    static func count(_ result: ExchangeResult, _ response: ReceivedResponse, width: Int) -> Int {
        Parts(result.sent, response, width: width).count
    }

    /// The lines `first..<first + height` at `width`.
    static func lines(
        _ result: ExchangeResult, _ response: ReceivedResponse, from first: Int, height: Int, width: Int,
        _ theme: Theme
    ) -> [Line] {
        let parts = Parts(result.sent, response, width: width)
        let end = min(parts.count, first + max(0, height))
        guard first < end else { return [] }
        return render((first..<end).map(parts.item), parts, theme)
    }

    /// The request as sent alone, whole (the error card's details: no response came).
    static func sentLines(_ sent: SentRequest, width: Int, _ theme: Theme) -> [Line] {
        let parts = Parts(sent, nil, width: width)
        return render((0..<parts.sentCount - 1).map(parts.item), parts, theme)
    }

    private static func render(_ items: [Item], _ parts: Parts, _ theme: Theme) -> [Line] {
        let sent = parts.sent
        let response = parts.response
        // Names are aligned per section over all its headers (not the lines shown: the column
        // moved from page to page), up to 32 columns; the count stops at the first that wide.
        func width(_ names: some Sequence<String>) -> Int {
            var widest = 0
            for name in names where widest < 32 { widest = max(widest, CharacterWidth.of(name)) }
            return min(32, widest)
        }
        let sentWidth = sent.map { width($0.headers.lazy.map(\.name)) } ?? 0
        let receivedWidth = response.map { width($0.headers.lazy.map(\.name)) } ?? 0
        func header(_ name: String, _ value: String, width: Int) -> Line {
            Line([
                Span(name, style: theme[.jsonKey]),
                Span(String(repeating: " ", count: max(1, width - CharacterWidth.of(name) + 1))),
                Span(value, style: theme[.text]),
            ])
        }
        return items.map { item in
            switch item {
            case .title(let text): Line(text, style: theme[.accent].bold)
            case .requestLine:
                Line([
                    Span((sent?.method ?? "") + " ", style: theme[.text].bold),
                    Span(sent?.url ?? "", style: theme[.text]),
                ])
            case .sentHeader(let index):
                header(sent?.headers[index].name ?? "", sent?.headers[index].value ?? "", width: sentWidth)
            case .bodyRow(let index): Line(parts.bodyRows[index], style: theme[.text])
            case .note(let text): Line(text, style: theme[.muted])
            case .blank: Line("")
            case .statusLine:
                if let response {
                    Line(
                        "\(response.httpVersion) \(response.status) \(response.reason)",
                        style: theme[ThemeRole.status(response.status)].bold)
                } else {
                    Line("")
                }
            case .responseHeader(let index):
                if let response {
                    header(response.headers[index].name, response.headers[index].value, width: receivedWidth)
                } else {
                    Line("")
                }
            }
        }
    }
}
