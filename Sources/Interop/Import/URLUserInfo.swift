/// Where a URL's userinfo is (`scheme://user:password@host…`): curl import turns it into Basic
/// auth, and every import keeps its password as a secret.
enum URLUserInfo {
    /// The userinfo's range in `url` (between `://` and the authority's last `@`), if it has one.
    static func range(in url: String) -> Range<String.Index>? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        guard let at = afterScheme[..<authorityEnd].lastIndex(of: "@") else { return nil }
        return schemeEnd.upperBound..<at
    }

    /// The range of the password in `url` (after the userinfo's first `:`), if it has one.
    static func passwordRange(in url: String) -> Range<String.Index>? {
        guard let info = range(in: url), let colon = url[info].firstIndex(of: ":") else { return nil }
        return url.index(after: colon)..<info.upperBound
    }
}
