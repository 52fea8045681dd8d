import Foundation

/// What the translator needs from an error: catalog keys (most specific first), placeholder values
/// (already redacted), the technical detail and the URL the error carries.
struct ErrorDescription {
    var keys: [String]
    var values: [String: String] = [:]
    /// Built-in texts the error brings itself (``TranslatableError``).
    var templates: [String: TranslationTemplate] = [:]
    var detail: String
    var url: URL?

    init(statusCode: StatusCode) {
        keys = Self.keys(for: statusCode)
        values = ["status": statusCode.description, "reason": statusCode.reasonPhrase ?? "Unknown status"]
        detail = "HTTP \(statusCode.description)"
    }

    init(_ error: any Error) {
        switch error {
        case let error as HTTPError:
            self.init(statusCode: error.statusCode)
        case let error as TransportError:
            self.init(transport: error)
        case let error as RequestError:
            self.init(request: error)
        case let error as ResponseError:
            self.init(response: error)
        case let error as SerializationError:
            self.init(serialization: error)
        case let error as DecodingError:
            self.init(serialization: JSONDecoding.describe(error, type: "the expected type"))
        case let error as TranslationFileError:
            self.init(
                keys: ["translationFile.invalid"],
                values: ["path": error.path, "detail": Redaction.scrub(error.problem)],
                detail: "TranslationFileError: \(error.description)")
        case let error as any TranslatableError:
            self.init(
                keys: [error.translationKey], values: error.translationValues.mapValues(Redaction.scrub),
                detail: error.technicalDetail)
            templates[error.translationKey] = error.translationTemplate
        case is CancellationError:
            self.init(keys: ["cancelled"], detail: "CancellationError")
        default:
            self.init(keys: ["unknown"], detail: "\(type(of: error)): \(error)")
        }
    }

    private init(keys: [String], values: [String: String] = [:], detail: String) {
        self.keys = keys
        self.values = values
        self.detail = detail
    }

    private static func keys(for statusCode: StatusCode) -> [String] {
        let specific = "http.\(statusCode.rawValue)"
        switch statusCode.category {
        case .informational: return [specific, "http.1xx"]
        case .success: return [specific, "http.2xx"]
        case .redirection: return [specific, "http.3xx"]
        case .clientError: return [specific, "http.4xx"]
        case .serverError: return [specific, "http.5xx"]
        case .nonStandard: return [specific, "http.other"]
        }
    }

    private init(transport error: TransportError) {
        keys = ["transport.\(error.reason.name)", "transport.other"]
        if let close = error.webSocketClose {
            keys.insert(TranslationCatalog.webSocketKey(close), at: 0)
            values["closeCode"] = close.code.map(String.init) ?? "none"
            let reason = Redaction.scrub(close.reason)
            values["closeReason"] = reason.isEmpty ? "no reason given" : String(reason.prefix(200))
        }
        url = error.url
        var message = Redaction.scrub(error.message)
        var code = error.code
        if case .other(let otherCode, let otherMessage) = error.reason {
            code = code ?? otherCode
            if message.isEmpty { message = Redaction.scrub(otherMessage) }
        }
        values["detail"] = message.isEmpty ? "no further detail" : message
        values["code"] = code.map(String.init) ?? "none"
        if error.reason == .redirectRefused {
            values["scheme"] = error.redirectScheme.flatMap { $0.isEmpty ? nil : $0 } ?? "none"
        }
        if error.reason == .badRedirect {
            // The server's text: credentials in it hidden, and cut short (printers escape controls).
            let location = Redaction.redact(url: error.redirectLocation ?? "")
            values["location"] = location.count > 200 ? location.prefix(200) + "…" : location
        }
        detail = "TransportError.\(error.reason.name)"
        if let code { detail += " (code \(code))" }
        if !message.isEmpty { detail += ": \(message)" }
        if let summary = error.failureSummary {
            detail += " — \(summary)"
            values["stage"] = summary
        } else {
            values["stage"] = "failed"
        }
    }

    /// `100,000`: thousands grouped the same in every locale.
    static func grouped(_ number: Int) -> String {
        var text = String(number.magnitude)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return number < 0 ? "-" + text : text
    }

    /// `640 KB`, `1.7 MB` (binary units, as the limits are).
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let tenths = (Double(bytes) / Double(1 << 20) * 10).rounded() / 10
            return tenths == tenths.rounded() ? "\(Int(tenths)) MB" : "\(tenths) MB"
        }
        return "\(Int((Double(bytes) / 1024).rounded())) KB"
    }

    private init(request error: RequestError) {
        detail = "RequestError.\(Redaction.scrub(String(describing: error)))"
        switch error {
        case .missingServerProvider:
            keys = ["request.missingServerProvider"]
        case .missingBaseURL:
            keys = ["request.missingBaseURL"]
        case .invalidURL(let text, let reason):
            keys = ["request.invalidURL"]
            values = ["url": Redaction.redact(url: text), "detail": reason]
            detail = "RequestError.invalidURL: \(Redaction.redact(url: text)) — \(reason)"
        case .unsupportedScheme(let scheme):
            keys = ["request.unsupportedScheme"]
            values = ["scheme": scheme]
        case .invalidMethod(let method):
            keys = ["request.invalidMethod"]
            values = ["detail": method]
        case .invalidHeaderName(let name):
            keys = ["request.invalidHeaderName"]
            values = ["header": name]
        case .invalidHeaderValue(let name):
            keys = ["request.invalidHeaderValue"]
            values = ["header": name]
        case .tooManyHeaders(let count, let bytes):
            keys = ["request.tooManyHeaders"]
            values = [
                "count": Self.grouped(count), "size": Self.size(bytes),
                "maximum": Self.grouped(HTTPHeaders.maximumCount),
                "maximumSize": Self.size(HTTPHeaders.maximumBytes),
            ]
        case .bodyEncodingFailed(let reason):
            keys = ["request.bodyEncodingFailed"]
            values = ["detail": Redaction.scrub(reason)]
        case .bodyFileNotFound(let path):
            keys = ["request.bodyFileNotFound"]
            values = ["path": path]
        case .bodyFileUnreadable(let path, let reason):
            keys = ["request.bodyFileUnreadable"]
            values = ["path": path, "detail": reason]
        case .adapterFailed(let reason):
            keys = ["request.adapterFailed"]
            values = ["detail": Redaction.scrub(reason)]
        }
    }

    private init(response error: ResponseError) {
        detail = "ResponseError.\(Redaction.scrub(String(describing: error)))"
        switch error {
        case .emptyBody:
            keys = ["response.emptyBody"]
        case .unreadableBodyFile(let path, let reason):
            keys = ["response.unreadableBodyFile"]
            values = ["path": path, "detail": reason]
        case .mockBodyFileMissing(let path):
            keys = ["response.mockBodyFileMissing"]
            values = ["path": path]
        case .unexpectedContentType(let expected, let actual):
            keys = ["response.unexpectedContentType"]
            values = ["detail": "\(actual ?? "no Content-Type") where \(expected) was expected"]
        case .adapterFailed(let reason):
            keys = ["response.adapterFailed"]
            values = ["detail": Redaction.scrub(reason)]
        }
    }

    private init(serialization error: SerializationError) {
        detail = "SerializationError.\(Redaction.scrub(String(describing: error)))"
        switch error {
        case .decodingFailed(let type, let codingPath, let reason):
            keys = ["serialization.decodingFailed"]
            values = ["type": type, "path": codingPath, "detail": reason]
        case .encodingFailed(let type, let reason):
            keys = ["serialization.encodingFailed"]
            values = ["type": type, "detail": reason]
        case .invalidJSON(let reason):
            keys = ["serialization.invalidJSON"]
            values = ["detail": reason]
        case .invalidText(let charset):
            keys = ["serialization.invalidText"]
            values = ["charset": charset]
        case .unsupportedCharset(let charset):
            keys = ["serialization.unsupportedCharset"]
            values = ["charset": charset]
        }
    }
}
