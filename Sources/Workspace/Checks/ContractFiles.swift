import Foundation
import JSONTree
import RegularFiles

/// The files contracts read: a contract's document (a path relative to its collection file, or
/// absolute) and the schema files `$ref`s name, as `file:` URIs so references resolve beside them.
/// Only regular files within a limit; never the network.
enum ContractFiles {
    /// OpenAPI documents and schema files larger than this are refused (a mistake, not a contract).
    static let limit = 64 << 20

    /// `path` made absolute: relative to the folder of `collectionPath` (itself relative to the
    /// working directory), or to the working directory when there is no collection file.
    static func absolute(_ path: String, besides collectionPath: String?) -> String {
        if path.hasPrefix("/") { return path }
        var folder = FileManager.default.currentDirectoryPath
        if let collectionPath {
            let parent = (collectionPath as NSString).deletingLastPathComponent
            if parent.hasPrefix("/") {
                folder = parent
            } else if !parent.isEmpty {
                folder += "/" + parent
            }
        }
        return ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    /// An absolute path as a `file://` URI, percent-encoding all but unreserved characters and `/`.
    static func uri(_ absolutePath: String) -> String {
        var encoded = "file://"
        for byte in absolutePath.utf8 {
            let isPlain =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/-._~".utf8.contains(byte)
            if isPlain {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// A JSON Pointer as a URI fragment (`#/paths/~1pets~1%7Bid%7D/get`).
    static func fragment(_ pointer: String) -> String {
        var encoded = "#"
        for byte in pointer.utf8 {
            let isPlain =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/-._~".utf8.contains(byte)
            if isPlain {
                encoded.append(Character(Unicode.Scalar(byte)))
            } else {
                encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The path a `file://` URI names; nil for any other scheme.
    static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        return percentDecoded(String(uri.dropFirst("file://".count)))
    }

    /// Reads and parses the JSON file at `path`, with what went wrong in plain words.
    static func readJSON(_ path: String, shownAs name: String) throws(ContractDocumentError) -> JSONDocument {
        let bytes: [UInt8]?
        do throws(FileSystemError) {
            bytes = try RegularFile.read(path, limit: limit)
        } catch {
            throw ContractDocumentError("cannot read \(name): \(error.description)")
        }
        guard let bytes else { throw ContractDocumentError("\(name) not found (\(path))") }
        do throws(JSONParseError) {
            return try JSONDocument(bytes: bytes)
        } catch {
            throw ContractDocumentError("\(name) is not JSON: \(error.message)")
        }
    }
}
