/// The pieces of an absolute URL a signature reads, found in the text as it goes on the wire
/// (no re-parsing into a model that might re-encode): the `host` header's value, and where the
/// path and the query (still percent-encoded) are in the URL's bytes. Offsets, not copies: the
/// signature reads them from the URL's own storage.
struct SigV4URL {
    /// The host, lower-cased, with `:port` when the port is not the scheme's default (what
    /// `host` must say: the transport sends the same).
    var host: String
    /// The path as sent (empty when the URL has none).
    var path: Range<Int>
    /// The query as sent, without `?` (empty when there is none).
    var query: Range<Int>

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            bytes.count > colon + 2, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count {
            let byte = bytes[authorityEnd]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            authorityEnd += 1
        }
        var hostStart = authorityStart
        if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
        var hostEnd = authorityEnd
        var portStart = authorityEnd
        if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "["),
            let close = bytes[hostStart..<authorityEnd].firstIndex(of: UInt8(ascii: "]"))
        {
            hostEnd = close + 1
            if hostEnd < authorityEnd, bytes[hostEnd] == UInt8(ascii: ":") { portStart = hostEnd + 1 }
        } else if let portColon = bytes[hostStart..<authorityEnd].lastIndex(of: UInt8(ascii: ":")) {
            hostEnd = portColon
            portStart = portColon + 1
        }
        let hostBytes = UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd])
        let lowered = !hostBytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 })
        var portShown: Int?
        if portStart < authorityEnd,
            let number = Self.port(UnsafeBufferPointer(rebasing: bytes[portStart..<authorityEnd])),
            number != Self.defaultPort(UnsafeBufferPointer(rebasing: bytes[..<colon]))
        {
            portShown = number
        }
        if lowered, portShown == nil || (portStart == hostEnd + 1 && bytes[portStart] != UInt8(ascii: "0")) {
            // Already lower-case, the port (if shown) written without leading zeros: the value is
            // the URL's own `host:port` bytes, one string made (the usual signed request).
            let end = portShown == nil ? hostEnd : authorityEnd
            self.host = String(decoding: UnsafeBufferPointer(rebasing: bytes[hostStart..<end]), as: UTF8.self)
        } else {
            var host = String(decoding: hostBytes, as: UTF8.self)
            if !lowered { host = host.lowercased() }
            if let portShown { host += ":\(portShown)" }
            self.host = host
        }
        let queryMark = bytes[authorityEnd...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        let pathEnd = queryMark ?? bytes.count
        path = authorityEnd..<pathEnd
        if let queryMark, bytes[queryMark] == UInt8(ascii: "?") {
            let queryEnd = bytes[queryMark...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            query = (queryMark + 1)..<queryEnd
        } else {
            query = pathEnd..<pathEnd
        }
    }

    /// The port's number: decimal digits only, as `Int("…")` reads them (at most 18, so no overflow).
    private static func port(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var number = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return number
    }

    /// 80 for `http`, 443 for `https` (either case), -1 for any other scheme.
    private static func defaultPort(_ scheme: UnsafeBufferPointer<UInt8>) -> Int {
        let lowered = scheme.lazy.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        if lowered.elementsEqual("https".utf8) { return 443 }
        if lowered.elementsEqual("http".utf8) { return 80 }
        return -1
    }
}
