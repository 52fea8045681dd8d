import Dispatch
import Foundation
import Futures
package import HTTPCore
import Synchronization

/// A contract document at a URL, fetched through the application's dispatcher (libcurl in
/// `lazer`): once per process (`ResponseContracts` keeps what came back, an error too, so an
/// unreachable server costs one wait, not one per send), redirects followed, 30 seconds at most.
extension ContractSources {
    static let fetchTimeout = 30
    static let fetchLimit = 32 << 20

    package static func fetcher(_ dispatcher: any DataDispatcher) -> Fetcher {
        { address in
            guard let url = URL(string: address), url.host != nil else {
                return .failure(ContractDocumentError("\(address) is not a URL that can be fetched"))
            }
            var request = HTTPRequest(method: .get, url: url)
            request.headers["Accept"] = "application/json, application/yaml;q=0.9, */*;q=0.5"
            request.options.followRedirects = true
            request.options.totalTimeout = .seconds(fetchTimeout)
            let answer = Mutex<Result<DataResponse, any Error>?>(nil)
            let done = DispatchSemaphore(value: 0)
            let future = dispatcher.dataFuture(from: request)
            future.result { result in
                answer.withLock { $0 = result }
                done.signal()
            }
            _ = future.send()
            guard done.wait(timeout: .now() + .seconds(fetchTimeout + 5)) == .success,
                let result = answer.withLock({ $0 })
            else {
                future.cancel()
                return .failure(ContractDocumentError("\(address) did not answer within \(fetchTimeout) s"))
            }
            switch result {
            case .success(let response):
                defer { if let file = response.body.fileURL { unlink(file.path) } }
                let status = response.statusCode.rawValue
                guard (200..<300).contains(status) else {
                    return .failure(ContractDocumentError("\(address) answered \(status), not the document"))
                }
                guard response.body.byteCount <= Int64(fetchLimit), let bytes = try? response.body.bytes() else {
                    return .failure(
                        ContractDocumentError("\(address): the document is larger than \(fetchLimit >> 20) MiB"))
                }
                return .success(bytes)
            case .failure(let error):
                let words = ErrorTranslator.standard.translate(error).title
                return .failure(ContractDocumentError("cannot fetch \(address): \(words)"))
            }
        }
    }
}
