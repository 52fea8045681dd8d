import Futures
import HTTPCore

/// The future's handle is the transfer's observer itself: it turns libcurl's progress and result
/// into the future's progress and `Response` (or translated `TransportError`). No object of the
/// transport's own per request — on the 32-in-flight benchmark every allocation on the network
/// thread is a measurable share of a request.
extension ExchangeHandle: CurlTransferObserver {
    var wantsProgress: Bool { true }

    var observesEvents: Bool { isObserved }

    func transferDidReport(_ kind: ExchangeEvent.Kind, stage: ExchangeStage?) {
        report(kind, stage: stage)
    }

    func transferDidProgress(_ counts: TransferCounts) {
        update(
            with: TransferProgress(
                bytesSent: counts.sent, totalBytesToSend: counts.expectedToSend,
                bytesReceived: counts.received, totalBytesToReceive: counts.expectedToReceive))
    }

    func transferDidComplete(_ result: Result<TransferOutcome, CurlFailure>) {
        let prepared = prepared
        switch result {
        case .success(let outcome):
            complete(with: .success(Response(request: prepared.request, url: prepared.url, outcome: outcome)))
        case .failure(let failure) where failure.cause == .cancelled:
            cancel()
        case .failure(let failure):
            if let partial = failure.partial, let stream = prepared.request.responseStream {
                stream.connectionBroke(with: Response(request: prepared.request, url: prepared.url, outcome: partial))
            }
            let viaProxy = prepared.request.options.proxy != nil
            complete(with: .failure(TransportError(failure, url: prepared.url, viaProxy: viaProxy)))
        }
    }
}
