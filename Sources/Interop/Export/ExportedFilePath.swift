import Foundation

/// A file an exported request uploads, written as an absolute path: a relative one was relative
/// to the collection (`.http`, Postman) or to the working directory (curl), but an importer reads
/// it relative to the exported file, wherever that was written — the round trip pointed at
/// another file, silently. A path holding a `{{variable}}` is left as it is.
enum ExportedFilePath {
    /// `path` (relative to `folder`, itself relative to the working directory) made absolute.
    static func absolute(_ path: String, from folder: String) -> String {
        guard !path.hasPrefix("/"), !path.contains("{{") else { return path }
        var base = folder
        if !base.hasPrefix("/") {
            base = (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(base)
        }
        return URL(fileURLWithPath: (base as NSString).appendingPathComponent(path)).standardized.path
    }
}
