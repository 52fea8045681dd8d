/// Percent-encoding for the parts Workspace builds itself (path parameter values, display URLs).
enum PercentEncoding {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// Encodes everything but unreserved characters (a path parameter value becomes one segment).
    static func encodeSegment(_ text: String) -> String {
        encode(text, keeping: unreserved)
    }

    /// Encodes a query name or value (also `&`, `=`, `+` and `#`).
    static func encodeQuery(_ text: String) -> String {
        encode(text, keeping: unreserved)
    }

    private static func encode(_ text: String, keeping allowed: Set<UInt8>) -> String {
        if text.utf8.allSatisfy(allowed.contains) { return text }
        var output = ""
        for byte in text.utf8 {
            if allowed.contains(byte) {
                output.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
