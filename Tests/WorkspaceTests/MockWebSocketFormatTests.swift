import HTTPCore
import Testing
import Workspace

/// A mock route's `websocket` answer in the collection format (issue 25): `{}` echoes, `replies`
/// is a first-match list (`match` a substring or a JSON subset, `text` / `json` / `messages`,
/// delays, `close`), mistakes are positioned errors, and the file is written back unchanged.
@Suite struct MockWebSocketFormatTests {
    static let collection = """
        {
          "formatVersion": 1,
          "id": "sockets",
          "name": "Sockets",
          "requests": [
            {
              "id": "chat",
              "name": "Chat",
              "method": "GET",
              "url": "/chat",
              "websocket": {}
            }
          ],
          "environments": [
            {
              "name": "mock",
              "kind": "mock",
              "baseURL": "http://mock.test",
              "routes": [
                {
                  "method": "GET",
                  "path": "/echo",
                  "response": {
                    "websocket": {}
                  }
                },
                {
                  "method": "GET",
                  "path": "/chat",
                  "response": {
                    "headers": [
                      {
                        "name": "X-Room",
                        "value": "7"
                      }
                    ],
                    "websocket": {
                      "replies": [
                        {
                          "match": {
                            "op": "subscribe"
                          },
                          "messages": [
                            {
                              "json": {
                                "ok": true
                              }
                            },
                            {
                              "text": "tick",
                              "delayMilliseconds": 500
                            }
                          ]
                        },
                        {
                          "match": "ping",
                          "text": "pong",
                          "delayMilliseconds": 20
                        },
                        {
                          "match": "bye",
                          "close": 1000
                        }
                      ],
                      "echo": true
                    }
                  }
                }
              ]
            }
          ]
        }

        """

    @Test func webSocketRoutesAreReadAndWrittenBackUnchanged() throws {
        let result = load(Self.collection)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let collection = try #require(result.collection)
        #expect(collection.fileText() == Self.collection)
        let environment = try #require(collection.environment(named: "mock"))
        let routes = try MockRouteBuilder.routes(for: environment, baseFolder: "/tmp")
        let echo = try #require(routes.first?.responses.first)
        #expect(echo.webSocket == .echo)
        // A plain request to a WebSocket route is told to upgrade.
        #expect(echo.status.rawValue == 426)
        #expect(echo.headers["Upgrade"] == "websocket")
        let chat = try #require(routes.last?.responses.first?.webSocket)
        #expect(chat.echo)
        #expect(
            chat.replies == [
                .init(
                    match: .json(.object(["op": .string("subscribe")])),
                    messages: [.init(.text(#"{"ok":true}"#)), .init(.text("tick"), delay: .milliseconds(500))]),
                .init(match: .substring("ping"), messages: [.init(.text("pong"), delay: .milliseconds(20))]),
                .init(match: .substring("bye"), messages: [], close: 1000),
            ])
    }

    @Test func withoutRepliesItEchoesAndWithThemOnlyWhenAsked() throws {
        let text = Self.collection.replacing(#/,\s*"echo": true/#, with: "")
        let collection = try #require(load(text).collection)
        let routes = try MockRouteBuilder.routes(
            for: try #require(collection.environment(named: "mock")), baseFolder: "/tmp")
        #expect(routes.first?.responses.first?.webSocket?.echo == true)
        #expect(routes.last?.responses.first?.webSocket?.echo == false)
    }

    @Test(arguments: [
        ("\"match\": \"ping\"", "\"match\": 7", "\"match\" is a string"),
        ("\"match\": \"ping\"", "\"match\": \"\"", "leave \"match\" out"),
        ("\"close\": 1000", "\"close\": 1006", "may not carry"),
        ("\"close\": 1000", "\"close\": 999", "from 1000 to 4999"),
        ("\"text\": \"pong\",", "\"text\": \"pong\", \"json\": 1,", "not both"),
        ("\"text\": \"pong\",", "", "needs \"text\", \"json\", \"messages\" or \"close\""),
        ("\"match\": \"ping\",", "\"match\": \"ping\", \"messages\": [],", "not both"),
        ("\"headers\": [", "\"status\": 200, \"headers\": [", "a WebSocket answer is 101"),
        ("\"headers\": [", "\"text\": \"x\", \"headers\": [", "a WebSocket answer has no \"text\""),
        ("\"headers\": [", "\"failure\": \"emptyReply\", \"headers\": [", "has no \"failure\""),
    ])
    func mistakesAreClearErrors(_ original: String, _ broken: String, _ expected: String) {
        expectLoadError(Self.collection.replacing(original, with: broken), saying: expected)
    }
}
