import HTTPCore

/// The status line and header lines of an exchange's last response, kept as the bytes received and
/// turned into strings only when read.
///
/// libcurl hands over headers one line at a time, in the middle of its own work. Copying each line's
/// bytes there is cheap; making strings of every name and value is not, and it can wait: the
/// dispatcher hands the bytes to the response's `HTTPHeaders`, which parses them when first read.
struct ResponseHead: Sendable {
    private static let newline = UInt8(ascii: "\n")

    /// Each line without its line break or surrounding blanks, followed by `\n`; a status line
    /// (`HTTP/…`) comes first when there was one.
    private(set) var bytes: [UInt8] = []

    init() {}

    /// A head with `statusLine` and `headers`, as if received (for outcomes built by hand).
    init(statusLine: String, headers: [(name: String, value: String)]) {
        bytes = Array(statusLine.utf8) + [Self.newline]
        for (name, value) in headers {
            bytes += Array("\(name): \(value)".utf8) + [Self.newline]
        }
    }

    /// Starts over: a new status line means a new response (a redirect, `100 Continue`).
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends one line (already trimmed).
    mutating func append(_ line: UnsafeBufferPointer<UInt8>) {
        // One allocation covers a typical response's head.
        if bytes.capacity == 0 { bytes.reserveCapacity(512) }
        bytes.append(contentsOf: line)
        bytes.append(Self.newline)
    }

    /// The status code of the status line, 0 without one.
    var status: Int {
        guard let line = statusLine else { return 0 }
        var cursor = line.firstIndex(of: UInt8(ascii: " ")) ?? line.endIndex
        while cursor < line.endIndex, line[cursor] == UInt8(ascii: " ") { cursor += 1 }
        var code = 0
        while cursor < line.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[cursor]), code < 1000 {
            code = code * 10 + Int(line[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        return code
    }

    /// The protocol of the status line (`HTTP/1.1`, `HTTP/2`), or "" without one.
    var statusVersion: String {
        guard let line = statusLine else { return "" }
        let end = line.firstIndex(of: UInt8(ascii: " ")) ?? line.endIndex
        return String(decoding: line[..<end], as: UTF8.self)
    }

    /// The reason phrase after the status code (`OK`; empty in HTTP/2), or "" without a status line.
    var reason: String {
        guard let line = statusLine else { return "" }
        var cursor = line.firstIndex(of: UInt8(ascii: " ")) ?? line.endIndex
        while cursor < line.endIndex, line[cursor] == UInt8(ascii: " ") { cursor += 1 }
        while cursor < line.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[cursor]) { cursor += 1 }
        while cursor < line.endIndex, line[cursor] == UInt8(ascii: " ") { cursor += 1 }
        return String(decoding: line[cursor...], as: UTF8.self)
    }

    /// The header fields in order, duplicates and case kept; lines without a colon are skipped.
    var headers: [(name: String, value: String)] {
        HTTPHeaders(receivedLines: bytes).fields.map { ($0.name, $0.value) }
    }

    /// The values of the fields named `name` (any case), without parsing the others.
    func values(named name: String) -> [String] {
        HTTPHeaders.values(named: name, inReceivedLines: bytes)
    }

    /// Whether a trimmed line is a status line (`HTTP/` and more). Compared byte by byte: this runs
    /// for every header line on the network thread.
    static func isStatusLine(_ line: some RandomAccessCollection<UInt8>) -> Bool {
        guard line.count > 5 else { return false }
        func byte(_ offset: Int) -> UInt8 { line[line.index(line.startIndex, offsetBy: offset)] }
        return byte(0) == UInt8(ascii: "H") && byte(1) == UInt8(ascii: "T") && byte(2) == UInt8(ascii: "T")
            && byte(3) == UInt8(ascii: "P") && byte(4) == UInt8(ascii: "/")
    }

    /// Space, tab, CR or LF.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\n")
    }

    private var statusLine: ArraySlice<UInt8>? {
        let end = bytes.firstIndex(of: Self.newline) ?? bytes.endIndex
        let first = bytes[..<end]
        return Self.isStatusLine(first) ? first : nil
    }
}
