/// The meaning of a piece of the screen. Views ask the theme for a role, never for a colour, so
/// every theme (and `NO_COLOR`) restyles the whole app consistently.
package enum ThemeRole: String, CaseIterable, Hashable, Sendable {
    case background
    case text
    case muted
    case accent
    case border
    case focusedBorder
    case title
    case selection
    case statusBar
    case keyHint
    case match
    case cursorLine
    case methodGet = "method.GET"
    case methodPost = "method.POST"
    case methodPut = "method.PUT"
    case methodPatch = "method.PATCH"
    case methodDelete = "method.DELETE"
    case methodHead = "method.HEAD"
    case methodOptions = "method.OPTIONS"
    /// Any other method (TRACE, CONNECT, a custom token such as PURGE): neutral, so it never
    /// borrows the colour of a standard method.
    case methodCustom = "method.custom"
    case status1xx = "status.1xx"
    case status2xx = "status.2xx"
    case status3xx = "status.3xx"
    case status4xx = "status.4xx"
    case status5xx = "status.5xx"
    case jsonKey = "json.key"
    case jsonString = "json.string"
    case jsonNumber = "json.number"
    case jsonBoolean = "json.boolean"
    case jsonNull = "json.null"
    case jsonPunctuation = "json.punctuation"
    case error
    case warning
    case success
    case info

    /// The role used for an HTTP method name. Methods are case-sensitive, so `get` (a custom
    /// token, sent as written) is not coloured as `GET`.
    package static func method(_ name: String) -> ThemeRole {
        guard name != "custom", let role = ThemeRole(rawValue: "method." + name) else { return .methodCustom }
        return role
    }

    /// The role used for a status code's class.
    package static func status(_ code: Int) -> ThemeRole {
        switch code {
        case 100..<200: .status1xx
        case 200..<300: .status2xx
        case 300..<400: .status3xx
        case 400..<500: .status4xx
        default: .status5xx
        }
    }
}
