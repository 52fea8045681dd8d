import Foundation

/// How a streamed body is cut into events: by the WHATWG event-stream rules, one JSON text per
/// line, or RFC 7464's record separators. Chosen from the response's `Content-Type`.
public enum StreamFormat: String, Sendable, Hashable, CaseIterable {
    /// `text/event-stream` (Server-Sent Events).
    case serverSentEvents = "sse"
    /// `application/x-ndjson`, `application/jsonl`, `application/json-lines`: one record per line.
    case jsonLines = "ndjson"
    /// `application/json-seq`: records start with RS (0x1E).
    case jsonSequence = "json-seq"

    /// The format a `Content-Type` value announces (parameters and case ignored), nil for any other type.
    public init?(contentType: String) {
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        switch essence {
        case "text/event-stream": self = .serverSentEvents
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
            "application/json-lines", "application/jsonlines":
            self = .jsonLines
        case "application/json-seq": self = .jsonSequence
        default: return nil
        }
    }

    /// The media type a mock serves for this format.
    public var contentType: String {
        switch self {
        case .serverSentEvents: "text/event-stream"
        case .jsonLines: "application/x-ndjson"
        case .jsonSequence: "application/json-seq"
        }
    }
}
