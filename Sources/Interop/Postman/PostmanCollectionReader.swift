import Foundation
import HTTPCore
import Workspace

/// Walks a Postman collection (v2.0 or v2.1) into a Lazer collection: folders as folders, auth
/// on the collection, folders and requests where Postman has it (requests inherit), pre-request and test scripts as scripts,
/// and everything Lazer cannot carry listed in the report with where it was.
struct PostmanCollectionReader {
    let source: ImportSource
    let options: ImportOptions
    var report = ImportReport()
    let placeholders = PostmanPlaceholders()
    private var usedIDs: Set<String> = []
    private var collectionKey = ""
    private var requestsWithExamples: [ImportLocation] = []

    init(source: ImportSource, options: ImportOptions) {
        self.source = source
        self.options = options
    }

    mutating func read() throws(ImportError) -> ImportResult {
        let input = try JSONInput(source, what: "Postman collection")
        let root = input.root
        guard root.isObject else {
            throw ImportError(
                "expected a Postman collection: a JSON object with \"info\" and \"item\"", at: root.location)
        }
        if root["info"] == nil, root["requests"] != nil || root["order"] != nil {
            throw ImportError(
                "this is a Postman collection in the old v1 format; export it from Postman as v2.1 and import that",
                at: root.location)
        }
        guard let info = root["info"], info.isObject else {
            throw ImportError("expected a Postman collection: \"info\" is missing", at: root.location)
        }
        if let schema = info["schema"]?.string, !schema.contains("v2.0") && !schema.contains("v2.1") {
            report.add("collection schema \(schema) (read as v2.1)", at: info.location)
        }
        let name =
            options.collectionName ?? info["name"]?.text.flatMap { $0.isEmpty ? nil : $0 }
            ?? Importer.defaultName(for: source)
        // Without Postman's own id, the file's name tells two collections of one name apart.
        collectionKey = info["_postman_id"]?.text ?? source.name + "\u{0}" + name
        var description = info["description"]?.descriptionText
        let variables = readVariables(root["variable"]) + readVariables(root["variables"])
        let auth = readAuth(root["auth"])
        let (scripts, otherScripts) = scripts(root["event"], owner: "collection")
        if let otherScripts { description = [description, otherScripts].compactMap { $0 }.joined(separator: "\n\n") }
        var folders: [Folder] = []
        var requests: [SavedRequest] = []
        readItems(root["item"], folders: &folders, requests: &requests)
        if let first = requestsWithExamples.first {
            report.add(
                "saved example responses on \(requestsWithExamples.count) request"
                    + (requestsWithExamples.count == 1 ? "" : "s"), at: first)
        }
        for (dynamic, path) in placeholders.unsupportedDynamic {
            report.add(
                "Postman dynamic variable {{\(dynamic)}} (Lazer has $guid, $randomUUID, $timestamp, $isoTimestamp, $randomInt, $randomAlphaNumeric)",
                at: ImportLocation(file: source.name, path: path), kept: "left as written; define it as a variable")
        }
        let collection = RequestCollection(
            id: StableID.make("postman", collectionKey), name: name, description: description, auth: auth,
            variables: variables, folders: folders, requests: requests, scripts: scripts)
        return ImportResult(collection: collection, report: report)
    }

    // MARK: - Items

    private mutating func readItems(
        _ value: JSONValue?, folders: inout [Folder], requests: inout [SavedRequest]
    ) {
        for item in value?.items ?? [] {
            guard item.isObject else {
                report.add("item that is not an object", at: item.location)
                continue
            }
            if let children = item["item"], children.isArray {
                folders.append(readFolder(item, children: children))
            } else if let request = item["request"] {
                requests.append(readRequest(item, request: request))
            } else {
                report.add("item with neither a request nor items", at: item.location)
            }
        }
    }

    /// Folders and the collection keep their auth, requests inherit it as in Postman.
    private mutating func readFolder(_ item: JSONValue, children: JSONValue) -> Folder {
        let name = item["name"]?.text.flatMap { $0.isEmpty ? nil : $0 } ?? "Folder"
        var description = item["description"]?.descriptionText
        let (scripts, otherScripts) = scripts(item["event"], owner: "folder")
        if let otherScripts { description = [description, otherScripts].compactMap { $0 }.joined(separator: "\n\n") }
        let auth = readAuth(item["auth"])
        var folders: [Folder] = []
        var requests: [SavedRequest] = []
        readItems(children, folders: &folders, requests: &requests)
        return Folder(
            name: name, description: description, auth: auth, folders: folders, requests: requests, scripts: scripts)
    }

    private mutating func readRequest(_ item: JSONValue, request: JSONValue) -> SavedRequest {
        let rewrite = rewriter()
        var url: PostmanURL
        var methodText = "GET"
        var headers: [KeyValueRow] = []
        var body = SavedBody.empty
        var auth = SavedAuth(.inherit)
        var description: String?
        if request.string != nil {
            url = PostmanURL.read(request, rewrite: rewrite)
        } else {
            url = PostmanURL.read(request["url"], rewrite: rewrite)
            methodText = request["method"]?.text?.uppercased() ?? "GET"
            headers = readHeaders(request["header"])
            let contentType = headers.last { $0.enabled && $0.name.lowercased() == "content-type" }?.value
            body = PostmanBody.read(
                request["body"], contentTypeHeader: contentType, source: source, options: options, report: &report,
                rewrite: rewrite)
            if case .multipart = body.content {
                headers.removeAll { row in
                    let drop = row.name.lowercased() == "content-type" && !row.value.lowercased().contains("boundary=")
                    if drop {
                        report.add(
                            "Content-Type header \"\(row.value)\" on a form-data body", at: request.location,
                            kept: "left out: Lazer sends multipart/form-data with its boundary")
                    }
                    return drop
                }
            }
            auth = readAuth(request["auth"]) ?? SavedAuth(.inherit)
            description = request["description"]?.descriptionText
        }
        if let fragment = url.fragment {
            report.add("URL fragment #\(fragment) (never sent over HTTP)", at: item.location, kept: "left out")
        }
        let method = RequestMethod(rawValue: methodText) ?? .get
        if RequestMethod(rawValue: methodText) == nil {
            report.add(
                "method \(methodText) (not an HTTP token)",
                at: item.location, kept: "imported as GET")
        }
        let name = item["name"]?.text.flatMap { $0.isEmpty ? nil : $0 } ?? "\(methodText) \(url.url)"
        let (scripts, notes) = scripts(item["event"], owner: "request")
        let checks = Self.exportedChecks(item["event"])
        if let responses = item["response"], !responses.items.isEmpty {
            requestsWithExamples.append(responses.location)
        }
        return SavedRequest(
            id: requestID(item), name: name, description: description, method: method, url: url.url,
            pathParams: url.pathParams, query: url.query, headers: headers, body: body, auth: auth,
            expectations: checks?.expectations ?? [], captures: checks?.captures ?? [], notes: notes, scripts: scripts)
    }

    /// The item's own id when it has a usable one (a Lazer export writes the request id there), else
    /// one derived from the collection and the item's place, so re-importing gives the same ids.
    private mutating func requestID(_ item: JSONValue) -> String {
        for key in ["id", "_postman_id"] {
            if let id = item[key]?.string, !id.isEmpty, usedIDs.insert(id).inserted { return id }
        }
        var id = StableID.make("postman", collectionKey, item.path)
        while !usedIDs.insert(id).inserted { id = StableID.make("postman", id) }
        return id
    }

    // MARK: - Parts

    private mutating func readHeaders(_ value: JSONValue?) -> [KeyValueRow] {
        guard let value else { return [] }
        var rows: [(KeyValueRow, JSONValue)] = []
        if let text = value.string {
            // v2.0 allows the headers as one "Name: value\n…" string.
            for line in text.split(whereSeparator: \.isNewline) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = PostmanPlaceholders.trimmed(line[..<colon])
                let headerValue = PostmanPlaceholders.trimmed(line[line.index(after: colon)...])
                guard !name.isEmpty else { continue }
                rows.append(
                    (
                        KeyValueRow(
                            name: placeholders.rewrite(name, at: value.path),
                            value: placeholders.rewrite(headerValue, at: value.path)), value
                    ))
            }
        } else {
            for item in value.items {
                guard let name = item["key"]?.text, !name.isEmpty else { continue }
                rows.append(
                    (
                        KeyValueRow(
                            name: placeholders.rewrite(name, at: item.path),
                            value: placeholders.rewrite(item["value"]?.text ?? "", at: item.path),
                            enabled: item["disabled"]?.bool != true && item["enabled"]?.bool != false,
                            description: item["description"]?.descriptionText), item
                    ))
            }
        }
        return rows.compactMap { row, origin in
            if let problem = HeaderCheck.problem(name: row.name, value: row.value) {
                report.add(problem, at: origin.location, kept: "left out")
                return nil
            }
            return row
        }
    }

    private mutating func readAuth(_ value: JSONValue?) -> SavedAuth? {
        let auth = PostmanAuth.read(value, report: &report, rewrite: rewriter())
        if case .auth(let saved) = auth { return saved }
        return nil
    }

    private mutating func readVariables(_ value: JSONValue?) -> [Variable] {
        var variables: [Variable] = []
        for item in value?.items ?? [] {
            guard let key = item["key"]?.text ?? item["id"]?.text, !key.isEmpty else { continue }
            let name = PostmanPlaceholders.variableName(key)
            if name != key {
                report.add("variable name \"\(key)\"", at: item.location, kept: "renamed \(name), and its uses with it")
            }
            if item["disabled"]?.bool == true {
                report.add("disabled variable \"\(key)\"", at: item.location, kept: "left out")
                continue
            }
            let value = placeholders.rewrite(item["value"]?.text ?? "", at: item.path)
            variables.append(
                Variable(
                    name: name, value: value, secret: item["type"]?.string == "secret",
                    description: item["description"]?.descriptionText))
        }
        return variables
    }

    /// Non-empty pre-request and test scripts as the owner's scripts (issue 32; they run when the
    /// user trusts the collection), other events' scripts reported and returned as text for notes.
    /// A test script `lazer export` wrote gives its checks back (`checks`) and, unless it was edited
    /// in Postman since, is not kept: it says nothing the checks do not.
    private mutating func scripts(_ value: JSONValue?, owner: String) -> (SavedScripts?, notes: String?) {
        var saved = SavedScripts()
        var kept: [String] = []
        for event in value?.items ?? [] {
            let listen = event["listen"]?.string ?? "script"
            let lines = Self.scriptLines(event)
            let text = lines.joined(separator: "\n")
            guard text.contains(where: { !$0.isWhitespace }) else { continue }
            switch listen {
            case "prerequest":
                saved.preRequest = [saved.preRequest, text].compactMap { $0 }.joined(separator: "\n")
            case "test":
                guard PostmanTestScript.checks(in: lines)?.unchanged != true else { continue }
                saved.test = [saved.test, PostmanTestScript.withoutExportedChecks(lines)].compactMap { $0 }.joined(
                    separator: "\n")
            default:
                let place = owner == "request" ? "the request's notes" : "the \(owner)'s description"
                report.add(
                    "\(owner) \(listen) script (Lazer runs pre-request and test scripts only)", at: event.location,
                    kept: "kept in \(place)")
                kept.append("Postman \(listen) script (not run by Lazer):\n\(text)")
            }
        }
        return (saved.isEmpty ? nil : saved, kept.isEmpty ? nil : kept.joined(separator: "\n\n"))
    }

    /// The checks of a test script `lazer export` wrote, edited since or not.
    private static func exportedChecks(_ value: JSONValue?) -> RequestChecks? {
        for event in value?.items ?? [] where event["listen"]?.string == "test" {
            if let found = PostmanTestScript.checks(in: scriptLines(event)) { return found.checks }
        }
        return nil
    }

    /// An event's `script.exec`: an array of lines, or one string.
    private static func scriptLines(_ event: JSONValue) -> [String] {
        let exec = event["script"]?["exec"]
        return exec?.isArray == true ? exec?.items.compactMap(\.string) ?? [] : exec?.string.map { [$0] } ?? []
    }

    private func rewriter() -> (String, String) -> String {
        let placeholders = placeholders
        return { text, path in placeholders.rewrite(text, at: path) }
    }
}
