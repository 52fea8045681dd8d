import Foundation
import JSONSchema
import JSONTree

/// The official JSON-Schema-Test-Suite as `scripts/fetch-jsonschema-suite.sh` lays it out under
/// `.build/jsonschema-suite`: test files per draft, the remotes the tests reference (served by
/// URI through the loader, never over a network), and the meta-schemas.
struct SchemaSuite {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// One test: a schema, an instance and the expected verdict.
    struct Case {
        let file: String
        let group: String
        let description: String
        let schema: JSONDocument
        let data: JSONDocument
        let valid: Bool

        /// `file / group / test`: how the skip list names it.
        var name: String { "\(file) / \(group) / \(description)" }
    }

    let root: String

    /// Fetches the suite when it is missing (pinned, hash-checked; `make unit` does it first).
    static func load() throws -> SchemaSuite {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [repositoryRoot + "/scripts/fetch-jsonschema-suite.sh"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SuiteError(message: "fetching the suite failed (status \(process.terminationStatus))")
        }
        let path = String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        return SchemaSuite(root: path)
    }

    struct SuiteError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Every case of the `.json` files in `tests/<draft>/<folder>` (sorted, not recursive).
    func cases(draft: String, folder: String = "") throws -> [Case] {
        let directory = root + "/tests/\(draft)" + (folder.isEmpty ? "" : "/\(folder)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
            .sorted()
        var result: [Case] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory + "/" + file)))
            let document = try JSONDocument(bytes: bytes)
            let name = folder.isEmpty ? file : "\(folder)/\(file)"
            for group in document.children(document.root) {
                guard let schemaNode = document.child(group, key: "schema"),
                    let tests = document.child(group, key: "tests")
                else { continue }
                let schema = try JSONDocument(bytes: Array(document.bytes[document.byteRange(schemaNode)]))
                let groupName = document.child(group, key: "description").flatMap(document.string) ?? ""
                for test in document.children(tests) {
                    guard let dataNode = document.child(test, key: "data"),
                        let valid = document.child(test, key: "valid")
                    else { continue }
                    result.append(
                        Case(
                            file: name, group: groupName,
                            description: document.child(test, key: "description").flatMap(document.string) ?? "",
                            schema: schema,
                            data: try JSONDocument(bytes: Array(document.bytes[document.byteRange(dataNode)])),
                            valid: document.bool(valid) ?? false))
                }
            }
        }
        return result
    }

    /// Serves the suite's remotes (`http://localhost:1234/…`) and the meta-schemas by URI.
    var loader: SchemaLoader {
        let root = root
        return { uri in
            let path: String?
            if uri.hasPrefix("http://localhost:1234/") {
                path = root + "/remotes/" + uri.dropFirst("http://localhost:1234/".count)
            } else if uri == "https://json-schema.org/draft/2020-12/schema" {
                path = root + "/metaschemas/draft202012/metaschema.json"
            } else if uri.hasPrefix("https://json-schema.org/draft/2020-12/meta/") {
                path =
                    root + "/metaschemas/draft202012/vocabularies/"
                    + uri.dropFirst("https://json-schema.org/draft/2020-12/meta/".count)
            } else if uri == "http://json-schema.org/draft-07/schema" {
                path = root + "/metaschemas/draft7/metaschema.json"
            } else {
                path = nil
            }
            guard let path, FileManager.default.fileExists(atPath: path) else { return nil }
            return try JSONDocument(bytes: [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        }
    }

    /// The validator's verdict on one case; a schema that does not compile is an error string.
    func verdict(_ test: Case, dialect: SchemaDialect, formats: Bool = false) -> Result<Bool, SchemaError> {
        do {
            let schema = try CompiledSchema(
                document: test.schema, options: SchemaOptions(dialect: dialect, assertFormats: formats), loader: loader)
            return .success(schema.validate(test.data).isValid)
        } catch {
            return .failure(error)
        }
    }
}
