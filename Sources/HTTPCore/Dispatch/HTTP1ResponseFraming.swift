/// Where an HTTP/1.1 response read off a kept-alive connection ends, from its status line and
/// the three headers that frame it (`Content-Length`, `Transfer-Encoding`, `Connection`), without
/// making a string of any header: a keep-alive load reads tens of thousands a second and looks
/// inside only the ones that differ from the last (`RawHTTPResponse`).
public enum HTTP1ResponseFraming {
    /// Where the response is in the bytes given.
    public struct Frame: Sendable, Equatable {
        /// Where the final response starts: after any interim (`1xx`) heads.
        public var start: Int
        /// Where it ends: the next response starts here.
        public var end: Int
        public var status: Int
        /// Bytes of its status line, header lines and blank line.
        public var headLength: Int
        public var isChunked: Bool
        /// The connection is not used again after it (`Connection: close`, HTTP/1.0 without
        /// keep-alive, a body that runs to the close).
        public var closesConnection: Bool
    }

    public enum Outcome: Sendable, Equatable {
        /// More bytes are needed.
        case incomplete
        case complete(Frame)
        /// Not an HTTP/1.x response: what is wrong, in a few words.
        case malformed(String)
    }

    /// The longest head read before it is refused as malformed (libcurl's limit is 100 KB).
    public static let maximumHeadLength = 100 * 1024

    /// Frames the response at the start of `bytes`. `expectsBody` is false for a `HEAD`
    /// request; `closed`: the connection ended after these bytes (a body without a length ends there).
    public static func frame(_ bytes: UnsafeRawBufferPointer, expectsBody: Bool, closed: Bool = false) -> Outcome {
        var start = 0
        while true {
            guard let headEnd = endOfHead(bytes, from: start) else {
                return bytes.count - start > maximumHeadLength ? .malformed("a response head over 100 KB") : .incomplete
            }
            guard let head = Head(bytes, start: start, end: headEnd) else {
                return .malformed("no HTTP/1.x status line")
            }
            if (100..<200).contains(head.status), head.status != 101 {
                start = headEnd
                continue
            }
            let headLength = headEnd - start
            let noBody = !expectsBody || head.status == 204 || head.status == 304 || head.status == 101
            if noBody {
                return .complete(
                    Frame(
                        start: start, end: headEnd, status: head.status, headLength: headLength, isChunked: false,
                        closesConnection: head.closes))
            }
            if head.chunked {
                switch endOfChunks(bytes, from: headEnd) {
                case .none: return .incomplete
                case .some(.none): return .malformed("a chunk size that is not hexadecimal")
                case .some(.some(let end)):
                    return .complete(
                        Frame(
                            start: start, end: end, status: head.status, headLength: headLength, isChunked: true,
                            closesConnection: head.closes))
                }
            }
            if let length = head.contentLength {
                guard bytes.count - headEnd >= length else { return .incomplete }
                return .complete(
                    Frame(
                        start: start, end: headEnd + length, status: head.status, headLength: headLength,
                        isChunked: false, closesConnection: head.closes))
            }
            // Neither: the body runs to the end of the connection.
            guard closed else { return .incomplete }
            return .complete(
                Frame(
                    start: start, end: bytes.count, status: head.status, headLength: headLength, isChunked: false,
                    closesConnection: true))
        }
    }

    /// The offset just past the blank line that ends the head starting at `start`, if it is there.
    static func endOfHead(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        let count = bytes.count
        while index + 3 < count {
            if bytes[index + 3] != 10 {
                // The byte 3 ahead is no LF: no CRLFCRLF can end before it.
                index += bytes[index + 3] == 13 ? 1 : 4
                continue
            }
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13 { return index + 4 }
            index += 1
        }
        return nil
    }

    /// What frames a response, read from its head.
    private struct Head {
        var status = 0
        var contentLength: Int?
        var chunked = false
        var closes = false

        init?(_ bytes: UnsafeRawBufferPointer, start: Int, end: Int) {
            // "HTTP/1.x SSS"
            guard end - start >= 12, bytes[start] == 72, bytes[start + 1] == 84, bytes[start + 2] == 84,
                bytes[start + 3] == 80, bytes[start + 4] == 47, bytes[start + 5] == 49, bytes[start + 6] == 46,
                bytes[start + 8] == 32
            else { return nil }
            let minor = bytes[start + 7]
            var status = 0
            for offset in 9..<12 {
                let digit = bytes[start + offset] &- 48
                guard digit < 10 else { return nil }
                status = status * 10 + Int(digit)
            }
            self.status = status
            var keepAlive = minor != 48  // HTTP/1.0 closes unless it says keep-alive
            var line = start
            while line < end {
                var lineEnd = line
                while lineEnd < end, bytes[lineEnd] != 10 { lineEnd += 1 }
                if line != start { read(bytes, line: line, end: lineEnd, keepAlive: &keepAlive) }
                line = lineEnd + 1
            }
            closes = !keepAlive
        }

        private mutating func read(_ bytes: UnsafeRawBufferPointer, line: Int, end: Int, keepAlive: inout Bool) {
            var colon = line
            while colon < end, bytes[colon] != 58 { colon += 1 }
            guard colon < end else { return }
            let name = UnsafeRawBufferPointer(rebasing: bytes[line..<colon])
            var valueStart = colon + 1
            while valueStart < end, bytes[valueStart] == 32 || bytes[valueStart] == 9 { valueStart += 1 }
            var valueEnd = end
            while valueEnd > valueStart, bytes[valueEnd - 1] == 13 || bytes[valueEnd - 1] == 32 { valueEnd -= 1 }
            let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd])
            if Self.equals(name, "content-length") {
                var length = 0
                for byte in value {
                    let digit = byte &- 48
                    guard digit < 10, length < Int.max / 20 else { return }
                    length = length * 10 + Int(digit)
                }
                contentLength = length
            } else if Self.equals(name, "transfer-encoding") {
                chunked = Self.contains(value, "chunked")
            } else if Self.equals(name, "connection") {
                if Self.contains(value, "close") { keepAlive = false }
                if Self.contains(value, "keep-alive") { keepAlive = true }
            }
        }

        /// ASCII case-insensitive equality with a lowercase name.
        static func equals(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
            guard bytes.count == name.utf8CodeUnitCount else { return false }
            let expected = name.utf8Start
            for index in 0..<bytes.count where bytes[index] | 0x20 != expected[index] { return false }
            return true
        }

        /// Whether a lowercase word appears in `bytes`, case-insensitively.
        static func contains(_ bytes: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            for start in 0...(bytes.count - count) {
                let window = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
                if equals(window, word) { return true }
            }
            return false
        }
    }

    /// The end of a chunked body starting at `start`: nil when more bytes are needed, `.some(nil)`
    /// when a size line is not hexadecimal.
    static func endOfChunks(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int?? {
        var index = start
        let count = bytes.count
        while true {
            var size = 0
            var digits = 0
            while index < count, let digit = hexValue(bytes[index]) {
                guard size < Int.max >> 8 else { return .some(nil) }
                size = size << 4 | digit
                digits += 1
                index += 1
            }
            guard index < count else { return nil }
            guard digits > 0 else { return .some(nil) }
            // Chunk extensions, then the line's end.
            while index < count, bytes[index] != 10 { index += 1 }
            guard index < count else { return nil }
            index += 1
            if size == 0 {
                // Trailer lines, then the blank line.
                while true {
                    var lineEnd = index
                    while lineEnd < count, bytes[lineEnd] != 10 { lineEnd += 1 }
                    guard lineEnd < count else { return nil }
                    let blank = lineEnd == index || (lineEnd == index + 1 && bytes[index] == 13)
                    index = lineEnd + 1
                    if blank { return index }
                }
            }
            // The data and its CRLF.
            guard count - index >= size + 2 else { return nil }
            index += size + 2
        }
    }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: Int(byte - 48)
        case 65...70: Int(byte - 55)
        case 97...102: Int(byte - 87)
        default: nil
        }
    }
}

/// A response as it came off a kept-alive connection, its bytes valid only during the call that
/// hands it over (`KeepAliveLoadSink.received`). Its parts are read on demand: the status is
/// framed already, the headers and the body are made only when asked for.
public struct RawHTTPResponse {
    /// The response, from its status line to the end of its body's framing.
    public let bytes: UnsafeRawBufferPointer
    public let frame: HTTP1ResponseFraming.Frame

    public init(bytes: UnsafeRawBufferPointer, frame: HTTP1ResponseFraming.Frame) {
        self.bytes = bytes
        self.frame = frame
    }

    public var status: Int { frame.status }

    /// The status line's version.
    public var version: HTTPVersion { bytes.count > 7 && bytes[7] == 48 ? .http10 : .http11 }

    /// The reason phrase as sent (text from the server).
    public var reason: String {
        var end = 12
        while end < frame.headLength, bytes[end] != 13, bytes[end] != 10 { end += 1 }
        return end > 13 ? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[13..<end]), as: UTF8.self) : ""
    }

    /// The header lines after the status line (each ending in CRLF), for ``HTTPHeaders/init(receivedLines:)``.
    public var headerLines: [UInt8] {
        var start = 0
        while start < frame.headLength, bytes[start] != 10 { start += 1 }
        return Array(UnsafeRawBufferPointer(rebasing: bytes[min(start + 1, frame.headLength)..<frame.headLength]))
    }

    /// The body, its chunk framing taken away.
    public func body() -> [UInt8] {
        let start = frame.headLength
        guard frame.isChunked else { return Array(UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count])) }
        var body: [UInt8] = []
        var index = start
        while index < bytes.count {
            var size = 0
            while index < bytes.count, let digit = HTTP1ResponseFraming.hexValue(bytes[index]) {
                size = size << 4 | digit
                index += 1
            }
            while index < bytes.count, bytes[index] != 10 { index += 1 }
            index += 1
            guard size > 0, index + size <= bytes.count else { break }
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<(index + size)]))
            index += size + 2
        }
        return body
    }
}
