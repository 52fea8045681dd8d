import Foundation
package import HTTPCore

/// How a request carried over a WebSocket connects (issues 25 and 28), made once for the
/// explorer, Replay and `lazer record`: a `websocket` request as saved (its subprotocols, pings
/// and saved messages), or a GraphQL request whose operation is a `subscription`, which goes over
/// `graphql-transport-ws` (``GraphQLSubscriptionConnector`` wraps the connector). Both read as one
/// WebSocket conversation afterwards, so callers never ask which it is.
package struct WebSocketOpening: Sendable {
    package var connector: any WebSocketConnecting
    package var request: WebSocketRequest
    /// Sent in order once connected (a subscription sends nothing of its own, a request with
    /// steps only what its steps send).
    package var outgoing: [WebSocketMessage]
    /// The request's steps, with what fills their messages (none: `outgoing` is the conversation).
    private var steps: [WebSocketStep] = []
    private var savedMessages: [WebSocketSavedMessage] = []
    private var resolver: WebSocketMessageResolver?
    private var collectionFile = ""
    /// What a received text message is called where messages are listed: `text`, or `next` for
    /// a subscription's responses.
    package var textName = "text"

    /// The upgrade as it goes on the wire, for what shows or records the request: a GET without a
    /// body (a subscription's request object goes in its `subscribe` message, not here).
    package static func upgrade(of request: HTTPRequest) -> HTTPRequest {
        var upgrade = request
        upgrade.method = .get
        upgrade.setBody(.none)
        upgrade.headers.remove(name: "Content-Type")
        return upgrade
    }

    /// Hands `observer` every event of the connection as it is on the wire, when the session's
    /// events are not (a subscription's are read as its protocol); false when they are the wire.
    package mutating func observeWire(_ observer: @escaping @Sendable (WebSocketEvent) -> Void) -> Bool {
        guard var subscription = connector as? GraphQLSubscriptionConnector else { return false }
        subscription.onWire = observer
        connector = subscription
        return true
    }

    /// The player of the request's steps on this connection (nil: it has none). `lazer run` closes
    /// after the last step (`closesWhenDone`); the explorer leaves the connection open.
    package func stepPlayer(closesWhenDone: Bool) -> WebSocketStepPlayer? {
        guard !steps.isEmpty else { return nil }
        return WebSocketStepPlayer(
            steps: steps, messages: savedMessages, resolver: resolver, collectionFile: collectionFile,
            closesWhenDone: closesWhenDone)
    }

    /// Opens `request` (prepared from `saved`, its URL as resolved) through `connector`: the URL
    /// on `ws`/`wss`, the request's headers (auth included) and connection options on the upgrade;
    /// the saved messages as `preparation` filled them (`resolved.webSocketMessages`), its
    /// `messageResolver` filling a step's when it goes; a subscription's `connection_init` carries
    /// the resolved body's.
    package static func make(
        saved: SavedRequest, request: HTTPRequest, connector: any WebSocketConnecting, collectionFile: String,
        preparation: SendPreparation? = nil
    ) -> Result<WebSocketOpening, WebSocketOpeningError> {
        let connectionInit = preparation?.resolved.connectionInit
        let url: URL
        do {
            url = try WebSocketSettings.connectURL(request.url()).get()
        } catch let error as WebSocketURLError {
            return .failure(WebSocketOpeningError(description: error.description))
        } catch {
            return .failure(WebSocketOpeningError(description: "\(error)"))
        }
        var webSocket = WebSocketRequest(url: url, headers: request.headers)
        webSocket.options = request.options
        if let timeout = request.options.connectTimeout ?? request.options.totalTimeout {
            webSocket.connectTimeout = timeout
        }
        if let settings = saved.websocket {
            webSocket.subprotocols = settings.subprotocols
            webSocket.pingInterval = settings.pingSeconds.map { .milliseconds(Int64($0 * 1000)) }
            webSocket.offersCompression = settings.compression ?? true
            var filled = settings
            filled.messages = preparation?.resolved.webSocketMessages ?? settings.messages
            guard settings.steps.isEmpty else {
                var opening = WebSocketOpening(connector: connector, request: webSocket, outgoing: [])
                opening.steps = settings.steps
                opening.savedMessages = settings.messages
                opening.resolver = preparation?.messageResolver
                opening.collectionFile = collectionFile
                return .success(opening)
            }
            switch WebSocketTranscript.outgoing(filled, collectionFile: collectionFile) {
            case .success(let messages):
                return .success(WebSocketOpening(connector: connector, request: webSocket, outgoing: messages))
            case .failure(let error): return .failure(WebSocketOpeningError(description: error.description))
            }
        }
        // A subscription: the resolved GraphQL request object (variables filled) is the payload;
        // the body's own header fields stay off the upgrade.
        let body: Data
        switch request.body {
        case .bytes(let data), .json(let data): body = data
        default: return .failure(WebSocketOpeningError(description: "a GraphQL subscription needs its query"))
        }
        webSocket.headers.remove(name: "Content-Type")
        webSocket.headers.remove(name: "Content-Length")
        let subscription = GraphQLSubscriptionConnector(
            base: connector, payload: String(decoding: body, as: UTF8.self), initPayload: connectionInit)
        var opening = WebSocketOpening(connector: subscription, request: webSocket, outgoing: [])
        opening.textName = "next"
        return .success(opening)
    }
}

/// Why a WebSocket request could not be opened: its URL, a saved message's file.
package struct WebSocketOpeningError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
}

extension SavedRequest {
    /// Whether the request is carried over a WebSocket: a `websocket` request, or a GraphQL
    /// subscription.
    package var opensWebSocket: Bool {
        if websocket != nil { return true }
        if case .graphql(let graphql) = body.content { return graphql.isSubscription }
        return false
    }

    /// The method it goes out with, as reports and the explorer show it: a WebSocket's upgrade is
    /// a GET, whatever a GraphQL subscription's saved method.
    package var sentMethod: String { opensWebSocket ? "GET" : method.rawValue }
}

extension GraphQLBody {
    /// Whether the operation it runs is a `subscription` (sent over `graphql-transport-ws`).
    package var isSubscription: Bool {
        GraphQLOperationKind.of(document: query, operationName: operationName) == .subscription
    }
}
