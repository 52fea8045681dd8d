import Foundation

extension SavedOptions {
    /// The CA files a collection names that are not there, for `lazer validate`: "options.caFile:
    /// no such file certs/ca.pem" for the collection's, "request \"Login\": options.caFile: …" for
    /// a request's. A path with `{{variables}}` is known only at send time and is not checked.
    package static func caFileProblems(in document: CollectionDocument) -> [String] {
        let folder = URL(fileURLWithPath: document.path).deletingLastPathComponent()
        func problem(_ path: String?) -> String? {
            guard let path, !path.isEmpty, !path.contains("{{") else { return nil }
            return WebSocketSettings.fileProblem(path, folder: folder).map { "options.caFile: " + $0 }
        }
        var problems = problem(document.collection.options.caFile).map { [$0] } ?? []
        for location in document.collection.allRequests {
            if let found = problem(location.request.options.caFile) {
                problems.append("request \"\(location.request.name)\": \(found)")
            }
        }
        return problems
    }
}
