import Workspace

/// What one curl invocation asks for (the options before a `--next`, or the whole command),
/// still as curl wrote it: `CurlRequestBuilder` turns it into saved requests.
struct CurlInvocation: Sendable {
    /// An option's argument and the word it came from (for report locations).
    struct Value: Sendable {
        var text: String
        var word: ShellWord
    }

    /// How a piece of request data is read (curl's `-d` family).
    enum DataKind: Sendable {
        /// `-d`, `--data`, `--data-ascii`: `@file` is read with line breaks removed.
        case ascii
        /// `--data-raw`: no `@file`.
        case raw
        /// `--data-binary`: `@file` byte for byte.
        case binary
        /// `--data-urlencode`: `content`, `=content`, `name=content`, `@file`, `name@file`.
        case urlencode
        /// `--json`: like binary; pieces are joined without `&`.
        case json
    }

    var urls: [Value] = []
    var method: Value?
    var headers: [Value] = []
    var data: [(kind: DataKind, value: Value)] = []
    /// `-F` (parsed for `@`, `<` and `;type=`) and `--form-string` (literal).
    var forms: [(value: Value, literal: Bool)] = []
    var user: Value?
    var digest = false
    /// `--ntlm` / `--negotiate`: the transport answers the server's challenge (issue 26).
    var ntlm = false
    var negotiate = false
    var get = false
    var head = false
    var upload: Value?
    var options = SavedOptions()
    var cookies: [Value] = []
    var userAgent: Value?
    var referer: Value?
    var urlQueries: [Value] = []
    var bearer: Value?
    var range: Value?
}
