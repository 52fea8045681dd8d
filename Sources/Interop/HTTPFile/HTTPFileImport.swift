import Foundation
import Workspace

/// `.http` / `.rest` files (JetBrains HTTP Client, VS Code REST Client) as a collection: a
/// request per block in file order, file variables as collection variables, `{{variables}}`
/// kept (dynamic ones mapped to Lazer's: `$guid`/`$random.uuid` → `$uuid`, `$timestamp`,
/// `$isoTimestamp`, `$datetime iso8601`, `$randomInt`; `$processEnv NAME` → `{{NAME}}`), JSON
/// bodies as written, multipart bodies as parts, `< file` bodies as file references. Scripts,
/// response handlers and unknown dynamic values are reported (scripts kept in the notes).
package enum HTTPFileImport {
    package static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        let document = try HTTPFileParser.parse(source.text, file: source.name)
        var converter = HTTPFileConverter(source: source, options: options)
        let id = StableID.make("http", source.name, source.text)
        var requests: [SavedRequest] = []
        for (number, request) in document.requests.enumerated() {
            requests.append(try converter.request(request, id: StableID.make(id, String(number))))
        }
        var variables: [Variable] = []
        for variable in document.variables {
            let name = converter.variableName(variable.name, line: variable.line)
            let value = converter.template(variable.value, line: variable.line)
            if let existing = variables.firstIndex(where: { $0.name == name }) {
                variables[existing].value = value
            } else {
                variables.append(Variable(name: name, value: value))
            }
        }
        if requests.isEmpty {
            throw ImportError("no request found (a request line is METHOD URL)", file: source.name, line: 1, column: 1)
        }
        let collection = RequestCollection(
            id: id, name: options.collectionName ?? Importer.defaultName(for: source), variables: variables,
            requests: requests)
        return ImportResult(collection: collection, report: converter.report)
    }
}
