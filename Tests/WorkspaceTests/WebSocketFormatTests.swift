import Foundation
import HTTPCore
import Testing
import Workspace

/// WebSocket requests in the collection format (issue 25): the `websocket` object, its saved
/// messages, the URL rules, and what `lazer validate` reports.
@Suite struct WebSocketFormatTests {
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
              "headers": [
                {
                  "name": "X-Room",
                  "value": "{{room}}"
                }
              ],
              "auth": {
                "type": "bearer",
                "token": "{{token}}"
              },
              "websocket": {
                "subprotocols": [
                  "chat.v2",
                  "json"
                ],
                "pingSeconds": 20,
                "messages": [
                  {
                    "name": "hello",
                    "text": "hi there"
                  },
                  {
                    "name": "subscribe",
                    "json": {
                      "op": "subscribe",
                      "topics": [
                        "a",
                        "b"
                      ]
                    }
                  },
                  {
                    "name": "blob",
                    "file": "frames/blob.bin"
                  }
                ]
              }
            }
          ]
        }

        """

    @Test func aWebSocketRequestIsReadAndWrittenBackUnchanged() throws {
        let result = load(Self.collection)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let collection = try #require(result.collection)
        let request = try #require(collection.request(id: "chat"))
        let settings = try #require(request.websocket)
        #expect(settings.subprotocols == ["chat.v2", "json"])
        #expect(settings.pingSeconds == 20)
        #expect(settings.messages.map(\.name) == ["hello", "subscribe", "blob"])
        #expect(settings.messages[0].text == "hi there")
        #expect(settings.messages[1].text == #"{"op":"subscribe","topics":["a","b"]}"#)
        #expect(settings.messages[2].content == .file(path: "frames/blob.bin"))
        #expect(collection.fileText() == Self.collection)
    }

    @Test func stepsAreReadAndWrittenBack() throws {
        let steps = """
            "steps": [{ "send": "hello" },
              { "expect": { "path": "$.type", "op": "equals", "value": "welcome", "x-note": 1 }, "seconds": 2.5,
                "captures": [{ "variable": "session", "path": "$.session", "secret": true }], "x-step": true },
              { "expect": { "op": "exists" } }, { "send": "blob" }],
            "pingSeconds"
            """
        let result = load(Self.collection.replacing("\"pingSeconds\"", with: steps))
        // Unknown members are warned about and kept.
        #expect(result.diagnostics.map(\.severity) == [.warning, .warning], "\(result.diagnostics)")
        let collection = try #require(result.collection)
        let settings = try #require(collection.request(id: "chat")?.websocket)
        guard case .expect(let expect) = settings.steps[1] else {
            Issue.record("\(settings.steps)")
            return
        }
        #expect(settings.steps.count == 4)
        #expect(expect.path == "$.type")
        #expect(expect.value == .string("welcome"))
        #expect(expect.seconds == 2.5)
        #expect(expect.captures == [WebSocketStepCapture(variable: "session", path: "$.session", secret: true)])
        // Written back and read again: the same steps, unknown members kept where they were.
        let written = collection.fileText()
        #expect(written.contains("\"x-note\": 1") && written.contains("\"x-step\": true"))
        let again = try #require(load(written).collection)
        #expect(again.request(id: "chat")?.websocket == settings)
        #expect(again.fileText() == written)
    }

    @Test func oldCollectionsHaveNoWebSocketAndAreUnchanged() throws {
        let collection = try #require(load(Fixtures.minimal).collection)
        #expect(collection.allRequests.allSatisfy { $0.request.websocket == nil })
        #expect(collection.fileText() == Fixtures.minimal)
    }

    @Test func theMethodMayBeLeftOutButIsGET() throws {
        let text = Self.collection.replacing("\"method\": \"GET\",\n", with: "")
        let result = load(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try #require(result.collection?.request(id: "chat")).method == .get)
        let post = load(Self.collection.replacing("\"method\": \"GET\"", with: "\"method\": \"POST\""))
        #expect(post.collection == nil)
        #expect(post.diagnostics.contains { $0.message.contains("a WebSocket request is opened with GET") })
    }

    @Test(arguments: [
        ("\"url\": \"/chat\"", "\"url\": \"https://example.test/chat\"", "starts with ws:// or wss://"),
        ("\"text\": \"hi there\"", "\"text\": \"\"", "an empty message sends nothing"),
        ("\"file\": \"frames/blob.bin\"", "\"file\": \"\"", "\"file\" is empty"),
        ("\"chat.v2\"", "\"chat v2\"", "a subprotocol is a token"),
        ("\"pingSeconds\": 20", "\"pingSeconds\": -1", "zero or more seconds"),
    ])
    func mistakesAreClearErrors(_ original: String, _ broken: String, _ expected: String) {
        expectLoadError(Self.collection.replacing(original, with: broken), saying: expected)
    }

    @Test func aMessageHasExactlyOneContent() {
        let two = Self.collection.replacing(
            "\"text\": \"hi there\"", with: "\"text\": \"hi there\",\n\"json\": 1")
        #expect(load(two).diagnostics.contains { $0.message.contains("not \"text\" and \"json\"") })
        let none = Self.collection.replacing("\"text\": \"hi there\"", with: "\"description\": \"x\"")
        #expect(load(none).diagnostics.contains { $0.message.contains("needs one of \"text\", \"json\" or \"file\"") })
    }

    @Test func compressionIsOfferedUnlessTurnedOffAndWrittenBackOnlyWhenSet() throws {
        let saved = try #require(load(Self.collection).collection?.request(id: "chat"))
        #expect(saved.websocket?.compression == nil)
        let url = try #require(URL(string: "http://127.0.0.1/chat"))
        var request = HTTPRequest(method: .get, url: url)
        request.headers.add(name: "X-Room", value: "a")
        request.options.connectTimeout = .seconds(3)
        func opened(_ saved: SavedRequest) throws -> WebSocketRequest {
            // The saved messages are read when opened; the file one has no file here.
            var saved = saved
            saved.websocket?.messages = []
            return try WebSocketOpening.make(
                saved: saved, request: request, connector: MockDispatcher(), collectionFile: "/tmp/c.json"
            ).get().request
        }
        let offered = try opened(saved)
        #expect(offered.offersCompression)
        #expect(offered.url.absoluteString == "ws://127.0.0.1/chat")
        #expect(offered.subprotocols == ["chat.v2", "json"])
        #expect(offered.pingInterval == .seconds(20))
        #expect(offered.connectTimeout == .seconds(3))
        #expect(offered.headers["X-Room"] == "a")
        let off = Self.collection.replacing(
            "\"pingSeconds\": 20,", with: "\"pingSeconds\": 20,\n\"compression\": false,")
        let turnedOff = try #require(load(off).collection)
        let plain = try #require(turnedOff.request(id: "chat"))
        #expect(plain.websocket?.compression == false)
        #expect(try !opened(plain).offersCompression)
        #expect(turnedOff.fileText().contains("\"compression\": false"))
        expectLoadError(off.replacing("\"compression\": false", with: "\"compression\": \"no\""), saying: "expected")
    }

    @Test func aPathOnAnHTTPBaseURLConnectsOverWS() throws {
        #expect(
            try WebSocketSettings.connectURL(#require(URL(string: "http://127.0.0.1:8080/chat?x=1"))).get()
                .absoluteString == "ws://127.0.0.1:8080/chat?x=1")
        #expect(
            try WebSocketSettings.connectURL(#require(URL(string: "https://api.test/chat"))).get().absoluteString
                == "wss://api.test/chat")
        #expect(
            try WebSocketSettings.connectURL(#require(URL(string: "ws://h/x"))).get().absoluteString == "ws://h/x")
        let ftp = WebSocketSettings.connectURL(try #require(URL(string: "ftp://h/x")))
        #expect(throws: WebSocketURLError.self) { try ftp.get() }
    }

    @Test func validateReportsAMissingMessageFile() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.collection, to: "c.json")
        let document = try #require(CollectionStore.load(path: folder.file("c.json")).document)
        #expect(
            WebSocketSettings.problems(in: document) == [
                "request \"Chat\": message \"blob\": no such file frames/blob.bin"
            ])
        try FileManager.default.createDirectory(
            atPath: folder.file("frames"), withIntermediateDirectories: true)
        try folder.write("\u{0}\u{1}", to: "frames/blob.bin")
        #expect(WebSocketSettings.problems(in: document).isEmpty)
    }
}
