extension HTTPRequest: CustomStringConvertible {
    /// `GET https://api.example.com/v1/posts` — the target with passwords and secret query values
    /// masked, safe for logs and history.
    public var description: String {
        let target: String
        if let url = try? url() {
            target = Redaction.redact(url)
        } else {
            switch self.target {
            case .url(let url): target = Redaction.redact(url)
            case .path(let path): target = Redaction.redact(url: path)
            }
        }
        return "\(method.rawValue) \(target)"
    }

    /// The request line, the headers with secrets masked, and a one-line body summary.
    public var redactedDump: String {
        var lines = [description]
        lines += headers.redacted().map(\.description)
        if let summary = bodySummary {
            lines.append("")
            lines.append(summary)
        }
        return lines.joined(separator: "\n")
    }

    /// `JSON body, 42 bytes`, `file body: /data/upload.bin`, … or `nil` for no body.
    public var bodySummary: String? {
        switch body {
        case .none:
            return nil
        case .bytes(let data):
            return "body, \(data.count) bytes"
        case .json(let data):
            return "JSON body, \(data.count) bytes"
        case .formURLEncoded(let fields):
            return "form body: " + fields.map(\.name).joined(separator: ", ")
        case .multipart(let multipart):
            return "multipart body: " + multipart.parts.map(\.name).joined(separator: ", ")
        case .file(let path):
            return "file body: \(path)"
        }
    }
}
