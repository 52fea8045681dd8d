import Glibc

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
        /// A head longer than ``maximumHeadLength``.
        case headTooLarge
    }

    /// How far earlier calls got into the same bytes (which only grow between calls): a response
    /// that arrives in many reads is scanned once, not once per read.
    public struct Progress: Sendable, Equatable {
        /// Where the final response starts (after the interim heads seen).
        var responseStart = 0
        /// Where the search for the head's end goes on.
        var headSearch = 0
        /// Where the next chunk's size line starts, every chunk before it complete.
        var nextChunk: Int?

        public init() {}
    }

    /// The longest head read before it is refused as malformed (libcurl's limit is 100 KB).
    public static let maximumHeadLength = 100 * 1024

    /// Frames the response at the start of `bytes`. `expectsBody` is false for a `HEAD`
    /// request; `closed`: the connection ended after these bytes (a body without a length ends there).
    public static func frame(_ bytes: UnsafeRawBufferPointer, expectsBody: Bool, closed: Bool = false) -> Outcome {
        var progress = Progress()
        return frame(bytes, expectsBody: expectsBody, closed: closed, progress: &progress)
    }

    /// `frame`, going on from `progress` (kept by the caller between reads of one response).
    public static func frame(
        _ bytes: UnsafeRawBufferPointer, expectsBody: Bool, closed: Bool = false, progress: inout Progress
    ) -> Outcome {
        var start = progress.responseStart
        while true {
            // Refused as soon as its first bytes say it is no HTTP/1.x status line.
            let prefix: StaticString = "HTTP/1."
            for offset in 0..<min(prefix.utf8CodeUnitCount, bytes.count - start)
            where bytes[start + offset] != prefix.utf8Start[offset] {
                return .malformed("no HTTP/1.x status line")
            }
            guard let headEnd = endOfHead(bytes, from: max(start, progress.headSearch - 3)) else {
                progress.headSearch = max(start, bytes.count)
                return bytes.count - start > maximumHeadLength ? .headTooLarge : .incomplete
            }
            guard let head = Head(bytes, start: start, end: headEnd) else {
                return .malformed("no HTTP/1.x status line")
            }
            if head.badLength { return .malformed("a Content-Length that is not one number") }
            if (100..<200).contains(head.status), head.status != 101 {
                start = headEnd
                progress.responseStart = headEnd
                progress.headSearch = headEnd
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
                switch endOfChunks(bytes, from: max(headEnd, progress.nextChunk ?? 0), progress: &progress) {
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

    /// The offset just past the blank line that ends the head starting at `start`, if it is there:
    /// CRLF CRLF, or a bare LF where a line ends (as libcurl takes it).
    static func endOfHead(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        var index = start
        let count = bytes.count
        while index < count {
            // The next LF, by memchr; the line before it is blank when it holds only CR.
            guard let found = memchr(base + index, 10, count - index) else { return nil }
            let lf = base.distance(to: UnsafeRawPointer(found))
            if lf >= 1, bytes[lf - 1] == 10 { return lf + 1 }
            if lf >= 2, bytes[lf - 1] == 13, bytes[lf - 2] == 10 { return lf + 1 }
            index = lf + 1
        }
        return nil
    }

    /// What frames a response, read from its head.
    private struct Head {
        var status = 0
        var contentLength: Int?
        var chunked = false
        var closes = false
        /// A `Content-Length` that is no number (or two different ones): libcurl refuses it too.
        var badLength = false

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
                // "11" or a list of the same number ("11, 11"); anything else is refused.
                var lengths: [Int] = []
                var length: Int?
                for byte in value {
                    if byte == 44 {
                        guard let done = length else { return refuseLength() }
                        lengths.append(done)
                        length = nil
                        continue
                    }
                    if byte == 32 || byte == 9 { continue }
                    let digit = byte &- 48
                    guard digit < 10, (length ?? 0) < Int.max / 20 else { return refuseLength() }
                    length = (length ?? 0) * 10 + Int(digit)
                }
                guard let last = length else { return refuseLength() }
                lengths.append(last)
                guard lengths.allSatisfy({ $0 == last }), contentLength == nil || contentLength == last else {
                    return refuseLength()
                }
                contentLength = last
            } else if Self.equals(name, "transfer-encoding") {
                chunked = Self.contains(value, "chunked")
            } else if Self.equals(name, "connection") {
                if Self.contains(value, "close") { keepAlive = false }
                if Self.contains(value, "keep-alive") { keepAlive = true }
            }
        }

        private mutating func refuseLength() {
            badLength = true
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
    static func endOfChunks(_ bytes: UnsafeRawBufferPointer, from start: Int, progress: inout Progress) -> Int?? {
        var index = start
        let count = bytes.count
        while true {
            progress.nextChunk = index
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
