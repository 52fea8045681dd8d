import Foundation
import Futures
import HTTPCore
import Synchronization

/// `pm.sendRequest` in a run or an explorer send: the script's request resolved in the
/// environment and sent through its dispatcher, the script's thread waiting for the answer (so
/// scripts never run on the thread the dispatcher answers on).
package enum ScriptSender {
    /// How long `pm.sendRequest` waits for an answer when the collection sets no total timeout.
    package static let defaultTimeout = Duration.seconds(30)

    /// - Parameter onSent: told of each request once it ended (the explorer's Timeline lists them).
    package static func make(
        preparer: RequestPreparer, captures: [String: VariableScope.Value],
        onSent: (@Sendable (ScriptSentRequest) -> Void)? = nil
    ) -> @Sendable (ScriptRequest) -> Result<ScriptResponse, ScriptSendFailure> {
        { request in
            let result = send(request, preparer: preparer, captures: captures)
            if let onSent {
                var sent = result.sent
                sent.method = request.method.uppercased()
                onSent(sent)
            }
            return result.answer
        }
    }

    private static func send(
        _ request: ScriptRequest, preparer: RequestPreparer, captures: [String: VariableScope.Value]
    ) -> (answer: Result<ScriptResponse, ScriptSendFailure>, sent: ScriptSentRequest) {
        // Its own auth only, as in Postman: the collection's or folder's credentials never go to
        // a URL the script chose.
        let saved = SavedRequest(
            name: "pm.sendRequest", method: RequestMethod(rawValue: request.method) ?? .get, url: request.url,
            headers: request.headers.map { KeyValueRow(name: $0.name, value: $0.value) },
            body: request.body.map { SavedBody(.text($0, contentType: nil)) } ?? .empty, auth: SavedAuth(.none))
        let preparation = preparer.prepare(saved, captures: captures)
        var sent = ScriptSentRequest(url: preparation.redactor.redact(request.url))
        if let url = try? preparation.request?.url() { sent.url = preparation.redactor.redact(url.absoluteString) }
        // Resolved (a path on the base URL, placeholders filled), it must still be http or https.
        let scheme = (try? preparation.request?.url())?.scheme?.lowercased()
        guard let http = preparation.request, let dispatcher = preparation.dispatcher,
            preparation.problems.isEmpty, scheme == "http" || scheme == "https"
        else {
            if preparation.problems.isEmpty {
                let failure = ScriptSendFailure("pm.sendRequest sends http:// and https:// URLs only, not \(sent.url)")
                sent.failure = failure.message
                return (.failure(failure), sent)
            }
            let failure = ScriptSendFailure(preparation.problems.joined(separator: "; "))
            sent.failure = failure.message
            return (.failure(failure), sent)
        }
        let answered = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<DataResponse, any Error>?>(nil)
        let start = ContinuousClock.now
        let future = dispatcher.dataFuture(from: http).result { result in
            outcome.withLock { $0 = result }
            answered.signal()
        }.send()
        // Bounded: a server that never answers must not hold the script (and the scripts' queue).
        let limit = http.options.totalTimeout ?? defaultTimeout
        if answered.wait(timeout: .now() + ScriptResponse.milliseconds(limit) / 1000) == .timedOut {
            future.cancel()
            outcome.withLock {
                // The cancellation's own error (or none yet) says less than the timeout.
                switch $0 {
                case .success?: break
                case .failure?, nil: $0 = .failure(ScriptSendTimeout(limit: limit))
                }
            }
        }
        let elapsed = ContinuousClock.now - start
        sent.duration = elapsed
        let answer: Result<ScriptResponse, ScriptSendFailure>
        switch outcome.withLock({ $0 }) {
        case .success(let response)?:
            sent.status = response.statusCode.rawValue
            if let body = try? response.body.bytes() {
                answer = .success(
                    ScriptResponse(
                        code: response.statusCode.rawValue, reason: response.statusText,
                        headers: response.headers.map { ScriptHeader($0.name, $0.value) }, body: body,
                        milliseconds: ScriptResponse.milliseconds(elapsed)))
            } else {
                answer = .failure(ScriptSendFailure("the response body could not be read"))
            }
        case .failure(let error)?:
            answer = .failure(ScriptSendFailure(preparation.redactor.redact(String(describing: error))))
        case nil:
            answer = .failure(ScriptSendFailure("no answer"))
        }
        if case .failure(let failure) = answer { sent.failure = failure.message }
        return (answer, sent)
    }
}

/// The requests a run of scripts sent (`pm.sendRequest`), gathered on the script's thread for
/// the explorer's Timeline and the run's reports.
package final class ScriptSentRequests: Sendable {
    private let requests = Mutex<[ScriptSentRequest]>([])

    package init() {}

    @Sendable package func add(_ request: ScriptSentRequest) {
        requests.withLock { $0.append(request) }
    }

    package var all: [ScriptSentRequest] { requests.withLock { $0 } }
}

/// `pm.sendRequest`'s answer did not come in time.
struct ScriptSendTimeout: Error, CustomStringConvertible {
    var limit: Duration

    var description: String {
        let milliseconds = Int(ScriptResponse.milliseconds(limit))
        let shown = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
        return "no answer within \(shown) (the request was cancelled)"
    }
}

/// A request a script sent (`pm.sendRequest`), once it ended: where it went (secrets masked),
/// its status or why it failed, how long it took.
package struct ScriptSentRequest: Sendable, Equatable {
    package var method = "GET"
    package var url: String
    package var status: Int?
    package var failure: String?
    package var duration: Duration = .zero

    package init(url: String) {
        self.url = url
    }
}
