import HTTPCore

/// A binary WebSocket message's detail in the Stream view: its row's data (`4 bytes de ad be ef`,
/// the hex of its first bytes, `WebSocketExchange.hexShown`) as a hex dump, sixteen bytes a line
/// with their offset and printable ASCII, and a last line when the message had more.
enum HexDump {
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
            let chunk = bytes[offset..<min(offset + 16, bytes.count)]
            let hex = chunk.map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }
            let joined = hex.joined(separator: " ")
            let padded = joined + String(repeating: " ", count: max(0, 47 - joined.count))
            let ascii = String(chunk.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
            let position = String(offset, radix: 16)
            let address = String(repeating: "0", count: max(0, 8 - position.count)) + position
            lines.append(address + "  " + padded + "  |\(ascii)|")
            offset += 16
        }
        if cut || offset < bytes.count, lines.count < limit {
            lines.append("… the first \(min(offset, bytes.count)) of \(total) bytes")
        }
        return lines
    }
}
