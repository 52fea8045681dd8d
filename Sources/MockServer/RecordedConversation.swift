import Foundation
package import HTTPCore
package import Workspace

/// A WebSocket conversation `lazer record` saw (issue 25), turned into a route's script: each
/// message received is a reply to the latest message sent before it (matched on that message:
/// as a JSON subset when it is a JSON object or array, else on its whole text), with the wait
/// between them as its delay, and the server's close after the last. Messages before the first one
/// sent are the route's `open` (the server speaks first), with the waits between them. What a
/// script cannot hold is left out and said: binary messages, messages holding a secret (a JSON object sent is kept as a match without the
/// members that hold one: a subscription's `connection_init` with a token still gets its ack).
/// Pipelined sends make the attribution approximate:
/// replies to several messages sent at once all follow the last of them, in the order received.
package struct RecordedConversation: Sendable {
    package struct Entry: Sendable {
        package var sent: Bool
        package var message: WebSocketMessage
        package var offset: Duration

        package init(sent: Bool, message: WebSocketMessage, offset: Duration) {
            self.sent = sent
            self.message = message
            self.offset = offset
        }
    }

    package var entries: [Entry]
    /// The code the server closed with after the last message, if it closed.
    package var serverClose: UInt16?

    package init(entries: [Entry], serverClose: UInt16?) {
        self.entries = entries
        self.serverClose = serverClose
    }

    /// The script, and what was left out of it.
    package func script(redactor: Redactor) -> (SavedWebSocketScript, [String]) {
        var replies: [SavedWebSocketReply] = []
        var left: [String] = []
        var previous: Duration?
        var opening: [SavedWebSocketReply.Message] = []
        var previousOpening: Duration?
        for entry in entries {
            guard case .text(let text) = entry.message else {
                left.append("a binary message \(entry.sent ? "sent" : "received") (a mock reply is text or JSON)")
                continue
            }
            var match = Self.match(text)
            if redactor.redact(text) != text {
                guard entry.sent, case .object = match, let kept = Self.withoutSecrets(match, redactor) else {
                    left.append("a message \(entry.sent ? "sent" : "received") holding a secret")
                    continue
                }
                left.append("the members of a message sent that hold a secret: not matched on")
                match = kept
            }
            if entry.sent {
                replies.append(SavedWebSocketReply(match: match, messages: [], listed: true))
                previous = entry.offset
                continue
            }
            let parsed = Self.match(text)
            let content: SavedWebSocketReply.Message.Content
            if case .string = parsed { content = .text(text) } else { content = .json(parsed) }
            guard !replies.isEmpty, let since = previous else {
                // Before anything was sent: the server speaks first.
                let delay = previousOpening.flatMap { Self.delay(entry.offset - $0) }
                opening.append(SavedWebSocketReply.Message(content, delayMilliseconds: delay))
                previousOpening = entry.offset
                continue
            }
            replies[replies.count - 1].messages.append(
                SavedWebSocketReply.Message(content, delayMilliseconds: Self.delay(entry.offset - since)))
            previous = entry.offset
        }
        // A message nothing answered needs no reply; one answered once is written in the short form.
        replies.removeAll { $0.messages.isEmpty }
        for index in replies.indices where replies[index].messages.count == 1 { replies[index].listed = false }
        var open = opening.isEmpty ? nil : SavedWebSocketReply(messages: opening, listed: opening.count > 1)
        if let code = serverClose, code != 1005, code != 1006 {
            if !replies.isEmpty {
                replies[replies.count - 1].close = Int(code)
            } else {
                open?.close = Int(code)
            }
        }
        return (SavedWebSocketScript(replies: replies, open: open), left)
    }

    /// A recorded wait as a reply's delay: to 10 ms, none below 20 ms (the network's own).
    static func delay(_ wait: Duration) -> Int? {
        wait >= .milliseconds(20) ? Int(wait / .milliseconds(10)) * 10 : nil
    }

    /// An object without the members whose name or value holds a secret (nested objects the same
    /// way); nil for anything else that holds one.
    static func withoutSecrets(_ json: StoredJSON, _ redactor: Redactor) -> StoredJSON? {
        guard case .object(let members) = json else {
            return RecordedMatchers.holdsSecret(json, redactor) ? nil : json
        }
        return .object(
            members.compactMap { member in
                guard !RecordedMatchers.holdsSecret(member.key, redactor),
                    let value = withoutSecrets(member.value, redactor)
                else { return nil }
                return StoredJSON.Member(member.key, value)
            })
    }

    /// A sent message as a reply's `match`: a JSON object or array as a subset, else its text.
    static func match(_ text: String) -> StoredJSON {
        if let json = (try? StoredJSON(parsing: text)) {
            switch json {
            case .object, .array: return json
            default: break
            }
        }
        return .string(text)
    }
}
