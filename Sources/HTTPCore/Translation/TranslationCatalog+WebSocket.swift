extension TranslationCatalog {
    /// The key of a WebSocket that ended abnormally: what the close code means, and who ended it.
    /// A code this client sent (the server broke the protocol) reads differently from the same code
    /// sent by the server (the server refused something of ours).
    static func webSocketKey(_ close: WebSocketClose) -> String {
        let ours = close.initiator != .server
        switch close.code {
        case 1006?, nil: return "webSocket.dropped"
        case 1002?: return ours ? "webSocket.invalidFrame" : "webSocket.refusedFrame"
        case 1003?, 1007?: return ours ? "webSocket.invalidText" : "webSocket.refusedData"
        case 1009?: return ours ? "webSocket.messageTooLarge" : "webSocket.tooLargeForServer"
        case 1008?: return "webSocket.policy"
        case 1011?: return "webSocket.serverError"
        case 1012?, 1013?, 1014?: return "webSocket.tryLater"
        // Ours: Lazer closed because the server broke the subprotocol (graphql-transport-ws's 4400).
        case let code? where code >= 4000: return ours ? "webSocket.subprotocolViolation" : "webSocket.application"
        default: return "webSocket.closed"
        }
    }

    /// WebSocket closes (issue 25), keyed `webSocket.<name>`: `{closeCode}` and `{closeReason}` are
    /// the close frame's, `{detail}` the whole close as the transport described it.
    // swift-format-ignore
    static let webSocket: [String: TranslationTemplate] = [
        "webSocket.dropped": TranslationTemplate(title: "Connection dropped", explanation: "The connection to {host} ended without a WebSocket close frame (1006): the server, a proxy or the network cut it.", hint: "Retry; if it happens at the same moment each time, look at the server's or the proxy's idle timeout."),
        "webSocket.invalidFrame": TranslationTemplate(title: "The server broke the WebSocket protocol", explanation: "{host} sent a frame the protocol does not allow ({detail}), so Lazer closed the connection with 1002.", hint: "This is the server's bug: a masked frame, a reserved bit or opcode, or a broken fragment sequence. Report it with the technical detail."),
        "webSocket.invalidText": TranslationTemplate(title: "The server sent text that is not UTF-8", explanation: "A text message from {host} was not valid UTF-8 (or a compressed one did not inflate), so Lazer closed the connection with 1007.", hint: "The server should send such data as a binary message; report it with the technical detail."),
        "webSocket.messageTooLarge": TranslationTemplate(title: "Message too large", explanation: "{host} sent a message larger than Lazer accepts (16 MiB once joined and inflated), so Lazer closed the connection with 1009.", hint: "Ask the server for smaller messages (paging, a filter), or fetch such data over HTTP."),
        "webSocket.refusedFrame": TranslationTemplate(title: "The server says Lazer broke the protocol", explanation: "{host} closed the connection with 1002 (protocol error): {closeReason}.", hint: "Check the subprotocol and the extensions offered; the technical detail has the close."),
        "webSocket.refusedData": TranslationTemplate(title: "The server refused a message", explanation: "{host} closed the connection with {closeCode}: it could not accept the data it received ({closeReason}).", hint: "Check what was sent: text where binary was expected, or the format the subprotocol asks for."),
        "webSocket.tooLargeForServer": TranslationTemplate(title: "Message too large for the server", explanation: "{host} closed the connection with 1009: a message it received was larger than it accepts ({closeReason}).", hint: "Send smaller messages."),
        "webSocket.policy": TranslationTemplate(title: "Closed by the server's policy", explanation: "{host} closed the connection with 1008 (policy violation): {closeReason}.", hint: "Usually authentication or permissions: check the token or the headers of the upgrade."),
        "webSocket.serverError": TranslationTemplate(title: "Server error", explanation: "{host} closed the connection with 1011: it met an error it could not handle ({closeReason}).", hint: "The problem is on the server; retry later or look at its logs."),
        "webSocket.tryLater": TranslationTemplate(title: "The server asks to come back later", explanation: "{host} closed the connection with {closeCode} (restarting, overloaded or a bad gateway): {closeReason}.", hint: "Reconnect after a pause."),
        "webSocket.application": TranslationTemplate(title: "Closed by the application", explanation: "{host} closed the connection with its own code {closeCode}: {closeReason}.", hint: "Codes 4000–4999 belong to the server's application or subprotocol; its documentation says what this one means."),
        "webSocket.subprotocolViolation": TranslationTemplate(title: "The server broke the subprotocol", explanation: "{host}: {detail} Lazer closed the connection with {closeCode}.", hint: "This is the server's bug, not the operation's or the credentials': report it with the technical detail."),
        "webSocket.closed": TranslationTemplate(title: "WebSocket closed abnormally", explanation: "{host} closed the connection with {closeCode}: {closeReason}.", hint: "The technical detail has the close as it happened."),
    ]
}
