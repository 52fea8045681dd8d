import Foundation
import Workspace

/// `.http` / `.rest` files (JetBrains HTTP Client, VS Code REST Client, Kulala) as a collection: a
/// request per block in file order, file variables as collection variables, `{{variables}}`
/// kept (dynamic ones in Lazer's words, arguments and all: `$guid`/`$random.uuid` → `$uuid`,
/// `$datetime` → `$date`, `$localDatetime` → `$localDate`, `$random.integer(1, 7)` → `$randomInt 1 7`;
/// `$timestamp`, `$isoTimestamp`, `$randomInt`, `$processEnv`, `$dotenv` as written), JSON
/// bodies as written, multipart bodies as parts, `< file` bodies as file references. Scripts,
/// response handlers and unknown dynamic values are reported (scripts kept in the notes).
///
/// `import` and `run` directives are followed (`HTTPFileDirectives`) when they name a readable
/// file inside the folder of the file imported; a line that cannot be read is reported and left
/// out, never failing the whole file; a `GRAPHQL` request becomes a POST of the query as JSON.
package enum HTTPFileImport {
    package static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        let document = HTTPFileParser.parse(source.text, file: source.name)
        var directives = HTTPFileDirectives(root: source, options: options)
        let id = StableID.make("http", source.name, source.text)
        let blocks = directives.expand(document, source: source)
        var report = directives.report
        var requests: [SavedRequest] = []
        var variables: [Variable] = []
        // One converter per file (its report positions and relative paths are that file's).
        var converters: [String: HTTPFileConverter] = [source.name: HTTPFileConverter(source: source, options: options)]
        var order = [source.name]
        func converter(for file: ImportSource) -> HTTPFileConverter {
            if let existing = converters[file.name] { return existing }
            order.append(file.name)
            return HTTPFileConverter(source: file, options: options)
        }
        for (number, block) in blocks.enumerated() {
            var fileConverter = converter(for: block.source)
            do throws(ImportError) {
                requests.append(try fileConverter.request(block.request, id: StableID.make(id, String(number))))
            } catch {
                fileConverter.report.add("request (\(error.message))", at: error.location, kept: "left out")
            }
            converters[block.source.name] = fileConverter
        }
        for (file, fileVariables) in directives.variables {
            var fileConverter = converter(for: file)
            for variable in fileVariables {
                let name = fileConverter.variableName(variable.name, line: variable.line)
                let value = fileConverter.template(variable.value, line: variable.line)
                if let existing = variables.firstIndex(where: { $0.name == name }) {
                    // The file's own later definition wins; another file's only fills a gap.
                    if file.name == source.name { variables[existing].value = value }
                } else {
                    variables.append(Variable(name: name, value: value))
                }
            }
            converters[file.name] = fileConverter
        }
        for name in order { report.append(contentsOf: converters[name]?.report ?? ImportReport()) }
        if requests.isEmpty {
            let reason = report.items.first.map { ": \($0.location): \($0.what)" } ?? ""
            throw ImportError(
                "no request found (a request line is METHOD URL)\(reason)", file: source.name, line: 1, column: 1)
        }
        let collection = RequestCollection(
            id: id, name: options.collectionName ?? Importer.defaultName(for: source), variables: variables,
            requests: requests)
        return ImportResult(collection: collection, report: report)
    }
}
