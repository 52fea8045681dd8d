import HTTPCore
import MockServer
import Testing
import Workspace

/// `lazer record`'s WebSocket routes (issue 25): received messages become replies to the latest
/// message sent before them, with their waits and the server's close; those before any was sent
/// are the route's `open`; what a script cannot hold (binary or secret-holding messages) is left
/// out and said.
@Suite struct RecordedConversationTests {
    @Test func receivedMessagesAnswerTheLatestSentOne() {
        let conversation = RecordedConversation(
            entries: [
                .init(sent: false, message: .text("welcome"), offset: .milliseconds(1)),
                .init(sent: false, message: .text("motd"), offset: .milliseconds(1)),
                .init(sent: true, message: .text(#"{"op":"sub"}"#), offset: .milliseconds(2)),
                .init(sent: false, message: .text(#"{"ok":true}"#), offset: .milliseconds(3)),
                .init(sent: false, message: .text("tick"), offset: .milliseconds(503)),
                .init(sent: true, message: .text("ping"), offset: .milliseconds(600)),
                .init(sent: false, message: .binary([1, 2]), offset: .milliseconds(601)),
                .init(sent: false, message: .text("token s3cr3t"), offset: .milliseconds(602)),
                .init(sent: true, message: .text("bye"), offset: .milliseconds(700)),
                .init(sent: false, message: .text("see you"), offset: .milliseconds(701)),
            ], serverClose: 1000)
        let (script, left) = conversation.script(redactor: Redactor(secrets: ["s3cr3t"]))
        #expect(
            script.replies == [
                SavedWebSocketReply(
                    match: .object([.init("op", .string("sub"))]),
                    messages: [
                        .init(.json(.object([.init("ok", .bool(true))]))),
                        .init(.text("tick"), delayMilliseconds: 500),
                    ]),
                SavedWebSocketReply(match: .string("bye"), messages: [.init(.text("see you"))], close: 1000),
            ])
        #expect(
            left == [
                "a binary message received (a mock reply is text or JSON)",
                "a message received holding a secret",
            ])
        // The server spoke first: the route's `open`, played as the connection opens.
        #expect(script.open == SavedWebSocketReply(messages: [.init(.text("welcome")), .init(.text("motd"))]))
        #expect(script.script.onOpen?.messages.map(\.message) == [.text("welcome"), .text("motd")])
        // The recorded script answers as the server did.
        let played = script.script
        #expect(played.reply(to: .text(#"{"op":"sub","topic":"a"}"#))?.messages.count == 2)
        #expect(played.reply(to: .text("ping")) == nil)
        #expect(played.reply(to: .text("bye"))?.close == 1000)
    }

    @Test func aServerThatOnlySpeaksFirstClosesAfterItsOpening() {
        let conversation = RecordedConversation(
            entries: [
                .init(sent: false, message: .text("one"), offset: .milliseconds(10)),
                .init(sent: false, message: .text("two"), offset: .milliseconds(260)),
            ], serverClose: 4000)
        let (script, left) = conversation.script(redactor: Redactor(secrets: []))
        #expect(left.isEmpty)
        #expect(script.replies.isEmpty)
        #expect(
            script.open
                == SavedWebSocketReply(
                    messages: [.init(.text("one")), .init(.text("two"), delayMilliseconds: 250)], close: 4000))
    }
}
