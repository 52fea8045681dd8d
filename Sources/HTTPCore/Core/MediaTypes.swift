/// A small extension → media type table for file bodies and file parts; unknown files are octet streams.
enum MediaTypes {
    static let byExtension: [String: String] = [
        "json": "application/json", "txt": "text/plain", "csv": "text/csv", "html": "text/html",
        "htm": "text/html", "xml": "application/xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "svg": "image/svg+xml",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "js": "text/javascript", "css": "text/css", "yaml": "application/yaml", "yml": "application/yaml",
    ]

    /// The media type for a file name, by extension.
    static func guess(forPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        let ext = name[name.index(after: dot)...].lowercased()
        return byExtension[ext] ?? "application/octet-stream"
    }
}
