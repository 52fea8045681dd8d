/// The pieces of an absolute URL a signature reads, taken from the text as it goes on the wire
/// (no re-parsing into a model that might re-encode): the `host` header's value, the path and
/// the query, still percent-encoded.
struct SigV4URL {
    /// `http` or `https`, lower-cased.
    var scheme: String
    /// The host, lower-cased, with `:port` when the port is not the scheme's default (what
    /// `host` must say: the transport sends the same).
    var host: String
    /// The path as sent (empty when the URL has none).
    var path: ArraySlice<UInt8>
    /// The query as sent, without `?` (empty when there is none).
    var query: ArraySlice<UInt8>

    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
            bytes.count > colon + 2, bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        let schemeBytes = bytes[..<colon]
        scheme =
            schemeBytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
            ? String(decoding: schemeBytes, as: UTF8.self).lowercased() : String(decoding: schemeBytes, as: UTF8.self)
        let authorityStart = colon + 3
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count {
            let byte = bytes[authorityEnd]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            authorityEnd += 1
        }
        var authority = bytes[authorityStart..<authorityEnd]
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        var hostBytes = authority
        var port: ArraySlice<UInt8> = []
        if authority.first == UInt8(ascii: "["), let close = authority.firstIndex(of: UInt8(ascii: "]")) {
            hostBytes = authority[...close]
            if close + 1 < authority.endIndex, authority[close + 1] == UInt8(ascii: ":") {
                port = authority[(close + 2)...]
            }
        } else if let portColon = authority.lastIndex(of: UInt8(ascii: ":")) {
            hostBytes = authority[..<portColon]
            port = authority[(portColon + 1)...]
        }
        var host = String(decoding: hostBytes, as: UTF8.self)
        if hostBytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 }) {
            host = host.lowercased()
        }
        if !port.isEmpty, let number = Int(String(decoding: port, as: UTF8.self)) {
            let standard = scheme == "https" ? 443 : scheme == "http" ? 80 : -1
            if number != standard { host += ":\(number)" }
        }
        self.host = host
        let queryMark = bytes[authorityEnd...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        let pathEnd = queryMark ?? bytes.endIndex
        path = bytes[authorityEnd..<pathEnd]
        if let queryMark, bytes[queryMark] == UInt8(ascii: "?") {
            let queryEnd = bytes[queryMark...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
            query = bytes[(queryMark + 1)..<queryEnd]
        } else {
            query = []
        }
    }
}
