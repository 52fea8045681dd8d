/// An ordered list of header fields with case-insensitive lookup.
///
/// Order and duplicates are kept (two `Set-Cookie` or `Accept` fields stay two fields), because
/// a request is sent and a response is shown exactly as they are. Lookups by name ignore case.
public struct HTTPHeaders: Hashable, Sendable, Codable {
    /// The fields in order.
    public var fields: [HTTPHeader] {
        received?.fields ?? storedFields
    }

    /// The fields, when they were given as fields or changed since.
    private var storedFields: [HTTPHeader]
    /// Header lines as received, parsed into fields when first read (see `init(receivedLines:)`).
    private var received: ReceivedHeaderLines?

    /// Header names whose values are secrets: never shown in translations, logs or history dumps.
    public static let sensitiveNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key", "x-auth-token",
    ]

    public init(_ fields: [HTTPHeader] = []) {
        storedFields = fields
    }

    /// Makes headers from name/value pairs, in order.
    public init(_ pairs: [(String, String)]) {
        storedFields = pairs.map { HTTPHeader(name: $0.0, value: $0.1) }
    }

    /// Headers as a transport received them: `Name: value` lines, each ending in `\n` (blanks around
    /// the colon and at the ends are dropped; a status line `HTTP/…` and lines without a colon are
    /// skipped). The lines are parsed the first time the fields are read, so a response nobody
    /// inspects costs no strings.
    public init(receivedLines: [UInt8]) {
        storedFields = []
        received = ReceivedHeaderLines(receivedLines)
    }

    /// The values of the fields named `name` (any case) in header lines as a transport received
    /// them, without parsing the other fields (see `init(receivedLines:)`).
    package static func values(named name: String, inReceivedLines bytes: [UInt8]) -> [String] {
        ReceivedHeaderLines.values(named: name, in: bytes)
    }

    public init(from decoder: any Decoder) throws {
        storedFields = try [HTTPHeader](from: decoder)
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields == rhs.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }

    /// Runs `change` on the fields, parsing received lines first.
    private mutating func changeFields<Result>(_ change: (inout [HTTPHeader]) -> Result) -> Result {
        if let received {
            storedFields = received.fields
            self.received = nil
        }
        return change(&storedFields)
    }

    public func encode(to encoder: any Encoder) throws {
        try fields.encode(to: encoder)
    }

    /// The number of fields, duplicates included.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(name: String, value: String) {
        changeFields { $0.append(HTTPHeader(name: name, value: value)) }
    }

    /// Replaces every field called `name` with one field (at the position of the first), or appends it.
    public mutating func set(name: String, value: String) {
        changeFields { fields in
            if let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) {
                fields[first] = HTTPHeader(name: name, value: value)
                var index = fields.index(after: first)
                while index < fields.endIndex {
                    if Self.namesMatch(fields[index].name, name) {
                        fields.remove(at: index)
                    } else {
                        index += 1
                    }
                }
            } else {
                fields.append(HTTPHeader(name: name, value: value))
            }
        }
    }

    /// Removes every field called `name`.
    public mutating func remove(name: String) {
        changeFields { $0.removeAll { Self.namesMatch($0.name, name) } }
    }

    /// The first value for `name`, ignoring case; setting replaces all fields of that name, `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            if let received { return received.firstValue(named: name) }
            return storedFields.first { Self.namesMatch($0.name, name) }?.value
        }
        set {
            if let newValue {
                set(name: name, value: newValue)
            } else {
                remove(name: name)
            }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Whether at least one field is called `name`.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Whether two field names are the same, ignoring case. ASCII names (every valid one) are
    /// compared byte by byte without making lower-cased copies — lookups run for every request
    /// and every response shown; a name with any other character is compared lower-cased.
    package static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        let ascii = lhs.withUTF8 { left in rhs.withUTF8 { asciiNamesMatch(left, $0) } }
        return ascii ?? (lhs.lowercased() == rhs.lowercased())
    }

    /// Whether two names' bytes are the same ASCII name, ignoring case; nil when either holds a
    /// byte past ASCII (the caller compares them lower-cased).
    package static func asciiNamesMatch(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool? {
        let common = Swift.min(lhs.count, rhs.count)
        for index in 0..<common {
            let left = lhs[index]
            let right = rhs[index]
            guard left < 0x80, right < 0x80 else { return nil }
            // After an ASCII prefix that lower-cases to itself, the first ASCII difference decides.
            if left != right, !(left | 0x20 == right | 0x20 && (0x61...0x7A).contains(left | 0x20)) { return false }
        }
        if lhs.count == rhs.count { return true }
        // Of different lengths: decided here only when both are ASCII (a character past ASCII
        // may lower-case to another length).
        let longer = lhs.count > rhs.count ? lhs : rhs
        for index in common..<longer.count where longer[index] >= 0x80 { return nil }
        return false
    }

    /// A copy with the values of sensitive fields (``sensitiveNames``) replaced by `redacted`, for display.
    public func redacted(with placeholder: String = "<redacted>") -> HTTPHeaders {
        HTTPHeaders(fields.map { $0.isSensitive ? HTTPHeader(name: $0.name, value: placeholder) : $0 })
    }

    /// The most fields a request may carry: far more than any server accepts, and few enough
    /// that sending is never slow.
    public static let maximumCount = 10_000
    /// The most bytes of fields a request may carry: libcurl refuses a request head over 1 MiB
    /// (as "out of memory").
    public static let maximumBytes = 1 << 20

    /// Checks every field can go on the wire: at most ``maximumCount`` fields and
    /// ``maximumBytes`` of them, names are tokens, values have no CR/LF/NUL.
    public func validate() throws(RequestError) {
        let fields = fields
        // Each line is `Name: value` and CRLF.
        let bytes = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        guard fields.count <= Self.maximumCount, bytes <= Self.maximumBytes else {
            throw .tooManyHeaders(count: fields.count, bytes: bytes)
        }
        for field in fields {
            guard HTTPToken.isValid(field.name) else { throw .invalidHeaderName(field.name) }
            guard HTTPToken.isValidFieldValue(field.value) else { throw .invalidHeaderValue(name: field.name) }
        }
    }
}

extension HTTPHeaders: Sequence {
    public func makeIterator() -> IndexingIterator<[HTTPHeader]> {
        fields.makeIterator()
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }
}

extension HTTPHeaders: CustomStringConvertible {
    /// The fields one per line, as on the wire.
    public var description: String {
        fields.map(\.description).joined(separator: "\n")
    }
}

extension HTTPHeaders {
    /// The media type of `Content-Type` without parameters, lower-cased (`application/json`).
    public var mediaType: String? {
        guard let value = self["Content-Type"] else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        let trimmed = type.trimmingASCIIWhitespace().lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The `charset` parameter of `Content-Type`, lower-cased and unquoted (`utf-8`).
    public var charset: String? {
        guard let value = self["Content-Type"] else { return nil }
        for parameter in value.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingASCIIWhitespace().lowercased() == "charset" else { continue }
            var charset = parts[1].trimmingASCIIWhitespace()
            if charset.hasPrefix("\""), charset.hasSuffix("\""), charset.count >= 2 {
                charset = String(charset.dropFirst().dropLast())
            }
            return charset.lowercased()
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingASCIIWhitespace() -> String {
        // Most texts have nothing to trim: then they are their own answer, not a copy (a space or
        // tab character is its byte, so bytes tell).
        let isSpaceByte: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let text = String(self)  // free for a String, which is what every caller has
        if let first = text.utf8.first, let last = text.utf8.last, !isSpaceByte(first), !isSpaceByte(last) {
            return text
        }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
