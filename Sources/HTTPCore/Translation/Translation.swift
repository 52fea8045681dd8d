/// An error explained for a person: what happened, why it matters, what to try, and the technical
/// detail (for the "details" pane, bug reports and logs).
///
/// Translations are production-safe: they never contain stack traces, and credentials
/// (`Authorization` and `Cookie` values, URL passwords, secret-looking query parameters) are
/// replaced by `***` before any text is built.
public struct Translation: Hashable, Sendable, Codable {
    /// A short headline: "Host not found".
    public var title: String
    /// What happened, in plain words, naming the host or file involved.
    public var explanation: String
    /// What to try next.
    public var hint: String
    /// The exact error, for people who want it (status line, transport code and message, coding path).
    public var technicalDetail: String

    public init(title: String, explanation: String, hint: String, technicalDetail: String) {
        self.title = title
        self.explanation = explanation
        self.hint = hint
        self.technicalDetail = technicalDetail
    }
}
