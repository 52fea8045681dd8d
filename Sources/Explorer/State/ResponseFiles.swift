import Foundation

/// File names for saved response bodies.
enum ResponseFiles {
    /// An extension for a media type: `json`, `html`, `xml`, `txt`, `png`…, else `bin`.
    static func fileExtension(_ contentType: String) -> String {
        let type =
            contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            ?? ""
        if type.contains("json") { return "json" }
        if type.contains("html") { return "html" }
        if type.contains("xml") { return "xml" }
        if type.contains("yaml") { return "yaml" }
        if type.hasPrefix("text/") { return type == "text/csv" ? "csv" : "txt" }
        switch type {
        case "image/png": return "png"
        case "image/jpeg": return "jpg"
        case "image/gif": return "gif"
        case "application/pdf": return "pdf"
        case "application/zip": return "zip"
        default: return "bin"
        }
    }
}
