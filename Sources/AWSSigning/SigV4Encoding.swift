import Crypto
import Foundation

/// The byte-level text work of a signature: RFC 3986 percent-encoding (SigV4's `UriEncode`),
/// percent-decoding, lower-case hex. Bytes, not `String` APIs: a signature runs for every request
/// of a `lazer run` and must cost microseconds.
enum SigV4Encoding {
    private static let upperHex: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `A–Z a–z 0–9 - . _ ~`: the characters SigV4 never encodes.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Appends `bytes` percent-encoded (upper-case hex) to `output`; `/` is kept when `keepSlash`.
    static func encode(_ bytes: some Sequence<UInt8>, keepSlash: Bool, into output: inout [UInt8]) {
        for byte in bytes {
            if isUnreserved(byte) || (keepSlash && byte == UInt8(ascii: "/")) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(upperHex[Int(byte >> 4)])
                output.append(upperHex[Int(byte & 0x0F)])
            }
        }
    }

    /// Appends `bytes` decoded (`percentDecode`) and encoded again (`encode`, `/` encoded too), in
    /// one pass: what the canonical query does to each name and value.
    static func reencode(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "%"), index + 1 < bytes.count,
                let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1])
            {
                byte = high << 4 | low
                index += 2
            }
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(upperHex[Int(byte >> 4)])
                output.append(upperHex[Int(byte & 0x0F)])
            }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Lower-case hex of a digest, written in place.
    static func hex(contiguous digest: SHA256Digest) -> String {
        digest.withUnsafeBytes { raw in
            String(unsafeUninitializedCapacity: raw.count * 2) { output in
                writeHex(raw, to: output, at: 0)
                return raw.count * 2
            }
        }
    }

    /// Appends the lower-case hex of a digest to `output`.
    static func appendHex(of digest: SHA256Digest, to output: inout [UInt8]) {
        // Written on the stack and appended in one copy (a `repeatElement` append of zeros to
        // write over was a generic append per signature).
        digest.withUnsafeBytes { raw in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count * 2) { text in
                writeHex(raw, to: text, at: 0)
                output.append(contentsOf: UnsafeBufferPointer(text))
            }
        }
    }

    /// Digits by arithmetic, not from a table: no shared array to reach (each signature writes three).
    private static func writeHex(
        _ raw: UnsafeRawBufferPointer, to output: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) {
        precondition(start + 2 * raw.count <= output.count)
        guard var target = output.baseAddress.map({ $0 + start }) else { return }
        for byte in raw {
            target[0] = digit(byte >> 4)
            target[1] = digit(byte & 0x0F)
            target += 2
        }
    }

    /// The lower-case hex digit of a nibble.
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x57 + nibble
    }
}

extension [UInt8] {
    /// `text`'s UTF-8 appended in one copy: `+= text.utf8` walks the view a byte at a time, and a
    /// signature appends some twenty texts.
    mutating func append(utf8 text: String) {
        // The view's own storage, borrowed (a `var` copy for `withUTF8` retained and released
        // each text); a bridged or small string is walked instead.
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if appended == nil { append(contentsOf: text.utf8) }
    }
}
