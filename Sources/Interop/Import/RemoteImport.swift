import Foundation
package import Futures
package import HTTPCore
import RegularFiles

/// `lazer import https://…/openapi.json` and the explorer's Import… of a URL: the document is
/// fetched through the application's dispatcher (libcurl in `lazer`; Interop never links it) and
/// handed to the importers as any file would be. A dead server, a non-2xx answer or a body over
/// ``sizeLimit`` is an `ImportError` that says so in plain words, naming the URL.
package enum RemoteImport {
    /// The largest document fetched (the size limit of an imported file is the same order).
    package static let sizeLimit = 32 << 20

    /// Whether `text` names an `http://` or `https://` URL rather than a file.
    package static func isURL(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// A cold future of the document at `text`: redirects followed, a minute at most, cancelled
    /// as soon as more than `limit` bytes are announced or received.
    package static func fetch(
        _ text: String, dispatcher: any DataDispatcher, limit: Int = sizeLimit
    ) -> ResponseFuture<ImportSource> {
        ResponseFuture(scheduler: dispatcher.scheduler) { outer in
            guard let url = URL(string: text), url.host != nil else {
                outer.fail(with: ImportError("not a URL that can be fetched", file: text))
                return
            }
            var request = HTTPRequest(method: .get, url: url)
            request.headers["Accept"] = "application/json, application/yaml, text/yaml;q=0.9, */*;q=0.5"
            request.options.followRedirects = true
            request.options.totalTimeout = .seconds(60)
            let inner = dispatcher.dataFuture(from: request)
            let tooLarge = ImportError(
                "the document is larger than \(limit >> 20) MiB, more than Lazer imports", file: text)
            inner.updated { progress in
                if progress.bytesReceived > Int64(limit) || (progress.totalBytesToReceive ?? 0) > Int64(limit) {
                    outer.fail(with: tooLarge)
                    inner.cancel()
                }
            }
            inner.result { result in
                switch result {
                case .success(let response):
                    do {
                        outer.succeed(with: try source(from: response, name: text, limit: limit, tooLarge: tooLarge))
                    } catch {
                        outer.fail(with: error)
                    }
                case .failure(let error):
                    outer.fail(with: failure(error, name: text))
                }
            }
            outer.onCancel { inner.cancel() }
            _ = inner.send()
        }
    }

    /// The body of a 2xx response as an import source; a spilled body's temporary file is removed.
    private static func source(
        from response: DataResponse, name: String, limit: Int, tooLarge: ImportError
    ) throws -> ImportSource {
        defer { if let file = response.body.fileURL { unlink(file.path) } }
        guard (200..<300).contains(response.statusCode.rawValue) else {
            let reason = response.statusText.isEmpty ? "" : " \(response.statusText)"
            throw ImportError(
                "the server answered \(response.statusCode.rawValue)\(reason), not the document", file: name)
        }
        guard response.body.byteCount <= Int64(limit) else { throw tooLarge }
        let bytes: [UInt8]
        do {
            bytes = try response.body.bytes()
        } catch {
            throw ImportError("the downloaded document could not be read back", file: name)
        }
        // Relative references (`curl -d @file`) have no folder on a server: the current one.
        return ImportSource(name: name, bytes: bytes, baseFolder: FileManager.default.currentDirectoryPath)
    }

    /// A transport failure in the translator's words: "Connection refused: nothing is listening …".
    private static func failure(_ error: any Error, name: String) -> ImportError {
        if let error = error as? ImportError { return error }
        if error is CancellationError { return ImportError("the download was cancelled", file: name) }
        let translation = ErrorTranslator.standard.translate(error)
        return ImportError("could not be fetched: \(translation.title). \(translation.explanation)", file: name)
    }
}
