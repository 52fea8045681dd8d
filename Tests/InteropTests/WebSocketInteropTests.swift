import HTTPCore
import Interop
import Testing
import Workspace

/// WebSocket requests in other formats (issue 25): JetBrains / Kulala `.http` `WEBSOCKET` blocks
/// import and export back; Postman v2.1 has none, and the export says so per request.
@Suite struct WebSocketInteropTests {
    static let http = """
        ### Chat
        WEBSOCKET ws://localhost:8080/chat
        Sec-WebSocket-Protocol: chat.v2, json
        Authorization: Bearer {{token}}
        X-Room: 7

        ===
        {
          "op": "hello"
        }
        === wait-for-server
        second message
        ===
        third

        ### Plain
        GET http://localhost:8080/health
        """

    private func document(_ collection: RequestCollection) -> CollectionDocument {
        CollectionDocument(path: "/tmp/ws.json", collection: collection, fingerprint: FileFingerprint(size: 0, hash: 0))
    }

    @Test func aWebSocketBlockImportsWithItsMessagesAndExportsBack() throws {
        let result = try HTTPFileImport.importCollection(
            Fixtures.source(Self.http, name: "chat.http"), options: ImportOptions())
        let chat = result.collection.requests[0]
        #expect(chat.name == "Chat")
        #expect(chat.method == .get)
        #expect(chat.url == "ws://localhost:8080/chat")
        // As for HTTP blocks, an Authorization header stays a header.
        #expect(
            chat.headers == [
                KeyValueRow(name: "Authorization", value: "Bearer {{token}}"), KeyValueRow(name: "X-Room", value: "7"),
            ])
        let settings = try #require(chat.websocket)
        #expect(settings.subprotocols == ["chat.v2", "json"])
        #expect(settings.messages.map(\.text) == ["{\n  \"op\": \"hello\"\n}", "second message", "third"])
        #expect(result.collection.requests[1].websocket == nil)
        // `=== wait-for-server` makes steps: the second message waits for any message.
        #expect(
            settings.steps == [
                .send(.init(message: "message 1")), .expect(.init(op: .exists)), .send(.init(message: "message 2")),
                .send(.init(message: "message 3")),
            ])
        #expect(result.report.items.isEmpty, "\(result.report.items.map(\.description))")

        let exported = HTTPFileExport.file(ExportInput(document: document(result.collection)))
        #expect(exported.contains("WEBSOCKET ws://localhost:8080/chat\n"))
        let again = try HTTPFileImport.importCollection(
            Fixtures.source(exported, name: "again.http"), options: ImportOptions())
        #expect(again.collection.requests[0].websocket == settings)
        #expect(again.collection.requests[0].url == chat.url)
    }

    @Test func stepsExportAsWaitForServerAndWhatIsLostIsSaid() throws {
        let settings = WebSocketSettings(
            messages: [
                WebSocketSavedMessage(name: "login", .json(.object([.init("op", .string("login"))]))),
                WebSocketSavedMessage(name: "sub", .text("subscribe")),
                WebSocketSavedMessage(name: "spare", .text("unused")),
            ],
            steps: [
                .send(.init(message: "login")),
                .expect(.init(path: "$.type", op: .equals, value: .string("welcome"))),
                .send(.init(message: "sub")),
                .expect(.init(op: .exists)),
            ])
        let collection = RequestCollection(
            id: "c", name: "C", requests: [SavedRequest(id: "a", name: "Chat", url: "ws://h/chat", websocket: settings)]
        )
        let output = try Exporter.output(ExportInput(document: document(collection)), format: .http)
        let text = String(decoding: output.bytes, as: UTF8.self)
        #expect(text.contains("===\n{\"op\":\"login\"}\n=== wait-for-server\nsubscribe\n"), "\(text)")
        let said = output.report.items.map(\.description)
        #expect(said.contains { $0.contains("step 2 is written as === wait-for-server") }, "\(said)")
        #expect(said.contains { $0.contains("step 4 (an expect after the last message) is left out") }, "\(said)")
        #expect(said.contains { $0.contains(#"the message "spare", which no step sends, is left out"#) }, "\(said)")
    }

    @Test func postmanExportReportsEachWebSocketRequest() throws {
        let collection = RequestCollection(
            id: "c", name: "C",
            requests: [
                SavedRequest(
                    id: "a", name: "Chat", url: "ws://h/chat",
                    websocket: WebSocketSettings(messages: [WebSocketSavedMessage(name: "hi", .text("hi"))]))
            ])
        let output = try PostmanExport.output(ExportInput(document: document(collection)))
        #expect(
            output.report.items.map(\.description).contains {
                $0.contains("WebSocket requests are not in Postman v2.1")
            })
    }

    @Test func everyFormatReportsAGraphQLSubscriptionWrittenAsItsPost() throws {
        let collection = RequestCollection(
            id: "c", name: "C",
            requests: [
                SavedRequest(
                    id: "s", name: "Ticks", method: .post, url: "http://h/graphql",
                    body: SavedBody(.graphql(GraphQLBody(query: "subscription { ticks(count: 2) }")))),
                SavedRequest(
                    id: "q", name: "Now", method: .post, url: "http://h/graphql",
                    body: SavedBody(.graphql(GraphQLBody(query: "{ now }")))),
            ])
        for format in ExportFormat.allCases where format != .har {
            let output = try Exporter.output(ExportInput(document: document(collection)), format: format)
            let said = output.report.items.map(\.description).filter { $0.contains("GraphQL subscription") }
            #expect(said.count == 1, "\(format): \(output.report.items.map(\.description))")
            #expect(said.first?.contains("Ticks") == true, "\(format)")
        }
    }

    @Test func curlK6AndLocustReportAWebSocketRequestWrittenAsAGet() throws {
        let collection = RequestCollection(
            id: "c", name: "C",
            requests: [
                SavedRequest(
                    id: "a", name: "Chat", url: "ws://h/chat",
                    websocket: WebSocketSettings(messages: [
                        WebSocketSavedMessage(name: "hi", .text("hi")),
                        WebSocketSavedMessage(name: "bye", .text("bye")),
                    ])),
                SavedRequest(id: "b", name: "Plain", method: .get, url: "http://h/plain"),
            ])
        for format in [ExportFormat.curl, .k6, .locust] {
            let output = try Exporter.output(ExportInput(document: document(collection)), format: format)
            let said = output.report.items.map(\.description).filter { $0.contains("WebSocket request") }
            #expect(said.count == 1, "\(format): \(output.report.items.map(\.description))")
            #expect(said.first?.contains("Chat") == true && said.first?.contains("2 saved messages") == true, "\(said)")
        }
        // The formats that carry it (or say so themselves) are not told twice.
        for format in [ExportFormat.http, .postman] {
            let output = try Exporter.output(ExportInput(document: document(collection)), format: format)
            #expect(!output.report.items.map(\.description).contains { $0.contains("written with no WebSocket") })
        }
    }
}
