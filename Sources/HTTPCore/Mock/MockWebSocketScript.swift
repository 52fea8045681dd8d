import Foundation

/// How a mock WebSocket route answers the messages a client sends (issue 25): the first reply whose
/// `match` fits a message answers it (its messages in order, each after its delay, then an optional
/// close); a message no reply matches is echoed back when `echo` is set. Plain data, shared by the
/// in-process mock (``MockDispatcher`` as a ``WebSocketConnecting``) and `lazer mock` over a socket,
/// so a route answers the same both ways.
public struct MockWebSocketScript: Hashable, Sendable {
    /// Which client messages a reply answers.
    public enum Match: Hashable, Sendable {
        /// Every message.
        case any
        /// A text message containing this text.
        case substring(String)
        /// A text message that is JSON containing this subset (see ``JSONValue/isSubset(of:)``).
        case json(JSONValue)

        public func matches(_ message: WebSocketMessage) -> Bool {
            switch (self, message) {
            case (.any, _): return true
            case (.substring(let part), .text(let text)): return text.contains(part)
            case (.json(let expected), .text(let text)):
                guard let actual = JSONValue(json: Data(text.utf8)) else { return false }
                return expected.isSubset(of: actual)
            default: return false
            }
        }
    }

    /// One message of a reply, sent `delay` after the previous one (the first: after the message
    /// it answers arrived).
    public struct Timed: Hashable, Sendable {
        public var message: WebSocketMessage
        public var delay: Duration

        public init(_ message: WebSocketMessage, delay: Duration = .zero) {
            self.message = message
            self.delay = delay
        }
    }

    public struct Reply: Hashable, Sendable {
        public var match: Match
        public var messages: [Timed]
        /// After its messages the server closes the connection with this code.
        public var close: UInt16?

        public init(match: Match = .any, messages: [Timed], close: UInt16? = nil) {
            self.match = match
            self.messages = messages
            self.close = close
        }
    }

    /// A message the server sends on its own every `interval`, `count` times (nil: until the
    /// connection ends).
    public struct Ticker: Hashable, Sendable {
        public var interval: Duration
        public var message: WebSocketMessage
        public var count: Int?

        public init(interval: Duration, message: WebSocketMessage, count: Int? = nil) {
            self.interval = interval
            self.message = message
            self.count = count
        }
    }

    public var replies: [Reply]
    /// Whether a message no reply matches is sent back as it came.
    public var echo: Bool
    /// Played when the connection opens (the server speaks first): its messages, then its close.
    public var onOpen: Reply?
    public var ticker: Ticker?

    /// A script that echoes every message.
    public static let echo = MockWebSocketScript(replies: [], echo: true)

    public init(replies: [Reply], echo: Bool) {
        self.replies = replies
        self.echo = echo
    }

    /// What answers `message`: the first matching reply, an echo, or nil (nothing is sent).
    public func reply(to message: WebSocketMessage) -> Reply? {
        if let reply = replies.first(where: { $0.match.matches(message) }) { return reply }
        return echo ? Reply(messages: [Timed(message)]) : nil
    }

    /// The subprotocol a mock accepts from those a client offers: the first (a mock speaks any).
    public static func subprotocol(offered: [String]) -> String? { offered.first }

}
