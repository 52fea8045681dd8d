import Foundation
import JSONSchema
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
        if path == "~" || path.hasPrefix("~/") {
            return ((NSHomeDirectory() as NSString).appendingPathComponent(String(path.dropFirst(1))) as NSString)
                .standardizingPath
        }
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

    /// An absolute path as a `file://` URI (`SchemaFileURI`, as `lazer json --schema` makes them).
    static func uri(_ absolutePath: String) -> String {
        SchemaFileURI.uri(ofAbsolutePath: absolutePath)
    }

    /// Reads and parses the JSON file at `path`, with what went wrong in plain words.
    /// `showingContent: false` for a file a `$ref` names: its error gives the place, not what
    /// was found there (a contract from elsewhere can name any file).
    static func readJSON(
        _ path: String, shownAs name: String, showingContent: Bool = true
    ) throws(ContractDocumentError) -> JSONDocument {
        let bytes = try read(path, shownAs: name)
        do throws(JSONParseError) {
            return try JSONDocument(bytes: bytes)
        } catch {
            throw ContractDocumentError("\(name) is not JSON: \(showingContent ? error.message : error.place)")
        }
    }

    /// Reads the YAML file at `path` and parses it as JSON through `reader`.
    static func readYAML(
        _ path: String, shownAs name: String, reader: ContractSources.YAMLReader?
    ) throws(ContractDocumentError) -> JSONDocument {
        guard let reader else {
            throw ContractDocumentError(
                "\(name) is YAML, which this program reads only as JSON (lazer reads YAML contracts)")
        }
        let bytes = try read(path, shownAs: name)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ContractDocumentError("\(name) is not UTF-8 text")
        }
        let json: [UInt8]
        switch reader(text, name) {
        case .success(let converted): json = converted
        case .failure(let error): throw error
        }
        do throws(JSONParseError) {
            return try JSONDocument(bytes: json)
        } catch {
            throw ContractDocumentError("\(name): \(error.message)")
        }
    }

    /// The file's bytes (at most `limit`), or why not in plain words.
    private static func read(_ path: String, shownAs name: String) throws(ContractDocumentError) -> [UInt8] {
        let bytes: [UInt8]?
        do throws(FileSystemError) {
            bytes = try RegularFile.read(path, limit: limit)
        } catch {
            throw ContractDocumentError("cannot read \(name): \(error.description)")
        }
        guard let bytes else { throw ContractDocumentError("\(name) not found (\(path))") }
        return bytes
    }
}
