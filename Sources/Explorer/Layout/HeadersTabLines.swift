import TUI

/// The Headers tab: the request as it was sent (method and URL, its headers, its body), then the
/// response's status line and headers. Only the lines on screen are built: a response may carry
/// thousands of headers, and an upload thousands of body lines.
enum HeadersTabLines {
    /// One line of the tab, by what it shows.
    private enum Item {
        case title(String)
        case requestLine
        case sentHeader(Int)
        case bodyLine(Int)
        case note(String)
        case blank
        case statusLine
        case responseHeader(Int)
    }

    /// How many lines the tab has.
    static func count(_ result: ExchangeResult, _ response: ReceivedResponse) -> Int {
        guard let sent = result.sent else { return response.headers.count }
        return sentCount(sent) + 2 + response.headers.count
    }

    /// The lines `first..<first + height`.
    static func lines(
        _ result: ExchangeResult, _ response: ReceivedResponse, from first: Int, height: Int, _ theme: Theme
    ) -> [Line] {
        let end = min(count(result, response), first + max(0, height))
        guard first < end else { return [] }
        return render((first..<end).map { item($0, result.sent, response) }, result.sent, response, theme)
    }

    /// The request as sent alone, whole (the error card's details: no response came).
    static func sentLines(_ sent: SentRequest, _ theme: Theme) -> [Line] {
        render((0..<sentCount(sent) - 1).map { item($0, sent, nil) }, sent, nil, theme)
    }

    private static func render(_ items: [Item], _ sent: SentRequest?, _ response: ReceivedResponse?, _ theme: Theme)
        -> [Line]
    {
        // Names are aligned per section, over the lines shown.
        func width(_ names: [String]) -> Int { min(32, names.map { CharacterWidth.of($0) }.max() ?? 0) }
        let sentWidth = width(
            items.compactMap { if case .sentHeader(let i) = $0 { sent?.headers[i].name } else { nil } })
        let receivedWidth = width(
            items.compactMap { if case .responseHeader(let i) = $0 { response?.headers[i].name } else { nil } })
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
            case .bodyLine(let index):
                if case .text(let lines, _, _)? = sent?.body {
                    Line(lines[index], style: theme[.text])
                } else {
                    Line("")
                }
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

    /// Title, request line, headers, then the body (after a blank line) and a blank line.
    private static func sentCount(_ sent: SentRequest) -> Int {
        2 + sent.headers.count + bodyCount(sent.body) + 1
    }

    private static func bodyCount(_ body: SentRequest.Body) -> Int {
        switch body {
        case .none: 0
        case .note: 2
        case .text(let lines, _, let cut): 1 + lines.count + (cut ? 1 : 0)
        }
    }

    private static func item(_ index: Int, _ sent: SentRequest?, _ response: ReceivedResponse?) -> Item {
        guard let sent else { return .responseHeader(index) }
        var index = index
        if index == 0 { return .title("Request as sent") }
        if index == 1 { return .requestLine }
        index -= 2
        if index < sent.headers.count { return .sentHeader(index) }
        index -= sent.headers.count
        let body = bodyCount(sent.body)
        if index < body {
            if index == 0 { return .blank }
            switch sent.body {
            case .none: return .blank
            case .note(let text): return .note(text)
            case .text(let lines, let size, _):
                if index - 1 < lines.count { return .bodyLine(index - 1) }
                return .note("… cut: \(lines.count) lines shown of a \(ByteCount.format(Int64(size))) body")
            }
        }
        index -= body
        if index == 0 { return .blank }
        if index == 1 { return .title("Response") }
        if index == 2 { return .statusLine }
        return .responseHeader(index - 3)
    }
}
