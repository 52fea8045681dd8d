public import Foundation

/// One part of a `multipart/form-data` body.
public struct MultipartPart: Hashable, Sendable {
    /// Where a part's content comes from.
    public enum Content: Hashable, Sendable {
        /// A text field (UTF-8).
        case text(String)
        /// Bytes held in memory.
        case data(Data)
        /// A file on disk, streamed when sent.
        case file(path: String)
    }

    /// The form field name.
    public var name: String
    /// The part's content.
    public var content: Content
    /// The file name announced to the server; for file parts it defaults to the file's last path component.
    public var filename: String?
    /// The part's `Content-Type`; file parts default to a guess from the extension, text parts send none.
    public var contentType: String?

    public init(name: String, content: Content, filename: String? = nil, contentType: String? = nil) {
        self.name = name
        self.content = content
        self.filename = filename
        self.contentType = contentType
    }

    /// A text field.
    public static func text(_ name: String, _ value: String) -> MultipartPart {
        MultipartPart(name: name, content: .text(value))
    }

    /// A file field, streamed from `path`.
    public static func file(_ name: String, path: String, filename: String? = nil, contentType: String? = nil)
        -> MultipartPart
    {
        let lastComponent = path.split(separator: "/").last.map(String.init) ?? path
        return MultipartPart(
            name: name, content: .file(path: path), filename: filename ?? lastComponent,
            contentType: contentType ?? MediaTypes.guess(forPath: path))
    }
}
