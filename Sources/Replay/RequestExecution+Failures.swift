import HTTPCore
import Workspace

/// A failed exchange as a report: translated, masked, with its kind and stage.
extension RequestExecution {
    func failure(_ error: any Error, request: HTTPRequest, redactor: Redactor) -> FailureReport {
        let translation = runner.translator.translate(error, context: TranslationContext(request: request))
        let (kind, stage) = Self.classify(error)
        return FailureReport(
            kind: kind, stage: stage, title: redactor.redact(translation.title),
            explanation: redactor.redact(translation.explanation), hint: redactor.redact(translation.hint),
            detail: redactor.redact(translation.technicalDetail))
    }

    /// The failure's stable kind and the stage of the exchange it happened in.
    static func classify(_ error: any Error) -> (kind: String, stage: String) {
        guard let transport = error as? TransportError else {
            if error is RequestError { return ("requestError", "request") }
            if error is ResponseError { return ("responseError", "receiving") }
            if error is OAuthError { return ("oauthError", "token") }
            return ("other", "transfer")
        }
        let stage: String =
            switch transport.reason {
            case .dnsFailure, .proxyDNSFailure: "resolving"
            case .connectionRefused, .hostUnreachable, .connectTimeout, .proxyFailure: "connecting"
            case .tlsHandshake, .certificateUntrusted, .certificateExpired, .hostnameMismatch, .clientCertificate,
                .clientCertificateRefused, .caFileUnreadable:
                "TLS"
            case .sendFailure, .uploadFileUnreadable: "sending"
            case .totalTimeout: "waiting"
            case .receiveFailure, .emptyReply, .partialBody, .protocolError, .decompressionFailure, .bodyTooLarge,
                .downloadWriteFailure, .tooManyRedirects, .redirectRefused, .badRedirect, .headerTooLarge, .refused:
                "receiving"
            case .unsupportedProtocol, .malformedURL: "request"
            case .cancelled, .outOfMemory, .other: "transfer"
            }
        let kind: String =
            switch transport.reason {
            case .other: "other"
            default: transport.reason.name
            }
        return (kind, stage)
    }
}
