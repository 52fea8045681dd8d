import Foundation
import HTTPCore
import Testing
import Workspace

/// A GraphQL subscription in a collection (issue 28) is carried over a WebSocket: the resolver
/// makes its request object a body whatever the method (the `subscribe` payload) and asks for no
/// GraphQL media type; `WebSocketOpening` connects on `ws(s)`, with the request's headers but not
/// the body's, through the graphql-transport-ws connector; a query stays HTTP.
@Suite struct GraphQLSubscriptionOpeningTests {
    static func request(query: String, method: RequestMethod = .post) -> SavedRequest {
        SavedRequest(
            id: "s", name: "S", method: method, url: "/graphql",
            body: SavedBody(.graphql(GraphQLBody(query: query, variables: .object([.init("n", .number("2"))])))))
    }

    static let subscription = "# ticks\nsubscription Ticks($n: Int!) { ticks(count: $n) }"

    @Test func aSubscriptionOpensAWebSocketAndAQueryDoesNot() {
        #expect(Self.request(query: Self.subscription).opensWebSocket)
        #expect(!Self.request(query: "query { now }").opensWebSocket)
        #expect(!Self.request(query: "{ now }").opensWebSocket)
    }

    @Test func itsRequestObjectIsABodyEvenForGetAndNoAcceptIsAdded() {
        let scope = VariableScope(collection: RequestCollection(name: "C"), environment: nil)
        let resolved = RequestResolver(scope: scope, baseFolder: "/c").resolve(
            Self.request(query: Self.subscription, method: .get)
        ).request
        #expect(resolved.query.isEmpty)
        #expect(!resolved.headers.contains { $0.name == "Accept" })
        guard case .bytes(let bytes, _) = resolved.body else {
            Issue.record("expected a body, got \(resolved.body)")
            return
        }
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == ##"{"query":"# ticks\nsubscription Ticks($n: Int!) { ticks(count: $n) }","variables":{"n":2}}"##)
    }

    @Test func theOpeningConnectsOnWSSWithTheHeadersButNotTheBodys() throws {
        let body = #"{"query":"subscription { ticks(count: 1) }"}"#
        let url = try #require(URL(string: "https://api.test/graphql?x=1"))
        var sent = HTTPRequest(
            method: .post, url: url, headers: ["Authorization": "Bearer t", "Content-Length": "40"])
        sent.setBody(data: Data(body.utf8), contentType: "application/json")
        let opening = try WebSocketOpening.make(
            saved: Self.request(query: "subscription { ticks(count: 1) }"), request: sent,
            connector: MockDispatcher(), collectionFile: "/c/c.json"
        ).get()
        #expect(opening.request.url.absoluteString == "wss://api.test/graphql?x=1")
        #expect(opening.request.headers["Authorization"] == "Bearer t")
        #expect(opening.request.headers["Content-Type"] == nil)
        #expect(opening.request.headers["Content-Length"] == nil)
        #expect(opening.outgoing.isEmpty)
        #expect(opening.textName == "next")
        let connector = try #require(opening.connector as? GraphQLSubscriptionConnector)
        #expect(connector.payload == body)
    }
}
