package import HTTPCore
import JSONTree

/// The joined view of a stream (issue 25): the text a JSONPath selects in each event, joined in
/// order as events arrive — a streamed LLM answer (`$.choices[0].delta.content`) read as prose.
/// Kept with the `StreamLog` and extended batch by batch, so a frame never parses old events.
package struct JoinedStreamText: Sendable, Equatable {
    /// The joined text kept: the newest `limit` bytes (roughly: cut at a character).
    package static let limit = 4 << 20

    package let path: String
    private let query: JSONPath
    package private(set) var text = ""
    /// Events that added text.
    package private(set) var contributing = 0
    /// Whether older text was dropped to stay within `limit`.
    package private(set) var truncated = false

    /// Nil when `path` is not a JSONPath (loading and `J` refuse one before it gets here).
    package init?(path: String) {
        guard let query = try? JSONPath(path) else { return nil }
        self.path = path
        self.query = query
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.path == rhs.path && lhs.text == rhs.text && lhs.contributing == rhs.contributing
    }

    /// Adds the text of each event's selected values: strings as they are, other values as JSON.
    package mutating func add(_ events: some Sequence<StreamEvent>) {
        for event in events {
            guard let piece = query.text(inJSON: event.data) else { continue }
            text += piece
            contributing += 1
        }
        if text.utf8.count > Self.limit {
            // Cut at the first character boundary past the excess.
            let bytes = Array(text.utf8)
            var cut = bytes.count - Self.limit
            while cut < bytes.count, bytes[cut] & 0xC0 == 0x80 { cut += 1 }
            text = String(decoding: bytes[cut...], as: UTF8.self)
            truncated = true
        }
    }
}
