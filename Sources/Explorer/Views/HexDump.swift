import HTTPCore

/// A binary WebSocket message's detail in the Stream view: its row's data (`4 bytes de ad be ef`,
/// the hex of its first bytes, `WebSocketExchange.hexShown`) as a hex dump in the Raw tab's lines
/// (`line`, which the Raw tab writes a binary body with), and a last line when it had more.
enum HexDump {
    /// One line of a hex dump, as the Raw tab writes a binary body: the offset, up to sixteen
    /// bytes (a gap after the eighth), their printable ASCII.
    static func line(offset: Int, _ chunk: some Collection<UInt8>) -> String {
        var text = String(offset, radix: 16)
        text = String(repeating: "0", count: max(0, 8 - text.count)) + text + "  "
        var ascii = ""
        for (index, byte) in chunk.enumerated() {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
            text += index == 7 ? "  " : " "
            ascii.append(byte >= 0x20 && byte < 0x7F ? Character(Unicode.Scalar(byte)) : ".")
        }
        return text + String(repeating: "   ", count: 16 - chunk.count) + (chunk.count <= 8 ? " " : "") + "|" + ascii
            + "|"
    }

    private static let digits = Array("0123456789abcdef")

    static func isBinaryRow(_ event: StreamEvent) -> Bool {
        event.name?.hasSuffix(" binary") == true
    }

    /// `00000000  de ad be ef 00 01 …  |....|`; the row's text as it is when it is not size and hex.
    static func lines(ofRow data: String, limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let words = data.split(separator: " ")
        guard words.count >= 2, words[1] == "bytes", let total = Int(words[0]) else { return [data] }
        var bytes: [UInt8] = []
        var cut = false
        for word in words.dropFirst(2) {
            if word == "…" {
                cut = true
                break
            }
            guard let byte = UInt8(word, radix: 16) else { return [data] }
            bytes.append(byte)
        }
        var lines: [String] = []
        var offset = 0
        while offset < bytes.count, lines.count < limit {
            lines.append(line(offset: offset, bytes[offset..<min(offset + 16, bytes.count)]))
            offset += 16
        }
        if cut || offset < bytes.count, lines.count < limit {
            lines.append("… the first \(min(offset, bytes.count)) of \(total) bytes")
        }
        return lines
    }
}
