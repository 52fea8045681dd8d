import Workspace

/// One-line descriptions of expectations, captures and multipart parts for the Checks and Body tabs.
enum CheckText {
    static func describe(_ expectation: Expectation) -> String {
        let value = expectation.value.map { $0.stringValue.map { "\"\($0)\"" } ?? $0.compact() } ?? ""
        let subject = ExpectationCheck.label(expectation.subject)
        return "\(subject) \(expectation.op.rawValue) \(value)".trimmingTrailingSpace
    }

    static func describe(_ capture: Capture) -> String {
        let source: String =
            switch capture.source {
            case .jsonPath(let path): path
            case .header(let name): "header \(name)"
            case .status: "status"
            case .body: "body"
            }
        return "{{\(capture.variable)}} ← \(source)" + (capture.secret ? " (secret)" : "")
    }

    static func describe(_ part: SavedPart) -> String {
        let value: String =
            switch part.source {
            case .text(let text): text
            case .file(let path): "@" + path
            }
        return (part.enabled ? "" : "# ") + "\(part.name) = \(value)" + (part.contentType.map { " (\($0))" } ?? "")
    }
}

extension String {
    fileprivate var trimmingTrailingSpace: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
