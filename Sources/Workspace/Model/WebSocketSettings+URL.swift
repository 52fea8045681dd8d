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
        for location in document.collection.allRequests {
            guard let settings = location.request.websocket else { continue }
            for message in settings.messages {
                guard case .file(let path) = message.content else { continue }
                let file = messageFileURL(path, folder: folder)
                var isFolder: ObjCBool = false
                if !FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) {
                    problems.append(
                        "request \"\(location.request.name)\": message \"\(message.name)\": no such file \(path)")
                } else if isFolder.boolValue {
                    problems.append(
                        "request \"\(location.request.name)\": message \"\(message.name)\": \(path) is a folder, not a file"
                    )
                }
            }
        }
        return problems
    }

    /// A message file's place: absolute or `~/` as written, else beside the collection file.
    package static func messageFileURL(_ path: String, folder: URL) -> URL {
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
