import Foundation

extension SavedOptions {
    /// The CA files a collection names that are not there, for `lazer validate`: "options.caFile:
    /// no such file certs/ca.pem" for the collection's, "request \"Login\": options.caFile: …" for
    /// a request's. A path with `{{variables}}` is known only at send time and is not checked.
    package static func caFileProblems(in document: CollectionDocument) -> [String] {
        let folder = URL(fileURLWithPath: document.path).deletingLastPathComponent()
        func problem(_ path: String?) -> String? {
            guard let path, !path.isEmpty, !path.contains("{{") else { return nil }
            let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) {
                return "options.caFile: no such file \(path)"
            }
            return isFolder.boolValue ? "options.caFile: \(path) is a folder, not a PEM file" : nil
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
