public import Foundation

/// Bytes → text honouring the `Content-Type` charset.
public enum TextDecoding {
    /// The encoding for an IANA charset name, or `nil` when Lazer cannot decode it.
    public static func encoding(forCharset charset: String) -> String.Encoding? {
        switch charset.lowercased() {
        case "utf-8", "utf8": return .utf8
        case "us-ascii", "ascii": return .ascii
        case "iso-8859-1", "latin1", "iso_8859-1", "l1": return .isoLatin1
        case "iso-8859-2", "latin2": return .isoLatin2
        case "windows-1252", "cp1252": return .windowsCP1252
        case "windows-1251", "cp1251": return .windowsCP1251
        case "utf-16": return .utf16
        case "utf-16le": return .utf16LittleEndian
        case "utf-16be": return .utf16BigEndian
        case "utf-32": return .utf32
        case "utf-32le": return .utf32LittleEndian
        case "utf-32be": return .utf32BigEndian
        case "shift_jis", "shift-jis", "sjis": return .shiftJIS
        case "euc-jp": return .japaneseEUC
        default: return nil
        }
    }

    /// Decodes `data` with `encoding`, or the charset in `headers`, or UTF-8.
    /// Throws ``SerializationError/unsupportedCharset(_:)`` or ``SerializationError/invalidText(charset:)``.
    public static func decode(_ data: Data, encoding: String.Encoding?, headers: HTTPHeaders) throws(SerializationError)
        -> String
    {
        let chosen: String.Encoding
        let label: String
        if let encoding {
            chosen = encoding
            label = "\(encoding)"
        } else if let charset = headers.charset {
            guard let known = Self.encoding(forCharset: charset) else { throw .unsupportedCharset(charset) }
            chosen = known
            label = charset
        } else {
            chosen = .utf8
            label = "utf-8"
        }
        guard let text = String(data: data, encoding: chosen) else { throw .invalidText(charset: label) }
        return text
    }
}
