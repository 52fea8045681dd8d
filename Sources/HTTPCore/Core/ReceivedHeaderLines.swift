import AnnotatedLocks
import Synchronization

/// Response header lines as a transport received them, made into ``HTTPHeader``s the first time
/// anyone reads them (see ``HTTPHeaders/init(receivedLines:)``).
///
/// A transport finishes many responses whose headers nobody looks at — a benchmark, a replay that
/// only checks the status — and building two strings per field for each of them is a large share
/// of a small exchange's cost. The bytes are kept instead, and parsed once, on whichever thread
/// reads first (the lock makes that safe from several).
final class ReceivedHeaderLines: Sendable {
    private static let newline = UInt8(ascii: "\n")

    private let bytes: [UInt8]
    private let parsed = Mutex<[HTTPHeader]?>(nil)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The fields, parsed on first use.
    var fields: [HTTPHeader] {
        parsed.withLock(ownedBy: self) { parsed in
            if let parsed { return parsed }
            let fields = Self.parse(bytes)
            parsed = fields
            return fields
        }
    }

    /// Splits `bytes` (lines ending in `\n`) into fields: `Name: value` with blanks around the colon
    /// dropped; a status line (`HTTP/…`) and lines without a colon are skipped.
    static func parse(_ bytes: [UInt8]) -> [HTTPHeader] {
        var fields: [HTTPHeader] = []
        fields.reserveCapacity(16)
        forEachField(in: bytes) { name, value in
            fields.append(
                HTTPHeader(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
            return true
        }
        return fields
    }

    /// The values of the fields named `name` (any case) in `bytes`, read as `parse` reads
    /// them, without making strings of the other fields: the transport asks every response for its
    /// `Set-Cookie` lines, and most have none.
    static func values(named name: String, in bytes: [UInt8]) -> [String] {
        var values: [String] = []
        forEachField(in: bytes) { fieldName, value in
            if nameMatches(fieldName, name) { values.append(String(decoding: value, as: UTF8.self)) }
            return true
        }
        return values
    }

    /// The first value of the field named `name` (any case, as `HTTPHeaders.namesMatch` compares),
    /// from the fields when they are parsed, otherwise read from the lines without making strings
    /// of the other fields: a run reads one header (`Content-Type`) of every response.
    func firstValue(named name: String) -> String? {
        if let fields = parsed.withLock(ownedBy: self, { $0 }) {
            return fields.first { HTTPHeaders.namesMatch($0.name, name) }?.value
        }
        var found: String?
        Self.forEachField(in: bytes) { fieldName, value in
            guard Self.nameMatches(fieldName, name) else { return true }
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    /// Whether a received field name is `name`, as `HTTPHeaders.namesMatch` decides for its string.
    private static func nameMatches(_ fieldName: ArraySlice<UInt8>, _ name: String) -> Bool {
        var name = name
        let answer = fieldName.withUnsafeBufferPointer { field in
            name.withUTF8 { HTTPHeaders.asciiNamesMatch(field, $0) }
        }
        return answer ?? HTTPHeaders.namesMatch(String(decoding: fieldName, as: UTF8.self), name)
    }

    /// Calls `body` with each field's name and value bytes, in order, blanks around them dropped,
    /// until it returns false.
    private static func forEachField(
        in bytes: [UInt8], _ body: (_ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) -> Bool
    ) {
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: newline) ?? bytes.endIndex
            defer { lineStart = lineEnd + 1 }
            let line = bytes[lineStart..<lineEnd]
            guard !isStatusLine(line), let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            var nameEnd = colon
            while nameEnd > line.startIndex, isBlank(line[nameEnd - 1]) { nameEnd -= 1 }
            var valueStart = colon + 1
            while valueStart < line.endIndex, isBlank(line[valueStart]) { valueStart += 1 }
            var valueEnd = line.endIndex
            while valueEnd > valueStart, isBlank(line[valueEnd - 1]) { valueEnd -= 1 }
            guard body(line[line.startIndex..<nameEnd], line[valueStart..<valueEnd]) else { return }
        }
    }

    /// Whether a line starts with `HTTP/` and has more after it.
    static func isStatusLine(_ line: ArraySlice<UInt8>) -> Bool {
        line.count > 5 && line.starts(with: "HTTP/".utf8)
    }

    /// Space, tab, CR or LF.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n")
    }
}
