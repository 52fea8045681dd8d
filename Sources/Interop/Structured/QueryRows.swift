import Workspace

/// Query strings as rows, percent-decoded (`%XX` escapes, `+` as a space); text whose escapes
/// would not decode to UTF-8 is kept as written. Lazer encodes row values again when it sends.
enum QueryRows {
    /// `a=1&b=two%20words&flag` as rows, percent-decoded (`+` is a space).
    static func parse(_ query: Substring) -> [KeyValueRow] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                return KeyValueRow(
                    name: decode(pair[..<equals]),
                    value: decode(pair[pair.index(after: equals)...]))
            }
            return KeyValueRow(name: decode(pair), value: "")
        }
    }

    /// The query of `url` (without its fragment) as rows, cut off the URL; none, the URL left as
    /// it is, when the query has a name without `=` (`?flag`): as a row it would be sent as
    /// `flag=`, which a server may read otherwise, so an importer keeps such a query as written.
    static func splitOff(_ url: inout Substring) -> [KeyValueRow] {
        guard let mark = url.firstIndex(of: "?") else { return [] }
        let query = url[url.index(after: mark)...]
        guard !query.split(separator: "&", omittingEmptySubsequences: true).contains(where: { !$0.contains("=") })
        else { return [] }
        url = url[..<mark]
        return parse(query)
    }

    static func decode(_ text: Substring) -> String {
        guard text.contains("%") || text.contains("+") else { return String(text) }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(validating: bytes, as: UTF8.self) ?? String(text)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
