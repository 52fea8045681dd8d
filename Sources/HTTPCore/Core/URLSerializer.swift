public import Foundation

/// Joins a base URL, a path and query items into the URL a request is sent to.
///
/// Rules (documented in docs/httpcore.md):
/// - exactly one `/` between the base URL's path and the request path, whatever either side has
///   (`…/v1` + `posts`, `…/v1/` + `/posts` → `…/v1/posts`): a leading slash does not reset to the root;
/// - characters that cannot appear literally in a path or query are percent-encoded as UTF-8, while
///   existing valid `%XX` escapes are kept (no double encoding); a stray `%` becomes `%25`;
/// - query items are encoded strictly: `&`, `=`, `+` and `#` inside a name or value are escaped, so a
///   value never splits into two parameters or turns into a space;
/// - queries from the base URL, the path and the items are kept in that order; fragments are dropped
///   (they are never sent);
/// - only `http` and `https` URLs with a host are accepted;
/// - spaces around a typed absolute URL or base URL are ignored, but a request path is taken exactly
///   as written (a trailing space is encoded as `%20`).
public enum URLSerializer {
    /// The URL for `request`, or a ``RequestError`` saying what is wrong.
    public static func url(for request: HTTPRequest) throws(RequestError) -> URL {
        switch request.target {
        case .url(let url):
            // Most URLs are already in the serializer's output form: then `url` itself is the answer.
            if request.queryItems.isEmpty, url.baseURL == nil, CanonicalURLText.isCanonical(url.absoluteString),
                url.host(percentEncoded: true)?.isEmpty == false
            {
                return url
            }
            return try finish(url.absoluteString, extraQuery: request.queryItems)
        case .path(let path):
            let typed = path.trimmingASCIIWhitespace()
            if isAbsolute(typed) {
                return try finish(typed, extraQuery: request.queryItems)
            }
            guard let provider = request.serverProvider else { throw .missingServerProvider }
            guard let base = provider.baseURL else { throw .missingBaseURL }
            return try url(base: base, path: path, queryItems: request.queryItems)
        }
    }

    /// The URL an absolute `http://` or `https://` text names, encoded with the rules above: what
    /// must be is percent-encoded, valid `%XX` escapes are kept as they are (as curl does), so
    /// `/e5/%41|` is sent as `/e5/%41%7C`, never `/e5/%2541%7C`. Use it instead of `URL(string:)`
    /// for any URL a person typed.
    public static func url(absolute text: String) throws(RequestError) -> URL {
        try finish(text.trimmingASCIIWhitespace(), extraQuery: [])
    }

    /// The text of `url(for:)`, without making a `URL` when a relative request joins its base
    /// into a text already in the serializer's output form: what an AWS signature reads on every
    /// signed send (parsing it into a `URL` cost about a third of a signature). The transport
    /// still makes the `URL` and reports one that is not valid.
    package static func text(for request: HTTPRequest) throws(RequestError) -> String {
        if case .path(let path) = request.target, request.queryItems.isEmpty,
            !isAbsolute(path.trimmingASCIIWhitespace()), let base = request.serverProvider?.baseURL
        {
            let text = joined(base: base, path: path)
            if CanonicalURLText.isCanonical(text) { return text }
        }
        return try url(for: request).absoluteString
    }

    /// `base` + `path` + `queryItems` with the rules above.
    public static func url(base: URL, path: String, queryItems: [URLQueryItem] = []) throws(RequestError) -> URL {
        try finish(joined(base: base, path: path), extraQuery: queryItems)
    }

    /// `base` and `path` joined (one `/` between them, both queries kept, fragments dropped),
    /// not encoded yet.
    private static func joined(base: URL, path: String) -> String {
        var baseText = base.absoluteString
        var path = path
        // ASCII on both sides (nearly every request): joined as bytes, a byte being a character;
        // by characters otherwise. This runs for every send, twice for a signed one.
        if let text = baseText.withUTF8({ baseBytes in path.withUTF8 { asciiJoined(base: baseBytes, path: $0) } }) {
            return text
        }
        let baseParts = split(withoutFragment(base.absoluteString.trimmingASCIIWhitespace()))
        let pathParts = split(withoutFragment(path))
        var text = baseParts.beforeQuery
        while text.hasSuffix("/") { text.removeLast() }
        if !pathParts.beforeQuery.isEmpty {
            text += "/"
            text += pathParts.beforeQuery.drop { $0 == "/" }
        }
        // The base's query, then the path's, joined by `&` (no list made: this runs per request).
        var separator = "?"
        for query in [baseParts.query, pathParts.query] {
            guard let query, !query.isEmpty else { continue }
            text += separator
            text += query
            separator = "&"
        }
        return text
    }

    /// `joined` for ASCII texts, or nil when either has a byte above 0x7F.
    private static func asciiJoined(base: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>) -> String? {
        guard !base.contains(where: { $0 >= 0x80 }), !path.contains(where: { $0 >= 0x80 }) else { return nil }
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var baseStart = 0
        var baseEnd = base.count
        while baseStart < baseEnd, isSpace(base[baseStart]) { baseStart += 1 }
        while baseEnd > baseStart, isSpace(base[baseEnd - 1]) { baseEnd -= 1 }
        baseEnd = base[baseStart..<baseEnd].firstIndex(of: UInt8(ascii: "#")) ?? baseEnd
        let pathEnd = path.firstIndex(of: UInt8(ascii: "#")) ?? path.count
        let baseMark = base[baseStart..<baseEnd].firstIndex(of: UInt8(ascii: "?"))
        let pathMark = path[..<pathEnd].firstIndex(of: UInt8(ascii: "?"))
        var beforeQueryEnd = baseMark ?? baseEnd
        while beforeQueryEnd > baseStart, base[beforeQueryEnd - 1] == UInt8(ascii: "/") { beforeQueryEnd -= 1 }
        var pathStart = 0
        let pathBeforeQueryEnd = pathMark ?? pathEnd
        // Written into the string's own storage (no byte array made first and copied): the
        // base, a slash, the path, and each query after `?` or `&` — at most two bytes more than
        // the two texts.
        return String(unsafeUninitializedCapacity: baseEnd - baseStart + pathEnd + 2) { output in
            var count = 0
            func write(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
                guard let target = output.baseAddress, let source = bytes.base.baseAddress, !bytes.isEmpty else {
                    return
                }
                (target + count).initialize(from: source + bytes.startIndex, count: bytes.count)
                count += bytes.count
            }
            func write(_ byte: UInt8) {
                output[count] = byte
                count += 1
            }
            write(base[baseStart..<beforeQueryEnd])
            if pathBeforeQueryEnd > 0 {
                write(UInt8(ascii: "/"))
                while pathStart < pathBeforeQueryEnd, path[pathStart] == UInt8(ascii: "/") { pathStart += 1 }
                write(path[pathStart..<pathBeforeQueryEnd])
            }
            var separator = UInt8(ascii: "?")
            func appendQuery(_ query: Slice<UnsafeBufferPointer<UInt8>>) {
                guard !query.isEmpty else { return }
                write(separator)
                write(query)
                separator = UInt8(ascii: "&")
            }
            if let baseMark { appendQuery(base[(baseMark + 1)..<baseEnd]) }
            if let pathMark { appendQuery(path[(pathMark + 1)..<pathEnd]) }
            return count
        }
    }

    /// Encodes one query item as `name=value` with the strict component rules.
    public static func encode(_ item: URLQueryItem) -> String {
        let name = PercentEncoding.encode(
            item.name, allowed: PercentEncoding.isQueryComponentCharacter, keepingEscapes: false)
        guard let value = item.value else { return name }
        return name + "="
            + PercentEncoding.encode(value, allowed: PercentEncoding.isQueryComponentCharacter, keepingEscapes: false)
    }

    private static func isAbsolute(_ text: String) -> Bool {
        // A request path starts with `/`: only an `h` or `H` can start an absolute URL (no other
        // character lower-cases to it), so most texts are answered by their first byte.
        guard let first = text.utf8.first, first | 0x20 == UInt8(ascii: "h") else { return false }
        // By bytes when the first bytes are ASCII (no lower-cased copy); otherwise by characters,
        // where a combining mark after `//` makes another character.
        guard text.utf8.prefix(9).allSatisfy({ $0 < 0x80 }) else {
            let lower = text.prefix(8).lowercased()
            return lower.hasPrefix("http://") || lower.hasPrefix("https://")
        }
        return hasPrefixIgnoringCase(text, "http://") || hasPrefixIgnoringCase(text, "https://")
    }

    /// Whether the ASCII `text` starts with the lower-case `prefix`, ignoring ASCII case.
    private static func hasPrefixIgnoringCase(_ text: String, _ prefix: StaticString) -> Bool {
        let bytes = text.utf8
        var index = bytes.startIndex
        for offset in 0..<prefix.utf8CodeUnitCount {
            guard index != bytes.endIndex else { return false }
            let byte = bytes[index]
            let expected = prefix.utf8Start[offset]
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
            guard lowered == expected else { return false }
            index = bytes.index(after: index)
        }
        return true
    }

    private static func withoutFragment(_ text: String) -> String {
        // By bytes: searching the characters costs grapheme breaking on every request.
        guard let hash = text.utf8.firstIndex(of: UInt8(ascii: "#")) else { return text }
        return String(text[..<hash])
    }

    private static func split(_ text: String) -> (beforeQuery: String, query: String?) {
        guard let mark = text.utf8.firstIndex(of: UInt8(ascii: "?")) else { return (text, nil) }
        return (String(text[..<mark]), String(text[text.index(after: mark)...]))
    }

    /// Encodes, appends the items, validates scheme and host, and makes the `URL`.
    private static func finish(_ rawText: String, extraQuery: [URLQueryItem]) throws(RequestError) -> URL {
        // A canonical authority has no `%`, so its host reads the same encoded: asking for it so
        // spares decoding it.
        if extraQuery.isEmpty, CanonicalURLText.isCanonical(rawText), let url = URL(string: rawText),
            url.host(percentEncoded: true)?.isEmpty == false
        {
            return url
        }
        let text = withoutFragment(rawText)
        guard let schemeEnd = text.range(of: "://") else {
            throw .invalidURL(text: rawText, reason: "it has no scheme (expected http:// or https://)")
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        // ws and wss: a WebSocket request's URL (issue 25), connected by a WebSocketConnecting.
        guard ["http", "https", "ws", "wss"].contains(scheme) else { throw .unsupportedScheme(scheme) }
        let afterScheme = text[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        let hostPart = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
        guard !hostPart.isEmpty, !hostPart.hasPrefix(":") else {
            throw .invalidURL(text: rawText, reason: "it has no host name")
        }
        guard !authority.contains(where: { $0 == " " || $0 == "\t" }) else {
            throw .invalidURL(text: rawText, reason: "the host name contains a space")
        }
        let rest = split(String(afterScheme[authorityEnd...]))
        var result = scheme + "://" + authority
        result += PercentEncoding.encode(
            rest.beforeQuery, allowed: PercentEncoding.isPathCharacter, keepingEscapes: true)
        var query = rest.query.map {
            PercentEncoding.encode($0, allowed: PercentEncoding.isQueryCharacter, keepingEscapes: true)
        }
        if !extraQuery.isEmpty {
            let encoded = extraQuery.map(encode).joined(separator: "&")
            query = (query?.isEmpty ?? true) ? encoded : (query ?? "") + "&" + encoded
        }
        if let query {
            result += "?" + query
        }
        guard let url = URL(string: result), let host = url.host, !host.isEmpty else {
            throw .invalidURL(text: rawText, reason: "it is not a valid URL")
        }
        return url
    }
}
