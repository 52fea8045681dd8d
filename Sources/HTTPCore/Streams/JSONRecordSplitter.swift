/// Cuts an NDJSON / JSON Lines body at line ends (LF, a CR before it dropped; blank lines skipped),
/// or a json-seq body (RFC 7464) at record separators (RS, 0x1E), into records. Records are not
/// parsed here: a viewer parses the one it shows. Incremental and byte-based, like
/// `ServerSentEventParser`: the same records come out however the bytes are chunked.
///
/// A json-seq record loses only its framing — the one LF (or CRLF) that ends it — and keeps any
/// other whitespace, and an empty record ended by LF (`RS LF`) is a record: a WebSocket
/// conversation is kept as json-seq (`WebSocketTranscript`), one text message a record, and a
/// message that is empty, blank or ends in spaces must read back as it was sent, at its index.
/// Consecutive RS bytes still make no record (RFC 7464 §2.1).
public struct JSONRecordSplitter: Sendable {
    private let separator: UInt8
    private let sequence: Bool
    /// json-seq: an RS was read (bytes before the first one are no record unless they hold something).
    private var begun = false
    private var record: [UInt8] = []
    /// The most bytes a record keeps: the rest of a longer one is dropped.
    public let limit: Int

    /// - Parameter sequence: RS-separated (json-seq) rather than line-separated.
    public init(sequence: Bool = false, limit: Int = 16 << 20) {
        separator = sequence ? 0x1E : 0x0A
        self.sequence = sequence
        self.limit = limit
    }

    /// Splits `bytes`, calling `emit` with each record they complete.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, emit: (String) -> Void) {
        var index = 0
        while index < bytes.count {
            var end = index
            while end < bytes.count, bytes[end] != separator { end += 1 }
            if end > index, record.count < limit {
                record.append(
                    contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<min(end, index + limit - record.count)]))
            }
            guard end < bytes.count else { return }
            index = end + 1
            flush(emit: emit)
        }
    }

    /// Splits `bytes` (arrays and tests).
    public mutating func feed(_ bytes: [UInt8], emit: (String) -> Void) {
        bytes.withUnsafeBytes { feed($0, emit: emit) }
    }

    /// The end of the stream: a last record without a separator after it still counts.
    public mutating func finish(emit: (String) -> Void) {
        flush(emit: emit)
    }

    private mutating func flush(emit: (String) -> Void) {
        defer { record.removeAll(keepingCapacity: true) }
        if sequence, begun {
            var end = record.endIndex
            let ended = record.last == 0x0A
            if ended { end -= 1 }
            if ended, end > record.startIndex, record[end - 1] == 0x0D { end -= 1 }
            if ended || end > record.startIndex { emit(String(decoding: record[..<end], as: UTF8.self)) }
            return
        }
        begun = sequence
        var start = record.startIndex
        var end = record.endIndex
        while start < end, Self.isBlank(record[start]) { start += 1 }
        while end > start, Self.isBlank(record[end - 1]) { end -= 1 }
        guard start < end else { return }
        emit(String(decoding: record[start..<end], as: UTF8.self))
    }

    /// JSON's insignificant whitespace, which also covers a CRLF's CR.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
