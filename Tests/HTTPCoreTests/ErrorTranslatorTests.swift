import Foundation
import HTTPCore
import Testing

private let secretURL = "https://ada:hunter2@api.test:8443/v1/users?token=tok123&page=2"

@Suite("ErrorTranslator")
struct ErrorTranslatorTests {
    let translator = ErrorTranslator.standard

    private func context() throws -> TranslationContext {
        TranslationContext(method: .get, url: try testURL(secretURL))
    }

    private func expectComplete(_ translation: Translation, _ comment: Comment) {
        #expect(!translation.title.isEmpty, comment)
        #expect(!translation.explanation.isEmpty, comment)
        #expect(!translation.hint.isEmpty, comment)
        #expect(!translation.technicalDetail.isEmpty, comment)
        let text = [translation.title, translation.explanation, translation.hint, translation.technicalDetail]
            .joined(separator: "\n")
        #expect(!text.contains("{"), "unfilled placeholder: \(comment)")
        #expect(!text.contains("hunter2"), comment)
        #expect(!text.contains("tok123"), comment)
    }

    @Test("every registered status code has its own translation, different from the class fallback")
    func everyStatusCode() throws {
        let context = try context()
        var titles = Set<String>()
        for code in StatusCode.registered {
            let translation = translator.translate(statusCode: code, context: context)
            expectComplete(translation, "\(code)")
            #expect(translator.template(forKey: "http.\(code.rawValue)") != nil, "\(code)")
            #expect(translation.technicalDetail.hasPrefix("HTTP \(code.description)"))
            titles.insert(translation.title)
        }
        #expect(titles.count == StatusCode.registered.count, "titles are distinct")
    }

    @Test("every transport reason has its own translation naming the host")
    func everyTransportReason() throws {
        let url = try testURL(secretURL)
        var titles = Set<String>()
        for reason in TransportError.Reason.known {
            let error = TransportError(reason, message: "curl said something", code: 99, url: url)
            let translation = translator.translate(error, context: try context())
            expectComplete(translation, "\(reason)")
            #expect(translator.template(forKey: "transport.\(reason.name)") != nil, "\(reason)")
            #expect(
                translation.technicalDetail.contains("TransportError.\(reason.name) (code 99): curl said something"))
            titles.insert(translation.title)
        }
        #expect(titles.count == TransportError.Reason.known.count, "titles are distinct")
        let other = translator.translate(
            TransportError(.other(code: 77, message: "weird thing")), context: try context())
        expectComplete(other, "other")
        #expect(other.explanation == "The exchange with api.test:8443 failed: weird thing.")
        #expect(other.technicalDetail.hasPrefix("TransportError.other (code 77): weird thing"))
    }

    @Test("Reason.known lists every case except other")
    func knownIsExhaustive() {
        // The switch has no default: adding a reason without listing it fails to compile here.
        func index(_ reason: TransportError.Reason) -> Int? {
            switch reason {
            case .dnsFailure, .proxyDNSFailure, .connectionRefused, .hostUnreachable, .connectTimeout, .totalTimeout,
                .tlsHandshake, .certificateUntrusted, .certificateExpired, .hostnameMismatch, .clientCertificate,
                .clientCertificateRefused, .caFileUnreadable, .tooManyRedirects, .redirectRefused, .badRedirect,
                .sendFailure, .receiveFailure,
                .emptyReply,
                .partialBody, .protocolError, .headerTooLarge, .decompressionFailure, .proxyFailure, .cancelled,
                .bodyTooLarge,
                .uploadFileUnreadable,
                .downloadWriteFailure, .unsupportedProtocol, .malformedURL, .outOfMemory, .refused:
                return TransportError.Reason.known.firstIndex(of: reason)
            case .other:
                return nil
            }
        }
        #expect(TransportError.Reason.known.count == 32)
        #expect(Set(TransportError.Reason.known.map(\.name)).count == 32)
        #expect(TransportError.Reason.known.allSatisfy { index($0) != nil })
    }

    @Test("request, response, serialization and other errors are translated without secrets")
    func otherErrors() throws {
        let errors: [any Error] = [
            RequestError.missingServerProvider, RequestError.missingBaseURL,
            RequestError.invalidURL(text: "https://u:pw123@bad host/x", reason: "the host name contains a space"),
            RequestError.unsupportedScheme("ftp"), RequestError.invalidMethod("GE T"),
            RequestError.invalidHeaderName("Bad Name"), RequestError.invalidHeaderValue(name: "Authorization"),
            RequestError.bodyEncodingFailed("NaN"), RequestError.bodyFileNotFound(path: "/tmp/x.json"),
            RequestError.bodyFileUnreadable(path: "/tmp", reason: "it is a directory"),
            RequestError.adapterFailed("Authorization: Bearer abc.def"),
            ResponseError.emptyBody, ResponseError.unreadableBodyFile(path: "/tmp/b", reason: "gone"),
            ResponseError.unexpectedContentType(expected: "application/json", actual: "text/html"),
            ResponseError.adapterFailed("nope"),
            SerializationError.decodingFailed(type: "Post", codingPath: "items[0].id", reason: "expected Int"),
            SerializationError.encodingFailed(type: "Post", reason: "NaN"),
            SerializationError.invalidJSON(reason: "eof"),
            SerializationError.invalidText(charset: "utf-8"), SerializationError.unsupportedCharset("x-klingon"),
            HTTPError.clientError(.notFound), CancellationError(),
            TranslationFileError(path: "/t.json", problem: "bad"),
            CocoaError(.fileNoSuchFile),
        ]
        for error in errors {
            let translation = translator.translate(error, context: try context())
            expectComplete(translation, "\(error)")
            #expect(!translation.technicalDetail.contains("pw123"))
            #expect(!translation.technicalDetail.contains("abc.def"))
        }
        let decoding = translator.translate(
            SerializationError.decodingFailed(type: "Post", codingPath: "items[0].id", reason: "expected Int"),
            context: try context())
        #expect(
            decoding.explanation
                == "The JSON from api.test:8443 could not be read as Post at items[0].id: expected Int.")
    }

    @Test("explanations name the host, and start with a capital without context")
    func wording() throws {
        let dns = TransportError(.dnsFailure, url: try testURL("https://api.staging.test/x"))
        #expect(
            translator.translate(dns).explanation == "The name api.staging.test could not be resolved to an address.")
        let refused = translator.translate(TransportError(.connectionRefused))
        #expect(refused.explanation == "The server refused the connection: nothing is listening on that port.")
        let notFound = translator.translate(HTTPError.clientError(.notFound), context: try context())
        #expect(notFound.title == "Not found")
        #expect(
            notFound.explanation
                == "api.test:8443 has nothing at https://ada:***@api.test:8443/v1/users?token=***&page=2.")
        #expect(
            notFound.technicalDetail
                == "HTTP 404 Not Found — GET https://ada:***@api.test:8443/v1/users?token=***&page=2")
    }

    @Test("unregistered codes fall back to their class")
    func fallbacks() {
        #expect(translator.translate(statusCode: StatusCode(499)).title == "Request rejected (499)")
        #expect(translator.translate(statusCode: StatusCode(599)).title == "Server error (599)")
        #expect(translator.translate(statusCode: StatusCode(299)).title == "Success (299)")
        #expect(translator.translate(statusCode: StatusCode(42)).title == "Unusual status (42)")
    }

    @Test("a response translates its own status with its URL as context")
    func responseTranslation() throws {
        let url = try testURL("https://shop.test/cart")
        let response = Response(
            request: HTTPRequest(method: .post, url: url), statusCode: .tooManyRequests, url: url, body: 0)
        let translation = translator.translate(response)
        #expect(translation.explanation == "shop.test is rate-limiting you.")
        #expect(translation.technicalDetail == "HTTP 429 Too Many Requests — POST https://shop.test/cart")
    }
}
