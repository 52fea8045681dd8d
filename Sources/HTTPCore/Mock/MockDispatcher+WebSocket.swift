import Foundation

/// The in-process mock answers WebSocket requests too (issue 25): the upgrade is routed through the
/// same ``MockRouteTable`` as HTTP (and recorded like any request), so `lazer run` and the explorer
/// in a mock environment talk to the route `lazer mock` would serve. A route without a
/// ``MockResponse/webSocket`` script refuses the upgrade with its status, worded as the NIO
/// transport words a refusal.
extension MockDispatcher: WebSocketConnecting {
    public func connect(_ request: WebSocketRequest) async throws(TransportError) -> any WebSocketSession {
        var headers = request.headers
        headers["Upgrade"] = "websocket"
        headers["Connection"] = "Upgrade"
        if !request.subprotocols.isEmpty {
            headers["Sec-WebSocket-Protocol"] = request.subprotocols.joined(separator: ", ")
        }
        let upgrade = HTTPRequest(method: .get, url: request.url, headers: headers)
        let answer = respond(to: upgrade)
        if let delay = answer.delay, delay > .zero {
            let delays = delays
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                delays.schedule(after: min(delay, request.connectTimeout)) { resumed.resume() }
            }
            if delay > request.connectTimeout {
                throw TransportError(
                    .connectTimeout, message: "no answer to the WebSocket upgrade within the connect timeout",
                    url: request.url)
            }
        }
        if var failure = answer.failure {
            failure.url = failure.url ?? request.url
            throw failure
        }
        guard let script = answer.webSocket else {
            let text: String
            switch answer.body {
            case .data(let data): text = String(decoding: data.prefix(512), as: UTF8.self)
            case .empty, .file: text = ""
            }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            var message = "the upgrade was answered \(answer.status.description)"
            message += trimmed.isEmpty ? " (a WebSocket server answers 101 Switching Protocols)" : ": \(trimmed)"
            throw TransportError(.protocolError, message: message, code: answer.status.rawValue, url: request.url)
        }
        var answered = HTTPHeaders()
        for field in answer.headers where !Self.upgradeFields.contains(field.name.lowercased()) {
            answered.add(name: field.name, value: field.value)
        }
        answered["Upgrade"] = "websocket"
        answered["Connection"] = "Upgrade"
        let subprotocol = MockWebSocketScript.subprotocol(offered: request.subprotocols)
        if let subprotocol { answered["Sec-WebSocket-Protocol"] = subprotocol }
        return MockWebSocketSession(
            handshake: WebSocketHandshake(status: 101, headers: answered, subprotocol: subprotocol), script: script,
            delays: delays)
    }

    /// Fields of a WebSocket route's plain answer (its 426) that a 101 does not carry or sets itself;
    /// and an extension agreement (a recording's `permessage-deflate`): a mock speaks no extension.
    package static let upgradeFields: Set<String> = [
        "content-type", "content-length", "transfer-encoding", "upgrade", "connection", "sec-websocket-accept",
        "sec-websocket-protocol", "sec-websocket-extensions",
    ]
}
