import Foundation
package import HTTPCore

extension HistoryEntry {
    /// The entry for a finished exchange (as an `ExchangeMonitor` sees it), redacted and with
    /// bodies cut to `store.maximumBodyBytes`. Errors are stored as their translated title and
    /// explanation, never as raw transport messages.
    package init(
        exchange: Exchange, requestID: String?, requestName: String?, environment: String?, store: HistoryStore,
        redactor: Redactor, translator: ErrorTranslator = .standard
    ) {
        let request = exchange.request
        let url = exchange.url?.absoluteString ?? (try? request.url().absoluteString) ?? ""
        let requestBody = request.body.inMemoryData.map { store.body(Array($0), redactor: redactor) }
        let milliseconds =
            Double(exchange.duration.components.seconds) * 1000
            + Double(exchange.duration.components.attoseconds) / 1e15
        self.init(
            date: exchange.startedAt, requestID: requestID, requestName: requestName, environment: environment,
            method: request.method.rawValue, url: url,
            requestHeaders: request.headers.map { Header($0.name, $0.value) },
            requestBody: requestBody?.size == 0 ? nil : requestBody, durationMilliseconds: milliseconds.rounded())
        switch exchange.result {
        case .success(let response):
            status = response.statusCode.rawValue
            statusText = response.reasonPhrase
            httpVersion = response.httpVersion.rawValue
            responseHeaders = response.headers.map { Header($0.name, $0.value) }
            let bytes = (try? response.body.bytes(upTo: store.maximumBodyBytes + 4)) ?? []
            if !bytes.isEmpty {
                var body = store.body(bytes, redactor: redactor)
                body.size = Int(response.body.byteCount)
                body.truncated = body.truncated || Int(response.body.byteCount) > bytes.count
                responseBody = body
            }
        case .failure(let failure):
            let translation = translator.translate(failure, context: TranslationContext(request: request))
            error = translation.title + ": " + translation.explanation
        }
        self = redacted(with: redactor)
    }
}
