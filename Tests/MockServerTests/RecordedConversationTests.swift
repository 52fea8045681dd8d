import HTTPCore
import MockServer
import Testing
import Workspace

/// `lazer record`'s WebSocket routes (issue 25): received messages become replies to the latest
/// message sent before them, with their waits and the server's close; what a script cannot hold
/// (unprompted, binary or secret-holding messages) is left out and said.
@Suite struct RecordedConversationTests {
    @Test func receivedMessagesAnswerTheLatestSentOne() {
        let conversation = RecordedConversation(
            entries: [
                .init(sent: false, message: .text("welcome"), offset: .milliseconds(1)),
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
                "1 message(s) the server sent before any was sent to it (a mock only answers)",
            ])
        // The recorded script answers as the server did.
        let played = script.script
        #expect(played.reply(to: .text(#"{"op":"sub","topic":"a"}"#))?.messages.count == 2)
        #expect(played.reply(to: .text("ping")) == nil)
        #expect(played.reply(to: .text("bye"))?.close == 1000)
    }
}
