import JSONSchema
import JSONTree
import TerminalText

#if canImport(Glibc)
import Glibc
#endif

/// `lazer json FILE --schema SCHEMA`: validates a document with the JSONSchema module and prints
/// every finding, one per line ("`$.items[3].price`: expected a number, found the string
/// \"12.50\""), or a JSON report with `--json`. References to other files resolve relative to
/// the schema file (`file:` URIs, read as regular files); nothing is fetched over a network.
enum JSONSchemaCheck {
    /// The dialects `--draft` names.
    enum Draft: String, CaseIterable {
        case draft2020 = "2020-12"
        case draft7 = "7"
        case openAPI30 = "openapi-3.0"
        case openAPI31 = "openapi-3.1"

        var dialect: SchemaDialect {
            switch self {
            case .draft2020: .draft202012
            case .draft7: .draft7
            case .openAPI30: .openAPI30
            case .openAPI31: .openAPI31
            }
        }
    }

    /// Compiles the schema file; a message for stderr when it cannot be.
    static func compile(path: String, options: SchemaOptions) -> Result<CompiledSchema, Failure> {
        let name = TerminalText.line(path)
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path)
        } catch {
            return .failure(Failure(message: "\(name): \(TerminalText.line(error.description))"))
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            return .failure(Failure(message: "\(name): \(error.description)"))
        }
        do {
            let schema = try CompiledSchema(document: document, uri: fileURI(path), options: options, loader: loadFile)
            return .success(schema)
        } catch {
            return .failure(
                Failure(message: "\(name): the schema is not usable: \(TerminalText.line(error.description))"))
        }
    }

    struct Failure: Error {
        let message: String
    }

    /// An absolute `file://` URI for a path, so relative `$ref`s resolve beside the file.
    static func fileURI(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
            let found = buffer.withUnsafeMutableBufferPointer { pointer in
                pointer.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
            }
            let directory = found ? String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self) : "."
            absolute = directory + "/" + path
        }
        return SchemaFileURI.uri(ofAbsolutePath: absolute)
    }

    /// The loader for `$ref`s to other files: `file:` URIs only. A referenced file that is not
    /// JSON is said to be so with its place only: a schema from elsewhere can name any file, and
    /// its content must not reach the output.
    static let loadFile: SchemaLoader = { uri in
        guard let path = SchemaFileURI.path(ofURI: uri) else { return nil }
        let bytes = try FileBytes.read(path)
        do throws(JSONParseError) {
            return try JSONDocument(bytes: bytes)
        } catch {
            throw ReferencedFileError(message: "it is not JSON (\(error.place))")
        }
    }

    /// Why a referenced file was not loaded, said without its content.
    struct ReferencedFileError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The findings as lines, or as one JSON object (`valid`, `truncated`, `findings` with
    /// `instancePath`, `schemaPath`, `keyword`, `message`).
    static func render(_ result: SchemaValidationResult, json: Bool, file: String, limit: Int) -> String {
        if json {
            var text = "{\"valid\":\(result.isValid),\"truncated\":\(result.truncated),\"findings\":["
            let quoted = TerminalText.jsonStringLiteral
            for (offset, finding) in result.findings.enumerated() {
                if offset > 0 { text += "," }
                text +=
                    "{\"instancePath\":\(quoted(finding.instancePath)),\"schemaPath\":\(quoted(finding.schemaPath)),"
                text += "\"keyword\":\(quoted(finding.keyword)),\"message\":\(quoted(finding.message))}"
            }
            return text + "]}\n"
        }
        var text = ""
        for finding in result.findings { text += TerminalText.line(finding.description) + "\n" }
        if result.truncated { text += "(stopped after \(limit) findings; --max-findings N shows more)\n" }
        return text
    }
}
