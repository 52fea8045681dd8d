import Foundation
import HTTPCore
import OpenAPIKit
import Workspace

/// An OpenAPI document as a Lazer collection: a folder per tag (in the document's tag order), a
/// request per operation with its path, query, header and cookie parameters (optional ones kept
/// but switched off), a body from the request body's example or schema, auth from the security
/// schemes (credentials as secret variables), and an environment per server whose variables
/// become the environment's variables.
struct OpenAPICollectionBuilder {
    let document: OpenAPI.Document
    let source: ImportSource
    let options: ImportOptions
    var report = ImportReport()
    private var usedIDs: Set<String> = []
    var variables: [Variable] = []
    let examples: SchemaExample

    init(document: OpenAPI.Document, source: ImportSource, options: ImportOptions) {
        self.document = document
        self.source = source
        self.options = options
        examples = SchemaExample(components: document.components)
    }

    mutating func build(declaredVersion: String, pathOrder: [String]) -> ImportResult {
        let title = document.info.title.isEmpty ? Importer.defaultName(for: source) : document.info.title
        let name = options.collectionName ?? title
        var tagOrder = (document.tags ?? []).map(\.name)
        var folders: [String: [SavedRequest]] = [:]
        var untagged: [SavedRequest] = []
        var ordered = pathOrder.compactMap { key in
            document.paths[OpenAPI.Path(rawValue: key)].map { (OpenAPI.Path(rawValue: key), $0) }
        }
        let placed = Set(ordered.map(\.0.rawValue))
        for (path, item) in document.paths.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where !placed.contains(path.rawValue) {
            ordered.append((path, item))
        }
        for (path, item) in ordered {
            let pathPlace = "paths.\(path.rawValue)"
            guard let pathItem = document.components[item] else {
                report.add("path item reference that does not resolve", at: location(pathPlace), kept: "left out")
                continue
            }
            for endpoint in pathItem.endpoints {
                let methodName = endpoint.method.rawValue.uppercased()
                let place = "\(pathPlace).\(endpoint.method.rawValue.lowercased())"
                guard let method = RequestMethod(rawValue: methodName) else {
                    report.add("\(methodName) operation", at: location(place), kept: "left out")
                    continue
                }
                let request = self.request(
                    endpoint.operation, method: method, path: path.rawValue, pathItem: pathItem, place: place)
                if let tag = endpoint.operation.tags?.first {
                    if folders[tag] == nil, !tagOrder.contains(tag) { tagOrder.append(tag) }
                    folders[tag, default: []].append(request)
                } else {
                    untagged.append(request)
                }
            }
        }
        if !document.webhooks.isEmpty {
            report.add(
                "\(document.webhooks.count) webhook\(document.webhooks.count == 1 ? "" : "s") (requests the API sends, not ones to send)",
                at: location("webhooks"))
        }
        let tagDescriptions = Dictionary(
            (document.tags ?? []).map { ($0.name, $0.description) }, uniquingKeysWith: { first, _ in first })
        let folderList = tagOrder.compactMap { tag -> Folder? in
            guard let requests = folders[tag], !requests.isEmpty else { return nil }
            return Folder(name: tag, description: tagDescriptions[tag] ?? nil, requests: requests)
        }
        let environments = self.environments()
        var description = document.info.description
        if declaredVersion.hasPrefix("2.") {
            description = [description, "Imported from Swagger \(declaredVersion)."].compactMap { $0 }.joined(
                separator: "\n\n")
        }
        let collection = RequestCollection(
            // The file's name too: two documents of one title and version are two collections.
            id: StableID.make("openapi", source.name, title, document.info.version), name: name,
            description: description,
            defaultEnvironment: environments.first?.name, variables: variables, folders: folderList,
            requests: untagged, environments: environments)
        return ImportResult(collection: collection, report: report)
    }

    func location(_ path: String) -> ImportLocation { ImportLocation(file: source.name, path: path) }

    mutating func reportItem(_ what: String, _ path: String, kept: String?) {
        report.add(what, at: location(path), kept: kept)
    }

    // MARK: - Operations

    private mutating func request(
        _ operation: OpenAPI.Operation, method: RequestMethod, path: String, pathItem: OpenAPI.PathItem, place: String
    ) -> SavedRequest {
        var pathParams: [KeyValueRow] = []
        var query: [KeyValueRow] = []
        var headers: [KeyValueRow] = []
        var cookies: [String] = []
        var url = ""
        // `{name}` filling a whole segment is a Lazer `:name` path parameter; inside a segment it
        // becomes a `{{name}}` variable.
        var wholeSegmentNames: Set<String> = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2,
                !segment.dropFirst().dropLast().contains("{")
            {
                let name = String(segment.dropFirst().dropLast())
                wholeSegmentNames.insert(name)
                url += "/:" + name
            } else if !segment.isEmpty || url.isEmpty {
                url += (url.isEmpty && segment.isEmpty ? "" : "/") + rewriteBraces(String(segment))
            }
        }
        if url.isEmpty { url = "/" }
        if path.hasSuffix("/"), !url.hasSuffix("/") { url += "/" }
        for parameter in parameters(pathItem.parameters + operation.parameters, place: place) {
            let example = parameterExample(parameter)
            let description = parameter.description
            switch parameter.context {
            case .path:
                if wholeSegmentNames.contains(parameter.name) {
                    pathParams.append(KeyValueRow(name: parameter.name, value: example, description: description))
                } else {
                    addVariable(
                        PostmanPlaceholders.variableName(parameter.name), value: example, description: description)
                }
            case .query:
                query.append(
                    KeyValueRow(
                        name: parameter.name, value: example, enabled: parameter.required, description: description))
            case .header:
                let lower = parameter.name.lowercased()
                guard lower != "accept", lower != "content-type", lower != "authorization" else { continue }
                if let problem = HeaderCheck.problem(name: parameter.name, value: example) {
                    reportItem(problem, place + ".parameters", kept: "left out")
                    continue
                }
                headers.append(
                    KeyValueRow(
                        name: parameter.name, value: example, enabled: parameter.required, description: description))
            case .cookie:
                cookies.append("\(parameter.name)=\(example)")
            case .querystring:
                reportItem("querystring parameter \"\(parameter.name)\"", place + ".parameters", kept: "left out")
            }
        }
        if !cookies.isEmpty { headers.append(KeyValueRow(name: "Cookie", value: cookies.joined(separator: "; "))) }
        let body = requestBody(operation.requestBody, headers: &headers, place: place + ".requestBody")
        // `security: []` on an operation turns the document's off: no auth, whatever is inherited.
        let auth =
            operation.security?.isEmpty == true
            ? SavedAuth(.none)
            : self.auth(operation.security ?? document.security, headers: &headers, query: &query, place: place)
        if !operation.callbacks.isEmpty {
            report.add("callbacks (requests the API sends back)", at: location(place + ".callbacks"))
        }
        if let servers = operation.servers ?? pathItem.servers, !servers.isEmpty {
            report.add(
                "servers set on this operation", at: location(place + ".servers"),
                kept: "the request uses the document's environments")
        }
        var description = operation.description
        if operation.deprecated {
            description = ["Deprecated.", description].compactMap { $0 }.joined(separator: " ")
        }
        let name = operation.summary ?? operation.operationId ?? "\(method.rawValue) \(path)"
        return SavedRequest(
            id: requestID(operation.operationId, method: method, path: path), name: name, description: description,
            method: method, url: url, pathParams: pathParams, query: query, headers: headers, body: body, auth: auth,
            expectations: Self.statusExpectations(operation.responses),
            // Responses are checked against the operation (once the collection names the document).
            contract: RequestContract(
                operation: operation.operationId.map { RequestContract.Operation.operationId($0) }
                    ?? RequestContract.Operation.route(method: method.rawValue, path: path)))
    }

    /// The success the operation documents, as a check `lazer run` makes: the lowest documented
    /// 2xx status (the decoder does not keep the document's order, and an import must be
    /// byte-stable), else a `2XX` range as 200 ≤ status < 300; nothing when no success is documented.
    static func statusExpectations(_ responses: OpenAPI.Response.Map) -> [Expectation] {
        let codes = responses.keys.compactMap { key -> Int? in
            if case .status(let code) = key.value, (200..<300).contains(code) { return code }
            return nil
        }
        if let lowest = codes.min() {
            return [Expectation(subject: .status, op: .equals, value: .integer(lowest))]
        }
        guard responses.keys.contains(where: { $0.value == .range(.success) }) else { return [] }
        return [
            Expectation(subject: .status, op: .greaterThanOrEqual, value: .integer(200)),
            Expectation(subject: .status, op: .lessThan, value: .integer(300)),
        ]
    }

    /// Path-level parameters overridden by operation-level ones of the same name and place.
    private mutating func parameters(_ list: OpenAPI.Parameter.Array, place: String) -> [OpenAPI.Parameter] {
        var result: [OpenAPI.Parameter] = []
        for item in list {
            guard let parameter = document.components[item] else {
                report.add(
                    "parameter reference that does not resolve", at: location(place + ".parameters"), kept: "left out")
                continue
            }
            result.removeAll { $0.name == parameter.name && $0.location == parameter.location }
            result.append(parameter)
        }
        return result
    }

    private func parameterExample(_ parameter: OpenAPI.Parameter) -> String {
        switch parameter.schemaOrContent {
        case .a(let context):
            if let example = context.example { return SchemaExample.text(SchemaExample.stored(example)) }
            if let first = context.examples?.sorted(by: { $0.key < $1.key }).first,
                let example = document.components[first.value]?.value?.value
            {
                return SchemaExample.text(SchemaExample.stored(example))
            }
            let schema: JSONSchema? =
                switch context.schema {
                case .a(let reference): document.components[reference]
                case .b(let schema): schema
                }
            guard let schema else { return "" }
            if schema.examples.isEmpty, schema.defaultValue == nil, schema.allowedValues == nil { return "" }
            return SchemaExample.text(examples.value(for: schema))
        case .b(let content):
            guard let first = content.sorted(by: { $0.key.rawValue < $1.key.rawValue }).first,
                let media = document.components[first.value]
            else { return "" }
            if let example = media.example { return SchemaExample.text(SchemaExample.stored(example)) }
            return ""
        }
    }

    private mutating func requestID(_ operationID: String?, method: RequestMethod, path: String) -> String {
        if let operationID, !operationID.isEmpty, usedIDs.insert(operationID).inserted { return operationID }
        var id = StableID.make("openapi", method.rawValue, path)
        while !usedIDs.insert(id).inserted { id = StableID.make("openapi", id) }
        return id
    }

    /// `{name}` inside a segment as a `{{name}}` placeholder.
    private func rewriteBraces(_ segment: String) -> String {
        var output = ""
        var rest = Substring(segment)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            output += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            output += name.isEmpty ? "{}" : "{{\(PostmanPlaceholders.variableName(name))}}"
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    mutating func addVariable(_ name: String, value: String, secret: Bool = false, description: String? = nil) {
        guard !variables.contains(where: { $0.name == name }) else { return }
        variables.append(Variable(name: name, value: secret ? "" : value, secret: secret, description: description))
    }
}
