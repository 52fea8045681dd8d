package import HTTPCore
import JSONTree

/// The joined view of a stream (issue 25): the text a JSONPath selects in each event, joined in
/// order as events arrive — a streamed LLM answer (`$.choices[0].delta.content`) read as prose.
/// Kept with the `StreamLog` and extended batch by batch, so a frame never parses old events.
package struct JoinedStreamText: Sendable, Equatable {
    /// The joined text kept: the newest `limit` bytes (roughly: cut at a character).
    package static let limit = 4 << 20

    package let path: String
    private let query: JSONPath?
    /// Nil when the path is not a valid JSONPath (a collection that `lazer validate` refuses).
    package let problem: String?
    package private(set) var text = ""
    /// Events that added text.
    package private(set) var contributing = 0
    /// Whether older text was dropped to stay within `limit`.
    package private(set) var truncated = false

    package init(path: String) {
        self.path = path
        do {
            query = try JSONPath(path)
            problem = nil
        } catch {
            query = nil
            problem = "invalid JSONPath at character \(error.offset + 1): \(error.message)"
        }
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.path == rhs.path && lhs.text == rhs.text && lhs.contributing == rhs.contributing
    }

    /// Adds the text of each event's selected values: strings as they are, other values as JSON.
    package mutating func add(_ events: some Sequence<StreamEvent>) {
        guard let query else { return }
        for event in events {
            guard let document = try? JSONDocument(bytes: Array(event.data.utf8)),
                let piece = query.text(in: document)
            else { continue }
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
