import Foundation
import LoopbackTesting
import Testing

/// GraphQL subscriptions from the command line (issue 28), against the real GraphQL server
/// (graphql-core's `subscribe` over graphql-transport-ws) on loopback: `lazer send --graphql` with
/// a subscription prints each response on a line of its own and honours the WebSocket limits,
/// `lazer run` checks a subscription with the stream expectations. Serialized: the tests read what
/// the server's last WebSocket client sent.
@Suite("GraphQL subscriptions: send and run", .serialized)
struct GraphQLSubscriptionCommandTests {
    static let ticks = "subscription Ticks($n: Int!, $every: Int) { ticks(count: $n, everyMilliseconds: $every) }\n"

    private func send(_ arguments: [String]) throws -> LazerBinary.Output {
        try LazerBinary.run(["send"] + arguments)
    }

    /// The server's record of the last WebSocket client, once that client's close has arrived.
    private func lastClosedWebSocket(_ server: GraphQLTestServer) throws -> [String: Any] {
        var last = try server.lastWebSocket()
        for _ in 0..<500 where last["close"] as? Int == nil {
            Thread.sleep(forTimeInterval: 0.02)
            last = try server.lastWebSocket()
        }
        return last
    }

    @Test("send: one response a line until the server completes; variables and operation sent")
    func sendUntilComplete() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write(Self.ticks, to: "ticks.graphql")
        let result = try send([
            server.endpoint, "--graphql", query, "--variables", #"{"n": 3}"#, "--operation", "Ticks", "--schema",
            GraphQLTestServer.schemaPath,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == #"{"data":{"ticks":1}}"# + "\n" + #"{"data":{"ticks":2}}"# + "\n"
                + #"{"data":{"ticks":3}}"# + "\n")
        #expect(result.stderr.contains("subprotocol graphql-transport-ws"), "\(result.stderr)")
        #expect(result.stderr.contains("Completed by the server, 3 responses received"), "\(result.stderr)")
        let last = try lastClosedWebSocket(server)
        #expect(last["received"] as? [String] == ["connection_init", "subscribe"])
    }

    @Test("send --stream-json: every message by its type; --max-messages completes the subscription, then closes 1000")
    func streamJSONAndLimit() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write(Self.ticks, to: "ticks.graphql")
        let result = try send([
            server.endpoint, "--graphql", query, "--variables", #"{"n": 100000, "every": 20}"#, "--max-messages", "2",
            "--stream-json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let kinds = lines.compactMap { $0["kind"] as? String }
        #expect(
            kinds == ["connection_init", "connection_ack", "subscribe", "next", "next", "complete", "close"],
            "\(result.stdout)")
        #expect(lines[4]["data"] as? String == #"{"data": {"ticks": 2}}"#)
        let last = try lastClosedWebSocket(server)
        #expect(last["received"] as? [String] == ["connection_init", "subscribe", "complete"])
        #expect(last["close"] as? Int == 1000)
    }

    @Test("send: the server's error is said and the exit status is 3; a ping is answered with pong")
    func errorAndPing() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let typo = try scratch.write("subscription { tick }", to: "typo.graphql")
        let refused = try send([server.endpoint, "--graphql", typo])
        #expect(refused.status == 3)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr.contains(
                "lazer send: the server refused the subscription: Cannot query field 'tick' on type 'Subscription'. Did you mean 'ticks'?"
            ),
            "\(refused.stderr)")
        let query = try scratch.write(Self.ticks, to: "ticks.graphql")
        // The server pings after its ack and sends nothing before the pong.
        let pinged = try send([server.endpoint + "?ping=1", "--graphql", query, "--variables", #"{"n": 1}"#])
        #expect(pinged.status == 0, "\(pinged.stderr)")
        #expect(pinged.stdout == #"{"data":{"ticks":1}}"# + "\n")
        #expect(try lastClosedWebSocket(server)["pongs"] as? Int == 1)
    }

    @Test("send: the request's headers go on the upgrade; a 4403 close before the ack says so")
    func authOnTheUpgrade() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write(Self.ticks, to: "ticks.graphql")
        let url = "http://127.0.0.1:\(server.port)/private/graphql"
        let refused = try send([url, "--graphql", query, "--variables", #"{"n": 1}"#])
        #expect(refused.status == 3)
        #expect(
            refused.stderr.contains(
                "the server closed the connection (4403 Forbidden) before acknowledging connection_init: forbidden: check the request's auth"
            ), "\(refused.stderr)")
        let allowed = try send([
            url.replacingOccurrences(of: "http://", with: "ws://"), "--graphql", query, "--variables", #"{"n": 1}"#,
            "-H", "Authorization: Bearer graphql-token",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout == #"{"data":{"ticks":1}}"# + "\n")
    }

    @Test("send: a query on a ws:// URL, and --message with a subscription, are usage errors")
    func usage() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write("{ now }", to: "now.graphql")
        let ws = "ws://127.0.0.1:\(server.port)/graphql"
        let onWebSocket = try send([ws, "--graphql", query])
        #expect(onWebSocket.status == 2)
        #expect(onWebSocket.stderr.contains("a GraphQL query or mutation goes over HTTP"), "\(onWebSocket.stderr)")
        let ticks = try scratch.write(Self.ticks, to: "ticks.graphql")
        let withMessage = try send([ws, "--graphql", ticks, "--message", "hi"])
        #expect(withMessage.status == 2)
        #expect(withMessage.stderr.contains("leave --message out"), "\(withMessage.stderr)")
    }

    static func collection(port: Int) -> String {
        """
        {
          "formatVersion": 1, "id": "gql-sub-run", "name": "Subscriptions",
          "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(port)" }],
          "defaultEnvironment": "local",
          "requests": [
            {
              "id": "ticks", "name": "Ticks", "method": "POST", "url": "/graphql",
              "body": { "type": "graphql", "query": "subscription Ticks($n: Int!) { ticks(count: $n) }",
                        "variables": { "n": 3 } },
              "expectations": [
                { "subject": "status", "op": "equals", "value": 101 },
                { "subject": "events", "op": "equals", "value": 3 },
                { "subject": "event", "index": -1, "path": "$.data.ticks", "op": "equals", "value": 3 }
              ]
            },
            {
              "id": "endless", "name": "Endless", "method": "POST", "url": "/graphql",
              "body": { "type": "graphql",
                        "query": "subscription { ticks(count: 1000000, everyMilliseconds: 20) }" },
              "stream": { "maxEvents": 2, "seconds": 30 },
              "expectations": [
                { "subject": "events", "op": "greaterThanOrEqual", "value": 2 },
                { "subject": "event", "index": 1, "path": "$.data.ticks", "op": "equals", "value": 2 }
              ]
            },
            {
              "id": "typo", "name": "Typo", "method": "POST", "url": "/graphql",
              "body": { "type": "graphql", "query": "subscription { tick }" }
            }
          ]
        }
        """
    }

    @Test("run: a subscription is checked with the stream expectations; the server's error is an error result")
    func run() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let file = try scratch.write(Self.collection(port: server.port), to: "c.json")
        let result = try LazerBinary.run(["run", file, "--reporter", "json"], environment: scratch.environment)
        #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require(report["requests"] as? [[String: Any]])
        #expect(results.map { $0["status"] as? String } == ["passed", "passed", "error"], "\(result.stdout)")
        // Saved as POST, sent as the WebSocket upgrade's GET: the report says what was sent.
        #expect(results.map { $0["method"] as? String } == ["GET", "GET", "GET"], "\(result.stdout)")
        let failure = (results.last?["error"] as? [String: Any])?["detail"] as? String ?? ""
        #expect(
            failure.contains("the server refused the subscription: Cannot query field 'tick'"), "\(result.stdout)")
    }
}

extension GraphQLSubscriptionCommandTests {
    @Test("record: a subscription becomes a WebSocket route of its protocol, which answers the run the same again")
    func record() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let collection = """
            {
              "formatVersion": 1, "id": "gql-sub-record", "name": "Recorded subscriptions",
              "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(server.port)" }],
              "defaultEnvironment": "local",
              "requests": [
                { "id": "ticks", "name": "Ticks", "method": "POST", "url": "/graphql",
                  "body": { "type": "graphql", "query": "subscription { ticks(count: 2) }" },
                  "expectations": [
                    { "subject": "events", "op": "equals", "value": 2 },
                    { "subject": "event", "index": -1, "path": "$.data.ticks", "op": "equals", "value": 2 }
                  ] }
              ]
            }
            """
        let file = try scratch.write(collection, to: "c.json")
        let recorded = try LazerBinary.run(
            ["record", file, "--from", "local", "--into", "recorded"], environment: scratch.environment)
        #expect(recorded.status == 0, "\(recorded.stdout)\n\(recorded.stderr)")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains(#""type": "connection_ack""#), "\(saved)")
        let replayed = try LazerBinary.run(
            ["run", file, "--env", "recorded", "--reporter", "json", "--no-history"], environment: scratch.environment)
        #expect(replayed.status == 0, "\(replayed.stdout)\n\(replayed.stderr)")
    }
}

/// A subscription mocked by a WebSocket route (issue 28): the route's script plays the server's
/// side of graphql-transport-ws, in process (`lazer run --env mock`) and over a socket (`lazer
/// mock`, reached by `lazer run` and `lazer send`), with the same results.
@Suite("lazer mock: GraphQL subscription routes")
struct GraphQLSubscriptionMockCommandTests {
    static func collection(socketURL: String) -> String {
        """
        {
          "formatVersion": 1, "id": "gql-sub-mock", "name": "Subscription mocks",
          "environments": [
            { "name": "mock", "kind": "mock", "baseURL": "http://mock.test", "routes": [
              { "method": "GET", "path": "/graphql", "response": { "websocket": { "replies": [
                { "match": { "type": "connection_init" }, "json": { "type": "connection_ack" } },
                { "match": { "type": "subscribe", "payload": { "operationName": "Ticks" } }, "messages": [
                  { "json": { "id": "1", "type": "next", "payload": { "data": { "ticks": 1 } } } },
                  { "json": { "id": "1", "type": "next", "payload": { "data": { "ticks": 2 } } },
                    "delayMilliseconds": 20 },
                  { "json": { "id": "1", "type": "complete" }, "delayMilliseconds": 20 }
                ] }
              ] } } }
            ] },
            { "name": "socket", "kind": "live", "baseURL": "\(socketURL)" }
          ],
          "requests": [
            { "id": "ticks", "name": "Ticks", "method": "POST", "url": "/graphql",
              "body": { "type": "graphql", "query": "subscription Ticks { ticks(count: 2) }",
                        "operationName": "Ticks" },
              "expectations": [
                { "subject": "status", "op": "equals", "value": 101 },
                { "subject": "events", "op": "equals", "value": 2 },
                { "subject": "event", "index": 1, "path": "$.data.ticks", "op": "equals", "value": 2 }
              ] }
          ]
        }
        """
    }

    @Test("the route answers the subscription in process and over lazer mock; lazer send prints its responses")
    func inProcessAndOverTheSocket() throws {
        let scratch = try RunCommandTests.Scratch()
        let served = try scratch.write(Self.collection(socketURL: "http://127.0.0.1:1"), to: "served.json")
        let mock = try MockCommandTests.MockProcess(
            [served, "--env", "mock", "--port", "0"], environment: scratch.environment)
        let file = try scratch.write(Self.collection(socketURL: mock.url), to: "c.json")
        let query = try scratch.write("subscription Ticks { ticks(count: 2) }", to: "ticks.graphql")
        let inProcess = try LazerBinary.run(
            ["run", file, "--env", "mock", "--reporter", "json", "--no-history"], environment: scratch.environment)
        let overSocket = try LazerBinary.run(
            ["run", file, "--env", "socket", "--reporter", "json", "--no-history"], environment: scratch.environment)
        let sent = try LazerBinary.run(["send", mock.url + "/graphql", "--graphql", query, "--operation", "Ticks"])
        _ = mock.stop()
        #expect(inProcess.status == 0, "\(inProcess.stdout)\n\(inProcess.stderr)")
        #expect(overSocket.status == 0, "\(overSocket.stdout)\n\(overSocket.stderr)")
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout == #"{"data":{"ticks":1}}"# + "\n" + #"{"data":{"ticks":2}}"# + "\n")
        #expect(sent.stderr.contains("Completed by the server, 2 responses received"), "\(sent.stderr)")
    }
}

/// A subscription's `connection_init` payload (`connectionInit` in the body, `--connection-init`):
/// where servers such as Apollo's read credentials. The test server's /private/ path takes
/// `{"token": "graphql-token"}` there instead of the upgrade's `Authorization`. In the serialized
/// suite: the tests read what the server's last WebSocket client sent.
extension GraphQLSubscriptionCommandTests {
    @Test("send --connection-init: the payload goes in connection_init, and the private server acks it")
    func sendConnectionInit() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let query = try scratch.write(GraphQLSubscriptionCommandTests.ticks, to: "ticks.graphql")
        let url = "http://127.0.0.1:\(server.port)/private/graphql"
        let allowed = try LazerBinary.run([
            "send", url, "--graphql", query, "--variables", #"{"n": 1}"#, "--connection-init",
            #"{"token": "graphql-token"}"#,
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout == #"{"data":{"ticks":1}}"# + "\n")
        #expect(try server.lastWebSocket()["init"] as? [String: String] == ["token": "graphql-token"])
        let notObject = try LazerBinary.run(["send", url, "--graphql", query, "--connection-init", "[1]"])
        #expect(notObject.status == 2)
        #expect(notObject.stderr.contains("--connection-init must be a JSON object"), "\(notObject.stderr)")
        let now = try scratch.write("{ now }", to: "now.graphql")
        let notSubscription = try LazerBinary.run([
            "send", server.endpoint, "--graphql", now, "--connection-init", "{}",
        ])
        #expect(notSubscription.status == 2)
        #expect(notSubscription.stderr.contains("--connection-init is for a GraphQL subscription"))
    }

    @Test("run: connectionInit's placeholders are filled (a secret one too) and sent; without it, 4403")
    func runConnectionInit() throws {
        let server = try GraphQLTestServer.shared()
        let scratch = try RunCommandTests.Scratch()
        let collection = """
            {
              "formatVersion": 1, "id": "gql-sub-init", "name": "Private subscriptions",
              "variables": [{ "name": "subToken", "secret": true }],
              "environments": [{ "name": "local", "baseURL": "http://127.0.0.1:\(server.port)" }],
              "defaultEnvironment": "local",
              "requests": [
                { "id": "with", "name": "With", "method": "POST", "url": "/private/graphql",
                  "body": { "type": "graphql", "query": "subscription { ticks(count: 2) }",
                            "connectionInit": { "token": "{{subToken}}", "client": "lazer" } },
                  "expectations": [{ "subject": "events", "op": "equals", "value": 2 }] },
                { "id": "without", "name": "Without", "method": "POST", "url": "/private/graphql",
                  "body": { "type": "graphql", "query": "subscription { ticks(count: 2) }" } }
              ]
            }
            """
        let file = try scratch.write(collection, to: "c.json")
        var environment = scratch.environment
        environment["LAZER_VAR_subToken"] = "graphql-token"
        let withInit = try LazerBinary.run(
            ["run", file, "--request", "with", "--reporter", "json", "--no-history"], environment: environment)
        #expect(withInit.status == 0, "\(withInit.stdout)\n\(withInit.stderr)")
        #expect(
            try server.lastWebSocket()["init"] as? [String: String] == ["token": "graphql-token", "client": "lazer"])
        let without = try LazerBinary.run(
            ["run", file, "--request", "without", "--reporter", "json", "--no-history"], environment: environment)
        #expect(without.status == 3, "\(without.stdout)")
        #expect(without.stdout.contains("4403"), "\(without.stdout)")
        // Recorded, the route keeps the conversation; the secret token is masked in it.
        let recorded = try LazerBinary.run(
            ["record", file, "--from", "local", "--into", "recorded", "--request", "with"], environment: environment)
        #expect(recorded.status == 0, "\(recorded.stdout)\n\(recorded.stderr)")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        #expect(saved.contains(#""type": "connection_ack""#), "\(saved)")
        #expect(!saved.contains("graphql-token"), "\(saved)")
    }
}
