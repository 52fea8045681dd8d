/// Checks a text message's UTF-8 (RFC 3629: no overlongs, no surrogates, nothing past U+10FFFF)
/// fragment by fragment, carrying a character cut between two fragments, so a client fails an
/// invalid message with 1007 when the bad fragment arrives (Autobahn's "fail fast" cases) rather
/// than waiting for a last fragment that may never come.
struct UTF8Stream {
    /// Continuation bytes the current character still needs.
    private var needed = 0
    /// The range of the next continuation byte (narrower right after E0, ED, F0 and F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// Whether `bytes` continue valid UTF-8 (a character may stay unfinished at their end).
    mutating func accept(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes {
            if needed > 0 {
                guard byte >= lower, byte <= upper else { return false }
                (needed, lower, upper) = (needed - 1, 0x80, 0xBF)
                continue
            }
            switch byte {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: needed = 1
            case 0xE0: (needed, lower) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: needed = 2
            case 0xED: (needed, upper) = (2, 0x9F)
            case 0xF0: (needed, lower) = (3, 0x90)
            case 0xF1...0xF3: needed = 3
            case 0xF4: (needed, upper) = (3, 0x8F)
            default: return false
            }
        }
        return true
    }
}
