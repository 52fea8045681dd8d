import Foundation
import Futures
import HTTPCore
import Synchronization

/// `pm.sendRequest` in a run or an explorer send: the script's request resolved in the
/// environment and sent through its dispatcher, the script's thread waiting for the answer (so
/// scripts never run on the thread the dispatcher answers on).
package enum ScriptSender {
    package static func make(preparer: RequestPreparer, captures: [String: VariableScope.Value])
        -> @Sendable (ScriptRequest) -> Result<ScriptResponse, ScriptSendFailure>
    {
        { request in
            let saved = SavedRequest(
                name: "pm.sendRequest", method: RequestMethod(rawValue: request.method) ?? .get, url: request.url,
                headers: request.headers.map { KeyValueRow(name: $0.name, value: $0.value) },
                body: request.body.map { SavedBody(.text($0, contentType: nil)) } ?? .empty)
            let preparation = preparer.prepare(saved, captures: captures)
            guard let http = preparation.request, let dispatcher = preparation.dispatcher,
                preparation.problems.isEmpty
            else {
                return .failure(ScriptSendFailure(preparation.problems.joined(separator: "; ")))
            }
            let answered = DispatchSemaphore(value: 0)
            let outcome = Mutex<Result<DataResponse, any Error>?>(nil)
            let start = ContinuousClock.now
            _ = dispatcher.dataFuture(from: http).result { result in
                outcome.withLock { $0 = result }
                answered.signal()
            }.send()
            answered.wait()
            let elapsed = ContinuousClock.now - start
            switch outcome.withLock({ $0 }) {
            case .success(let response)?:
                guard let body = try? response.body.bytes() else {
                    return .failure(ScriptSendFailure("the response body could not be read"))
                }
                return .success(
                    ScriptResponse(
                        code: response.statusCode.rawValue, reason: response.statusCode.reasonPhrase ?? "",
                        headers: response.headers.map { ScriptHeader($0.name, $0.value) }, body: body,
                        milliseconds: ScriptResponse.milliseconds(elapsed)))
            case .failure(let error)?:
                return .failure(ScriptSendFailure(preparation.redactor.redact(String(describing: error))))
            case nil:
                return .failure(ScriptSendFailure("no answer"))
            }
        }
    }
}
