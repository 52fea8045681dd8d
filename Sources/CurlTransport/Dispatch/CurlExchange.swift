import Futures
import HTTPCore

/// One request on a `CurlDispatcher`, as its transfer's observer: turns libcurl's progress and
/// result into the future's progress and `Response` (or translated `TransportError`).
///
/// One object per request where there were two closures, each capturing the same things: on the
/// 32-in-flight benchmark every allocation on the network thread is a measurable share of a request.
final class CurlExchange: CurlTransferObserver {
    private let handle: ExchangeHandle
    private let viaProxy: Bool
    /// The URL as the transfer was given it (`TransferSpec.url`).
    private let urlText: String

    init(handle: ExchangeHandle, spec: TransferSpec) {
        self.handle = handle
        viaProxy = spec.proxy != nil
        urlText = spec.url
    }

    var wantsProgress: Bool { true }

    func transferDidProgress(_ counts: TransferCounts) {
        handle.update(
            with: TransferProgress(
                bytesSent: counts.sent, totalBytesToSend: counts.expectedToSend,
                bytesReceived: counts.received, totalBytesToReceive: counts.expectedToReceive))
    }

    func transferDidComplete(_ result: Result<TransferOutcome, CurlFailure>) {
        switch result {
        case .success(let outcome):
            let prepared = handle.prepared
            handle.complete(
                with: .success(
                    Response(request: prepared.request, url: prepared.url, urlText: urlText, outcome: outcome)))
        case .failure(let failure) where failure.cause == .cancelled:
            handle.cancel()
        case .failure(let failure):
            handle.complete(with: .failure(TransportError(failure, url: handle.prepared.url, viaProxy: viaProxy)))
        }
    }
}
