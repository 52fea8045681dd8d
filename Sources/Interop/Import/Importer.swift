import Foundation
import Workspace

/// The entry point of every import: picks the format's importer and combines several sources.
package enum Importer {
    /// Imports one source in `format` (nil: detected).
    package static func importSource(
        _ source: ImportSource, format: ImportFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportResult {
        if format == nil {
            try refuseUnknownJSON(source)
            try refuseHurl(source)
        }
        let detected = format ?? FormatDetection.detect(source)
        if detected == .http || detected == .curl { try refuseBinary(source) }
        return switch detected {
        case .curl: try CurlImport.importCollection(source, options: options)
        case .http: try HTTPFileImport.importCollection(source, options: options)
        case .postman: try PostmanImport.importCollection(source, options: options)
        case .openapi: try OpenAPIImport.importCollection(source, options: options)
        case .har: try HARImport.importCollection(source, options: options)
        }
    }

    /// Imports several sources into one collection: one source gives its collection as it is;
    /// several give a collection named `options.collectionName` (else the first one's) holding a
    /// folder per source, their variables and environments combined (see `ImportMerge`).
    package static func importSources(
        _ sources: [ImportSource], format: ImportFormat? = nil, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportResult {
        var results: [ImportResult] = []
        for source in sources {
            var single = options
            if sources.count > 1 { single.collectionName = nil }
            results.append(try importSource(source, format: format, options: single))
        }
        guard results.count > 1 else {
            return results.first
                ?? ImportResult(collection: RequestCollection(name: options.collectionName ?? "Imported"))
        }
        let name = options.collectionName ?? results[0].collection.name
        var combined = RequestCollection(
            id: StableID.make(["combined"] + results.map(\.collection.id)), name: name)
        var report = ImportReport()
        for result in results {
            combined = ImportMerge.merge(result.collection, into: combined, asFolder: true)
            report.append(contentsOf: result.report)
        }
        return ImportResult(collection: combined, report: report)
    }

    /// A `.http` file or curl commands are text: a source holding a NUL byte or bytes that are
    /// not UTF-8 is refused whole (an image or an archive given by mistake), not read as lines.
    static func refuseBinary(_ source: ImportSource) throws(ImportError) {
        if let zero = source.bytes.firstIndex(of: 0) {
            throw ImportError(
                "binary data (a NUL byte at offset \(zero)), not a .http file or curl commands: nothing imported",
                file: source.name, line: 1, column: 1)
        }
        guard String(validating: source.bytes, as: UTF8.self) == nil else { return }
        throw ImportError(
            "not UTF-8 text, so not a .http file or curl commands: nothing imported", file: source.name, line: 1,
            column: 1)
    }

    /// A Hurl file is refused by name (with `--format auto`): Hurl separates its requests by their
    /// request lines, not by `###`, so read as a `.http` file the second request and the
    /// first one's response section became the first one's body — imported, exit 0, and wrong.
    static func refuseHurl(_ source: ImportSource) throws(ImportError) {
        guard source.name.lowercased().hasSuffix(".hurl") else { return }
        throw ImportError(
            "a Hurl file: Lazer does not read Hurl's format (its requests are not separated by ###, and its "
                + "[Captures] and asserts have no .http form); nothing imported. Write the requests as curl "
                + "commands or a .http file, or pass --format http if this one is one", file: source.name, line: 1,
            column: 1)
    }

    /// With `--format auto`, a JSON document none of the formats claims is refused (it would
    /// otherwise be read as a `.http` file); a Postman environment is pointed to `--env-from`.
    static func refuseUnknownJSON(_ source: ImportSource) throws(ImportError) {
        let first = source.text.first { !$0.isWhitespace }
        guard first == "{" || first == "[", FormatDetection.detect(source) == .http else { return }
        if FormatDetection.isPostmanEnvironment(source) {
            throw ImportError(
                "this is a Postman environment, not a collection: import the collection and add it with --env-from",
                file: source.name, line: 1, column: 1)
        }
        throw ImportError(
            "a JSON document that is not a Postman collection, an OpenAPI document or a HAR file "
                + "(use --format to say which it is)", file: source.name, line: 1, column: 1)
    }

    /// Reads an environment file for `--env-from`: a Postman environment export, or a JetBrains
    /// `http-client.env.json` (an object of environments, each an object of variables).
    package static func importEnvironments(_ source: ImportSource) throws(ImportError) -> EnvironmentImport {
        if FormatDetection.isPostmanEnvironment(source) { return try PostmanImport.importEnvironments(source) }
        return try HTTPClientEnvironmentImport.importEnvironments(source)
    }

    /// The collection name for a source without a title of its own: its file name without extensions.
    package static func defaultName(for source: ImportSource) -> String {
        if source.name == "-" || source.name == "stdin" || source.name.isEmpty { return "Imported" }
        var name = (source.name as NSString).lastPathComponent
        for suffix in [".postman_collection", ".json", ".yaml", ".yml", ".har", ".http", ".rest", ".txt", ".sh"] {
            if name.lowercased().hasSuffix(suffix), name.count > suffix.count { name.removeLast(suffix.count) }
        }
        for suffix in [".postman_collection"] where name.lowercased().hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name
    }
}
