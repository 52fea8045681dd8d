/// The curl options the importer knows: which take an argument (so the next word is skipped
/// right), and what becomes of each. Options that only shape curl's own output (`-s`, `-o`, `-w`,
/// `-v`) change nothing that is sent and are ignored; options that change what is sent but have no
/// place in a collection (client certificates, `--resolve`, NTLM) are reported.
struct CurlOptionSpec: Sendable {
    enum Role: Sendable, Equatable {
        /// Read by `CurlCommandParser`.
        case handled
        /// Shapes only curl's output or local files: nothing sent changes.
        case ignored
        /// Changes what is sent or how; not carried (reported with this reason).
        case notCarried(String)
    }

    let long: String
    let short: Character?
    let takesArgument: Bool
    let role: Role

    static let all: [CurlOptionSpec] = handled + ignored + notCarried

    private static let handled: [CurlOptionSpec] = [
        .init("request", "X", true), .init("header", "H", true), .init("data", "d", true),
        .init("data-ascii", nil, true), .init("data-raw", nil, true), .init("data-binary", nil, true),
        .init("data-urlencode", nil, true), .init("json", nil, true), .init("form", "F", true),
        .init("form-string", nil, true), .init("user", "u", true), .init("get", "G", false),
        .init("head", "I", false), .init("upload-file", "T", true), .init("compressed", nil, false),
        .init("insecure", "k", false), .init("location", "L", false), .init("max-time", "m", true),
        .init("connect-timeout", nil, true), .init("cookie", "b", true), .init("user-agent", "A", true),
        .init("referer", "e", true), .init("proxy", "x", true), .init("cacert", nil, true), .init("url", nil, true),
        .init("max-redirs", nil, true), .init("oauth2-bearer", nil, true), .init("url-query", nil, true),
        .init("range", "r", true), .init("digest", nil, false), .init("basic", nil, false),
        .init("ntlm", nil, false), .init("negotiate", nil, false),
        .init("http1.0", "0", false), .init("http1.1", nil, false), .init("http2", nil, false),
        .init("http2-prior-knowledge", nil, false), .init("next", ":", false), .init("cert", "E", true),
        .init("key", nil, true),
    ]

    private static let ignored: [CurlOptionSpec] =
        [
            ("silent", "s"), ("show-error", "S"), ("verbose", "v"), ("include", "i"), ("fail", "f"),
            ("progress-bar", "#"), ("no-buffer", "N"), ("remote-name", "O"), ("remote-header-name", "J"),
            ("no-progress-meter", nil), ("fail-with-body", nil), ("styled-output", nil), ("create-dirs", nil),
            ("remote-time", "R"), ("globoff", "g"), ("ipv4", "4"), ("ipv6", "6"), ("raw", nil), ("disable", "q"),
            ("parallel", "Z"), ("parallel-immediate", nil), ("retry-all-errors", nil), ("retry-connrefused", nil),
            ("remote-name-all", nil), ("tcp-nodelay", nil), ("tcp-fastopen", nil), ("fail-early", nil),
            ("xattr", nil), ("no-keepalive", nil), ("no-sessionid", nil), ("no-alpn", nil), ("no-npn", nil),
            ("suppress-connect-headers", nil), ("show-headers", nil), ("junk-session-cookies", "j"),
        ].map { CurlOptionSpec($0.0, $0.1, false, .ignored) }
        + [
            ("output", "o"), ("write-out", "w"), ("dump-header", "D"), ("trace", nil), ("trace-ascii", nil),
            ("stderr", nil), ("output-dir", nil), ("retry", nil), ("retry-delay", nil), ("retry-max-time", nil),
            ("cookie-jar", "c"), ("create-file-mode", nil), ("parallel-max", nil), ("trace-config", nil),
            ("keepalive-time", nil), ("etag-save", nil), ("libcurl", nil), ("progress-meter", nil),
            ("rate", nil), ("max-filesize", nil), ("speed-limit", "Y"), ("speed-time", "y"),
        ].map { CurlOptionSpec($0.0, $0.1, true, .ignored) }

    private static let notCarried: [CurlOptionSpec] =
        [
            ("cert-type", nil, "certificate types are not stored (collections take PEM files)"),
            ("key-type", nil, "key types are not stored (collections take PEM files)"),
            ("pass", nil, "passphrases are not stored: set options.clientKeyPassphrase to a {{variable}}"),
            ("capath", nil, "CA folders are not stored in collections (--cacert files are)"),
            ("pinnedpubkey", nil, "pinned keys are not stored in collections"),
            ("resolve", nil, "host overrides are not stored in collections"),
            ("connect-to", nil, "host overrides are not stored in collections"),
            ("config", "K", "curl config files are not read"),
            ("time-cond", "z", "conditional requests by file time are not carried"),
            ("limit-rate", nil, "rate limits are not carried"),
            ("interface", nil, "network interfaces are not carried"),
            ("unix-socket", nil, "Unix sockets are not supported"),
            ("abstract-unix-socket", nil, "Unix sockets are not supported"),
            ("aws-sigv4", nil, "AWS signatures are not computed"),
            ("proxy-user", "U", "proxy credentials are not carried"),
            ("proxy-header", nil, "proxy headers are not carried"),
            ("request-target", nil, "custom request targets are not carried"),
            ("noproxy", nil, "proxy exceptions are not carried"),
            ("continue-at", "C", "resumed transfers are not carried"),
            ("local-port", nil, "local ports are not carried"),
            ("dns-servers", nil, "DNS servers are not carried"),
            ("proto", nil, "protocol restrictions are not carried"),
            ("proto-redir", nil, "protocol restrictions are not carried"),
            ("proto-default", nil, "protocol defaults are not carried"),
            ("preproxy", nil, "pre-proxies are not carried"),
            ("ciphers", nil, "TLS settings are not carried"),
            ("tls-max", nil, "TLS settings are not carried"),
            ("expect100-timeout", nil, "Expect: 100-continue timing is not carried"),
            ("variable", nil, "curl variables are not expanded"),
            ("quote", "Q", "FTP commands are not supported"),
            ("mail-from", nil, "mail is not supported"),
            ("mail-rcpt", nil, "mail is not supported"),
        ].map { CurlOptionSpec($0.0, $0.1, true, .notCarried($0.2)) }
        + [
            ("anyauth", nil, "authentication is sent as Basic"),
            ("location-trusted", nil, "credentials are not sent to other hosts on redirects"),
            ("http3", nil, "HTTP/3 is not supported; the request uses the default version"),
            ("http3-only", nil, "HTTP/3 is not supported; the request uses the default version"),
            ("path-as-is", nil, "dot segments in the URL path are not kept as is"),
            ("netrc", "n", ".netrc credentials are not read"),
            ("netrc-optional", nil, ".netrc credentials are not read"),
            ("post301", nil, "redirects follow the browser rules"),
            ("post302", nil, "redirects follow the browser rules"),
            ("post303", nil, "redirects follow the browser rules"),
            ("tr-encoding", nil, "transfer encoding requests are not carried"),
            ("ssl-reqd", nil, "TLS settings are not carried"),
            ("tlsv1", "1", "TLS settings are not carried"), ("tlsv1.2", nil, "TLS settings are not carried"),
            ("tlsv1.3", nil, "TLS settings are not carried"), ("use-ascii", "B", "ASCII transfers are not carried"),
            ("append", "a", "FTP uploads are not supported"), ("list-only", "l", "FTP listings are not supported"),
            ("proxy-insecure", nil, "proxy TLS settings are not carried"),
        ].map { CurlOptionSpec($0.0, $0.1, false, .notCarried($0.2)) }

    init(_ long: String, _ short: Character?, _ takesArgument: Bool, _ role: Role = .handled) {
        self.long = long
        self.short = short
        self.takesArgument = takesArgument
        self.role = role
    }

    static let byLong: [String: CurlOptionSpec] = Dictionary(all.map { ($0.long, $0) }, uniquingKeysWith: { a, _ in a })
    static let byShort: [Character: CurlOptionSpec] = Dictionary(
        all.compactMap { spec in spec.short.map { ($0, spec) } }, uniquingKeysWith: { a, _ in a })
}
