import Foundation
import HTTPCore
import Synchronization
import Testing

/// GraphQL subscriptions over `graphql-transport-ws` (issue 28), against a peer the test scripts:
/// the handshake (init, ack, subscribe), `next` payloads as messages, the protocol's own messages
/// as control events, pong for ping, `complete` before a close, and the ways it fails.
@Suite struct GraphQLSubscriptionTests {
    static let url = URL(string: "ws://api.test/graphql") ?? URL(fileURLWithPath: "/")
    static let payload = #"{"query":"subscription { ticks(count: 2) }","variables":{"n":1.50}}"#

    /// What the peer does when it receives a message of `type` (`connection_init`, `subscribe`…).
    typealias Script = @Sendable (String) -> [WebSocketEvent]

    static func server(_ script: [String: [String]], close: WebSocketClose? = nil) -> Script {
        { type in
            var events = (script[type] ?? []).map { WebSocketEvent.received(.text($0)) }
            if type == "connection_init", let close { events.append(.closed(close)) }
            return events
        }
    }

    static let ack = #"{"type":"connection_ack"}"#
    static func next(_ n: Int) -> String { #"{"id":"1","type":"next","payload":{"data":{"ticks":\#(n)}}}"# }
    static let complete = #"{"type":"complete","id":"1"}"#

    func connect(
        _ script: @escaping Script, connectTimeout: Duration = .seconds(30),
        sleep: (@Sendable (Duration) async -> Void)? = nil
    ) async throws -> (any WebSocketSession, ScriptedPeer) {
        let connector = ScriptedConnector(script: script)
        let subscription = GraphQLSubscriptionConnector(
            base: connector, payload: Self.payload, sleep: sleep ?? { _ in try? await Task.sleep(for: .seconds(3600)) })
        let session = try await subscription.connect(
            WebSocketRequest(url: Self.url, subprotocols: ["other"], connectTimeout: connectTimeout))
        return (session, try #require(connector.peer.withLock { $0 }))
    }

    func events(_ session: any WebSocketSession) async -> [WebSocketEvent] {
        var all: [WebSocketEvent] = []
        for await event in session.events { all.append(event) }
        return all
    }

    @Test func nextPayloadsAreTheMessagesAndTheProtocolShowsAsControl() async throws {
        let (session, peer) = try await connect(
            Self.server(["connection_init": [Self.ack], "subscribe": [Self.next(1), Self.next(2), Self.complete]]))
        #expect(peer.request.subprotocols == ["graphql-transport-ws"])
        let all = await events(session)
        #expect(
            all == [
                .control(.init(.sent, type: "connection_init")),
                .control(.init(.received, type: "connection_ack")),
                .control(.init(.sent, type: "subscribe", payload: Self.payload)),
                .received(.text(#"{"data":{"ticks":1}}"#)),
                .received(.text(#"{"data":{"ticks":2}}"#)),
                .control(.init(.received, type: "complete")),
                .closed(WebSocketClose(code: 1000, initiator: .client)),
            ])
        // The payload goes out as written: numbers and key order kept.
        #expect(peer.sentTexts[1] == #"{"type":"subscribe","id":"1","payload":"# + Self.payload + "}")
        // The server completed: no `complete` of ours follows.
        #expect(peer.sentTexts.count == 2)
    }

    @Test func closingSendsCompleteFirstAndDropsWhatCrossedIt() async throws {
        // The server had sent a second response before it read the client's `complete`.
        let (session, peer) = try await connect(
            Self.server(["connection_init": [Self.ack], "subscribe": [Self.next(1)], "complete": [Self.next(2)]]))
        var iterator = session.events.makeAsyncIterator()
        while let event = await iterator.next() {
            if case .received = event { break }
        }
        session.close()
        #expect(peer.sentTexts.last == #"{"type":"complete","id":"1"}"#)
        #expect(peer.closeCode == 1000)
        var rest: [WebSocketEvent] = []
        while let event = await iterator.next() { rest.append(event) }
        #expect(
            rest == [
                .control(.init(.sent, type: "complete")), .closed(WebSocketClose(code: 1000, initiator: .client)),
            ])
    }

    @Test func aPingIsAnsweredWithPong() async throws {
        let (session, peer) = try await connect(
            Self.server([
                "connection_init": [Self.ack, #"{"type":"ping","payload":{"at":1}}"#], "subscribe": [Self.complete],
            ]))
        let all = await events(session)
        #expect(all.contains(.control(.init(.received, type: "ping", payload: #"{"at":1}"#))))
        #expect(all.contains(.control(.init(.sent, type: "pong"))))
        #expect(peer.sentTexts.contains(#"{"type":"pong"}"#))
    }

    @Test func anErrorEndsTheSubscriptionAsAFailure() async throws {
        let error = #"[{"message":"Cannot query field \"nope\" on type \"Subscription\"."}]"#
        let (session, _) = try await connect(
            Self.server([
                "connection_init": [Self.ack], "subscribe": [#"{"type":"error","id":"1","payload":"# + error + "}"],
            ]))
        let all = await events(session)
        #expect(
            all.contains(
                .control(
                    .init(
                        .received, type: "error", payload: error,
                        failure:
                            #"the server refused the subscription: Cannot query field "nope" on type "Subscription"."#
                    ))))
        #expect(all.last == .closed(WebSocketClose(code: 1000, initiator: .client)))
    }

    @Test func aCloseBeforeTheAckSaysWhatItsCodeMeans() async {
        await #expect {
            _ = try await connect(
                Self.server([:], close: WebSocketClose(code: 4403, reason: "Forbidden", initiator: .server)))
        } throws: { error in
            let failure = error as? TransportError
            return failure?.message
                == "the server closed the connection (4403 Forbidden) before acknowledging connection_init: forbidden: check the request's auth."
        }
    }

    @Test func noAckWithinTheLimitFailsTheConnect() async {
        // The timer's wait returns at once: the limit has passed.
        let waits = Mutex<[Duration]>([])
        await #expect {
            _ = try await connect(Self.server([:]), sleep: { limit in waits.withLock { $0.append(limit) } })
        } throws: { error in
            let failure = error as? TransportError
            return failure?.reason == .connectTimeout
                && failure?.message.hasPrefix("the server did not answer connection_init with connection_ack") == true
        }
        #expect(waits.withLock { $0 } == [.seconds(10)])
        // A shorter connect timeout bounds the wait for the ack too.
        await #expect(throws: TransportError.self) {
            _ = try await connect(
                Self.server([:]), connectTimeout: .seconds(2), sleep: { limit in waits.withLock { $0.append(limit) } })
        }
        #expect(waits.withLock { $0 } == [.seconds(10), .seconds(2)])
    }

    @Test func aMessageTheProtocolDoesNotHaveClosesWith4400() async throws {
        let (session, peer) = try await connect(
            Self.server(["connection_init": [Self.ack], "subscribe": [#"{"type":"data","id":"1"}"#]]))
        let all = await events(session)
        #expect(
            all.contains(
                .control(
                    .init(
                        .received, type: "data",
                        failure:
                            #"the server sent a message of type "data", which graphql-transport-ws does not allow."#,
                        violationClose: WebSocketClose(
                            code: 4400, reason: "Invalid message received", initiator: .client)))))
        #expect(peer.closeCode == 4400)
        // The server broke the subprotocol: its bug, not a refusal of the operation or the credentials.
        let violation = try #require(
            all.compactMap { event -> WebSocketControlMessage? in
                if case .control(let control) = event, control.failure != nil { return control }
                return nil
            }.first)
        let error = TransportError.webSocketEnd(
            close: WebSocketClose(code: 1000, initiator: .client), failure: violation, url: URL(string: "ws://x.test/g")
        )
        let words = ErrorTranslator.standard.translate(error)
        #expect(words.title == "The server broke the subprotocol", "\(words)")
        #expect(!words.hint.contains("credentials") || words.hint.contains("not the operation's"))
        // A subscription's `error` stays a refusal.
        let refusal = TransportError.webSocketEnd(
            close: WebSocketClose(code: 1000, initiator: .client),
            failure: WebSocketControlMessage(.received, type: "error", failure: "the server refused the subscription"),
            url: URL(string: "ws://x.test/g"))
        #expect(ErrorTranslator.standard.translate(refusal).title == "Refused by the server")
    }

    @Test func messagesKeepTheirPayloadAsWritten() throws {
        let message = try #require(
            GraphQLTransportMessage(
                parsing: #"{ "payload" : {"b": [1, {"x":"}"}], "a": 2.50} , "type":"next","id":"7"}"#))
        #expect(message.type == "next")
        #expect(message.id == "7")
        #expect(message.payload == #"{"b": [1, {"x":"}"}], "a": 2.50}"#)
        #expect(GraphQLTransportMessage(parsing: #"{"type":"complete","id":"1","payload":null}"#)?.payload == nil)
        #expect(GraphQLTransportMessage(parsing: #"["type"]"#) == nil)
        #expect(GraphQLTransportMessage(parsing: #"{"type":1}"#) == nil)
        #expect(
            GraphQLTransportMessage(type: "ping", id: "a\"b\n").text == #"{"type":"ping","id":"a\"b\n"}"#)
    }

    @Test func theSelectedOperationsKind() {
        #expect(GraphQLOperationKind.of(document: "subscription { ticks(count: 1) }") == .subscription)
        #expect(GraphQLOperationKind.of(document: "{ user(id: 1) { name } }") == .query)
        #expect(GraphQLOperationKind.of(document: "# subscription\nmutation M { x }") == .mutation)
        let document = """
            fragment F on User { name }
            query Q($input: In = {a: {b: 1}}) @cached(by: {k: "}"}) { user { ...F } }
            subscription Ticks($n: Int!) { ticks(count: $n) }
            """
        #expect(GraphQLOperationKind.of(document: document) == .query)
        #expect(GraphQLOperationKind.of(document: document, operationName: "Ticks") == .subscription)
        #expect(GraphQLOperationKind.of(document: document, operationName: "Q") == .query)
        #expect(GraphQLOperationKind.of(document: document, operationName: "Missing") == nil)
        #expect(GraphQLOperationKind.of(document: "type Query { x: Int }") == nil)
        // The operations, fragments skipped, anonymous ones as nil; and what stops a send.
        #expect(GraphQLOperationKind.operationNames(in: document) == ["Q", "Ticks"])
        #expect(GraphQLOperationKind.operationNames(in: "{ a }\n{ b }") == [nil, nil])
        #expect(
            GraphQLOperationKind.choiceProblem(document: document, operationName: nil)
                == "the GraphQL document has 2 operations (Q, Ticks): set operationName to the one to run")
        #expect(GraphQLOperationKind.choiceProblem(document: document, operationName: "Ticks") == nil)
        #expect(
            GraphQLOperationKind.choiceProblem(document: document, operationName: "Nope")
                == "the GraphQL document has no operation \"Nope\" (Q, Ticks)")
        #expect(GraphQLOperationKind.choiceProblem(document: "{ a }", operationName: nil) == nil)
    }
}

/// Connects to a ``ScriptedPeer``.
final class ScriptedConnector: WebSocketConnecting {
    let script: GraphQLSubscriptionTests.Script
    let peer = Mutex<ScriptedPeer?>(nil)

    init(script: @escaping GraphQLSubscriptionTests.Script) { self.script = script }

    func connect(_ request: WebSocketRequest) async throws(TransportError) -> any WebSocketSession {
        let session = ScriptedPeer(request: request, script: script)
        peer.withLock { $0 = session }
        return session
    }
}

/// A server that answers each message the client sends by its `type`, as the script says.
final class ScriptedPeer: WebSocketSession {
    let request: WebSocketRequest
    let handshake = WebSocketHandshake(status: 101, headers: HTTPHeaders(), subprotocol: "graphql-transport-ws")
    let events: AsyncStream<WebSocketEvent>
    private let continuation: AsyncStream<WebSocketEvent>.Continuation
    private let script: GraphQLSubscriptionTests.Script
    private let state = Mutex((sent: [String](), close: UInt16?.none, closed: false))

    init(request: WebSocketRequest, script: @escaping GraphQLSubscriptionTests.Script) {
        self.request = request
        self.script = script
        (events, continuation) = AsyncStream.makeStream()
    }

    var sentTexts: [String] { state.withLock { $0.sent } }
    var closeCode: UInt16? { state.withLock { $0.close } }

    func send(_ message: WebSocketMessage) {
        guard case .text(let text) = message, !state.withLock({ $0.closed }) else { return }
        state.withLock { $0.sent.append(text) }
        continuation.yield(.sent(message))
        let type = GraphQLTransportMessage(parsing: text)?.type ?? ""
        for event in script(type) {
            guard !state.withLock({ $0.closed }) else { return }
            continuation.yield(event)
            if case .closed = event {
                state.withLock { $0.closed = true }
                continuation.finish()
            }
        }
    }

    func close(code: UInt16, reason: String) {
        let first = state.withLock { state in
            defer { state.closed = true }
            if !state.closed { state.close = code }
            return !state.closed
        }
        guard first else { return }
        continuation.yield(.closed(WebSocketClose(code: code, reason: reason, initiator: .client)))
        continuation.finish()
    }
}
