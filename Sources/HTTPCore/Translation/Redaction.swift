public import Foundation

/// Removes secrets from text shown to people: URL passwords, secret-looking query values,
/// `Authorization`/`Cookie` header values and bearer tokens.
public enum Redaction {
    /// What a removed secret is replaced with.
    public static let mask = "***"

    /// Query parameter names (lower-cased) whose values are treated as secrets.
    public static let sensitiveQueryNames: Set<String> = [
        "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "key", "secret",
        "client_secret", "password", "passwd", "pwd", "sig", "signature", "auth", "session", "sessionid",
    ]

    /// The URL as text with the password and secret query values masked.
    public static func redact(_ url: URL) -> String {
        redact(url: url.absoluteString)
    }

    /// `text` parsed as a URL, with the password and secret query values masked.
    public static func redact(url text: String) -> String {
        var result = maskUserInfo(text)
        guard let mark = result.firstIndex(of: "?") else { return result }
        let head = result[..<mark]
        let tail = result[result.index(after: mark)...]
        var fragment = ""
        var query = Substring(tail)
        if let hash = tail.firstIndex(of: "#") {
            fragment = String(tail[hash...])
            query = tail[..<hash]
        }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return String(pair) }
            let name = (parts[0].removingPercentEncoding ?? String(parts[0])).lowercased()
            return sensitiveQueryNames.contains(name) ? "\(parts[0])=\(mask)" : String(pair)
        }
        result = head + "?" + pairs.joined(separator: "&") + fragment
        return result
    }

    /// Free text (a transport message, an error description) with secrets masked: any
    /// `scheme://user:password@` password, `Authorization:`/`Cookie:`-style header values, and
    /// `Bearer`/`Basic` credentials.
    public static func scrub(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = maskUserInfo(String(line))
            current = maskHeaderValues(current)
            current = maskCredentials(after: "Bearer ", in: current)
            current = maskCredentials(after: "Basic ", in: current)
            lines.append(current)
        }
        return lines.joined(separator: "\n")
    }

    /// Masks the password in every `://user:password@` in `text`.
    static func maskUserInfo(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            output += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let authorityEnd = rest.firstIndex { "/?# \t\"'<>".contains($0) } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                output += authority[..<colon] + ":" + mask + authority[at...]
            } else {
                output += authority
            }
            rest = rest[authorityEnd...]
        }
        return output + rest
    }

    private static func maskHeaderValues(_ line: String) -> String {
        let lower = line.lowercased()
        for name in HTTPHeaders.sensitiveNames {
            guard let range = lower.range(of: name + ":") else { continue }
            let offset = lower.distance(from: lower.startIndex, to: range.upperBound)
            let cut = line.index(line.startIndex, offsetBy: offset)
            return String(line[..<cut]) + " " + mask
        }
        return line
    }

    private static func maskCredentials(after marker: String, in line: String) -> String {
        guard let range = line.range(of: marker, options: .caseInsensitive) else { return line }
        let rest = line[range.upperBound...]
        let end = rest.firstIndex { $0 == " " || $0 == "\"" || $0 == "'" || $0 == "," } ?? rest.endIndex
        guard end != rest.startIndex else { return line }
        return String(line[..<range.upperBound]) + mask + line[end...]
    }
}
