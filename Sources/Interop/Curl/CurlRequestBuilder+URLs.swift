import Foundation
import HTTPCore
import Workspace

/// curl's URL rules the import repeats: its escaping, `--url-query`, `-T` onto a path ending in
/// `/`, credentials in the authority, and the request's name from its method and path.
extension CurlRequestBuilder {
    /// How curl encodes `--data-urlencode` and `--url-query` content: ASCII letters, digits and
    /// `-._~` as they are, a space as `+`, every other byte as `%XX`.
    static func curlEscape(_ bytes: [UInt8]) -> String {
        var output = ""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                output.append("+")
            default:
                output += String(format: "%%%02X", byte)
            }
        }
        return output
    }

    /// `--url-query`: `name=content` with the content encoded, `+text` as it is.
    static func urlQueryItem(_ text: String) -> String {
        if text.hasPrefix("+") { return String(text.dropFirst()) }
        guard let equals = text.firstIndex(of: "=") else { return curlEscape(Array(text.utf8)) }
        return String(text[...equals]) + curlEscape(Array(text[text.index(after: equals)...].utf8))
    }

    /// `-T file` to a URL whose path ends in `/` (or has no path) puts the file's name, percent-encoded
    /// as curl does (everything but letters, digits and `-._~`), at the end of the path, before the query.
    static func uploadURL(_ url: String, file: String) -> String {
        let question = url.firstIndex(of: "?") ?? url.endIndex
        var base = String(url[..<question])
        let query = url[question...]
        let afterScheme = base.range(of: "://").map(\.upperBound) ?? base.startIndex
        if !base[afterScheme...].contains("/") { base += "/" }
        guard base.hasSuffix("/") else { return url }
        let name = (file as NSString).lastPathComponent
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        var encoded = String.UnicodeScalarView()
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~".unicodeScalars.contains(scalar)
            if unreserved {
                encoded.append(scalar)
            } else {
                encoded += ["%", hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return base + String(encoded) + query
    }

    static func appendQuery(_ url: String, _ query: String) -> String {
        guard !query.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + query
    }

    /// `scheme://user:password@host…` → the URL without them, and the decoded credentials.
    static func userInfo(in url: String) -> (String, String, String)? {
        guard let info = URLUserInfo.range(in: url) else { return nil }
        let pair = url[info].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let user = String(pair[0]).removingPercentEncoding ?? String(pair[0])
        let password = pair.count > 1 ? (String(pair[1]).removingPercentEncoding ?? String(pair[1])) : ""
        let stripped = String(url[..<info.lowerBound]) + url[url.index(after: info.upperBound)...]
        return (stripped, user, password)
    }

    /// `POST /users` — the method and the URL's path (its host when the path is empty).
    static func name(method: RequestMethod, url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let pathStart = rest.firstIndex(of: "/")
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var path = pathStart.map { String(rest[$0..<max($0, queryStart)]) } ?? ""
        if path.isEmpty || path == "/" { path = String(rest[..<(pathStart ?? queryStart)]) }
        if path.count > 80 { path = String(path.prefix(79)) + "…" }
        return "\(method.rawValue) \(path)"
    }
}
