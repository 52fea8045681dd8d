package import Foundation
import HTTPCore

/// The URL rules of a WebSocket request: what a collection may write, and where a resolved
/// request connects (a path joined to an `http` base URL connects over `ws`).
extension WebSocketSettings {
    /// Reports a `url` that cannot be a WebSocket endpoint (`https://…`, `ftp://…`) and a method
    /// other than GET. A path or a `{{placeholder}}` start is checked once resolved.
    static func checkURL(
        _ url: String, method: RequestMethod?, fields: ObjectFields, reader: DocumentReader, path: DocumentPath
    ) {
        if let method, method != .get {
            reader.report(
                .error, "a WebSocket request is opened with GET; found \"\(method.rawValue)\"",
                at: fields.node("method")?.offset ?? fields.offset, path: path.appending("method"))
        }
        guard let range = url.range(of: "://"), !url.hasPrefix("{{") else { return }
        let scheme = url[..<range.lowerBound].lowercased()
        guard scheme != "ws", scheme != "wss" else { return }
        reader.report(
            .error,
            "a WebSocket request's URL starts with ws:// or wss:// (or is a path on the base URL); found \"\(scheme)://\"",
            at: fields.node("url")?.offset ?? fields.offset, path: path.appending("url"))
    }

    /// Where a resolved WebSocket request connects: `ws`/`wss` as written, `http` → `ws` and
    /// `https` → `wss` for a path joined to the base URL.
    package static func connectURL(_ resolved: URL) -> Result<URL, WebSocketURLError> {
        guard var parts = URLComponents(url: resolved, resolvingAgainstBaseURL: false),
            let scheme = parts.scheme?.lowercased(), parts.host?.isEmpty == false
        else { return .failure(WebSocketURLError(url: resolved.absoluteString)) }
        switch scheme {
        case "ws", "wss": break
        case "http": parts.scheme = "ws"
        case "https": parts.scheme = "wss"
        default: return .failure(WebSocketURLError(url: resolved.absoluteString))
        }
        guard let url = parts.url else { return .failure(WebSocketURLError(url: resolved.absoluteString)) }
        return .success(url)
    }

    /// The files saved messages name that cannot be read (relative to the collection file's
    /// folder), for `lazer validate`: "request \"Chat\": message \"blob\": no such file frames/blob.bin".
    package static func problems(in document: CollectionDocument) -> [String] {
        let folder = URL(fileURLWithPath: document.path).deletingLastPathComponent()
        var problems: [String] = []
        document.collection.forEachRequest { _, request in
            // The rare fields' flag first: a request without is not copied for the visit.
            guard request.hasRareFields, let settings = request.websocket else { return }
            for message in settings.messages {
                guard case .file(let path) = message.content else { continue }
                if let problem = fileProblem(path, folder: folder) {
                    problems.append("request \"\(request.name)\": message \"\(message.name)\": \(problem)")
                }
            }
        }
        return problems
    }

    /// What is wrong with a file a collection names (`path` as `collectionFileURL` places it), for
    /// `lazer validate`: "no such file frames/blob.bin", "frames is a folder, not a file"; nil when
    /// it is a file.
    package static func fileProblem(_ path: String, folder: URL) -> String? {
        var isFolder: ObjCBool = false
        guard
            FileManager.default.fileExists(atPath: collectionFileURL(path, folder: folder).path, isDirectory: &isFolder)
        else { return "no such file \(path)" }
        return isFolder.boolValue ? "\(path) is a folder, not a file" : nil
    }

    /// A file a collection names (a message file, a CA file): absolute or `~/` as written, else
    /// beside the collection file.
    package static func collectionFileURL(_ path: String, folder: URL) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
        if path.hasPrefix("~/") {
            return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(String(path.dropFirst(2)))
        }
        return folder.appendingPathComponent(path)
    }
}

/// A resolved WebSocket URL that is not `ws://`, `wss://` or an `http(s)` base URL's path.
package struct WebSocketURLError: Error, Sendable, Equatable, CustomStringConvertible {
    package var url: String
    package var description: String {
        "a WebSocket request connects to a ws:// or wss:// URL (or a path on an http:// base URL); \(url) is neither"
    }
}
