/// An incremental parser for `text/event-stream` bodies, following the WHATWG HTML "event stream
/// interpretation" rules: lines end with CRLF, LF or CR (a CRLF may be split between chunks), a
/// leading UTF-8 BOM is dropped, `:` starts a comment, one space after the colon is stripped, a line
/// without a colon is a field with an empty value, `data` lines are joined with LF, `id` values
/// containing NUL are ignored, `retry` takes ASCII digits only, and a blank line dispatches the event
/// unless its data is empty. An event cut off by the end of the stream is discarded.
///
/// Pure and byte-based (no Foundation): it runs on the transport's thread for every chunk. The same
/// events come out however the bytes are chunked.
public struct ServerSentEventParser: Sendable {
    /// One dispatched event, before the stream gives it a place and a time.
    public struct Event: Sendable, Hashable {
        /// The `event` field, nil for the default type (`message`).
        public var name: String?
        /// The last event ID in force, nil while none was set (an empty `id` resets it).
        public var id: String?
        public var data: String

        public init(name: String?, id: String?, data: String) {
            self.name = name
            self.id = id
            self.data = data
        }
    }

    /// The most bytes a line or an event's data keeps: the rest of a longer one is dropped (a
    /// server that sends one endless event must not fill the memory).
    public let limit: Int

    /// The reconnection time the server last asked for (`retry`, milliseconds).
    public private(set) var retry: Int?
    /// The last event ID string: the ID buffer as it was at the last blank line — what a
    /// reconnection sends as `Last-Event-ID` (an `id` of an event cut off by the close is not).
    public private(set) var lastEventID = ""
    /// The last event ID buffer: set by `id` fields, given to events as they are dispatched.
    private var idBuffer = ""
    /// Whether an `id` field came since the last blank line (the string is copied only then).
    private var idSet = false
    /// Bytes of the body up to the end of its last blank line (BOM included): where a reconnection's
    /// body may follow without an event cut off by the close running into it.
    public private(set) var completeLength: Int64 = 0
    /// Bytes fed before the current chunk.
    private var fed: Int64 = 0

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventName: [UInt8]?
    private var lastName: (bytes: [UInt8], text: String) = ([], "")
    private var skipLineFeed = false
    /// Bytes of a possible BOM still to be checked at the very start (0xEF 0xBB 0xBF).
    private var bomChecked = 0
    private var started = false

    public init(limit: Int = 16 << 20) {
        self.limit = limit
    }

    /// A parser for the body of a reconnection to the same stream: the last event ID and the retry
    /// time go on (WHATWG), the rest starts over (a BOM may lead the new body).
    public func reconnected() -> ServerSentEventParser {
        var next = ServerSentEventParser(limit: limit)
        next.retry = retry
        next.lastEventID = lastEventID
        next.idBuffer = lastEventID
        return next
    }

    /// Parses `bytes`, calling `emit` for each event they complete.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, emit: (Event) -> Void) {
        var index = 0
        let count = bytes.count
        defer { fed += Int64(count) }
        if !started { index = skipBOM(bytes) }
        while index < count {
            let byte = bytes[index]
            if skipLineFeed {
                skipLineFeed = false
                if byte == 0x0A {
                    index += 1
                    continue
                }
            }
            // Find the end of the line in this chunk.
            var end = index
            while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            if end == count || !line.isEmpty {
                // A line that goes on in the next chunk (or began in the last one) is gathered.
                if end > index, line.count < limit {
                    let kept = index..<min(end, index + limit - line.count)
                    line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[kept]))
                }
                guard end < count else { return }
                line.withUnsafeBytes { processLine($0, emit: emit) }
                line.removeAll(keepingCapacity: true)
            } else {
                // A whole line in this chunk (nearly all of them) is read where it is.
                if end == index { completeLength = fed + Int64(end + 1) }
                processLine(UnsafeRawBufferPointer(rebasing: bytes[index..<min(end, index + limit)]), emit: emit)
            }
            skipLineFeed = bytes[end] == 0x0D
            index = end + 1
        }
    }

    /// Parses `bytes` (a convenience over `feed(_:emit:)` for arrays and tests).
    public mutating func feed(_ bytes: [UInt8], emit: (Event) -> Void) {
        bytes.withUnsafeBytes { feed($0, emit: emit) }
    }

    /// Handles the start of the stream: a BOM, maybe split over chunks, is skipped once.
    private mutating func skipBOM(_ bytes: UnsafeRawBufferPointer) -> Int {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var index = 0
        while bomChecked < 3, index < bytes.count {
            guard bytes[index] == bom[bomChecked] else {
                // Not a BOM after all: the bytes taken for one are the line's start.
                line.append(contentsOf: bom[0..<bomChecked])
                started = true
                return index
            }
            bomChecked += 1
            index += 1
        }
        if bomChecked == 3 { started = true }
        return index
    }

    private mutating func processLine(_ line: UnsafeRawBufferPointer, emit: (Event) -> Void) {
        guard let first = line.first else {
            dispatch(emit: emit)
            return
        }
        if first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let nameEnd = colon ?? line.endIndex
        var valueStart = colon.map { $0 + 1 } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let name = UnsafeRawBufferPointer(rebasing: line[..<nameEnd])
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart...])
        if Self.is(name, "data") {
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: value.prefix(max(0, limit - data.count))))
            data.append(0x0A)
            hasData = true
        } else if Self.is(name, "event") {
            eventName = Array(value)
        } else if Self.is(name, "id") {
            if !value.contains(0) {
                idBuffer = String(decoding: value, as: UTF8.self)
                idSet = true
            }
        } else if Self.is(name, "retry") {
            guard !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }), value.count <= 18 else { return }
            retry = value.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
    }

    /// Whether a field name is `field` (ASCII), compared as bytes: a generic `elementsEqual` over
    /// a `String`'s view cost more than the rest of the line's parsing.
    @inline(__always)
    private static func `is`(_ name: UnsafeRawBufferPointer, _ field: StaticString) -> Bool {
        guard name.count == field.utf8CodeUnitCount else { return false }
        var offset = 0
        for byte in name {
            guard byte == field.utf8Start[offset] else { return false }
            offset += 1
        }
        return true
    }

    private mutating func dispatch(emit: (Event) -> Void) {
        if idSet {
            lastEventID = idBuffer
            idSet = false
        }
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventName = nil
        }
        guard hasData else { return }
        data.removeLast()
        // Most streams name every event alike: the last name's string is kept and given again.
        let name: String?
        if let bytes = eventName, !bytes.isEmpty {
            if bytes != lastName.bytes { lastName = (bytes, String(decoding: bytes, as: UTF8.self)) }
            name = lastName.text
        } else {
            name = nil
        }
        emit(
            Event(
                name: name, id: idBuffer.isEmpty ? nil : idBuffer, data: String(decoding: data, as: UTF8.self)))
    }
}
