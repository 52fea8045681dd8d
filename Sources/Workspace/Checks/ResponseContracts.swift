import AnnotatedLocks
import Foundation
import HTTPCore
import JSONSchema
import JSONTree
import Synchronization
import TerminalText

/// Checks responses against their contracts — the collection's OpenAPI document, for a request
/// that names its operation — and against requests' own `schema` expectations. One instance is
/// shared by every send (the explorer's and `lazer run`'s, through `WorkspaceServices`): each
/// document is read once (again when its file changes) and each schema compiled once, so a run of
/// a thousand requests compiles a response schema once. Transport-agnostic: it sees `ResponseFacts`.
package final class ResponseContracts: Sendable {
    struct Cache {
        /// By absolute path, with the file's size and modification time when read.
        var documents: [String: (stamp: String, result: Result<ContractDocument, ContractDocumentError>)] = [:]
        var schemas: [String: Result<CompiledSchema, ContractDocumentError>] = [:]
        var compilations = 0
    }

    let cache = Mutex(Cache())
    /// Findings past this many per check are not collected (the result says so).
    package let maximumFindings: Int
    /// Readers of documents that are not JSON files (YAML).
    package let sources: ContractSources

    package init(maximumFindings: Int = 50, sources: ContractSources = ContractSources()) {
        self.maximumFindings = maximumFindings
        self.sources = sources
    }

    /// How many schemas were compiled so far (a test's proof that a run does not recompile).
    package var compilations: Int { cache.withLock(ownedBy: self) { $0.compilations } }

    /// Every contract outcome for a response to `request`: the contract's, when the collection has
    /// one switched on and the request names an operation (and is not switched off), then one per
    /// `schema` expectation, in order.
    package func check(
        _ request: SavedRequest, collection: RequestCollection, collectionPath: String?, facts: ResponseFacts
    ) -> [ContractResult] {
        var results: [ContractResult] = []
        if let result = contractResult(request, collection: collection, collectionPath: collectionPath, facts: facts) {
            results.append(result)
        }
        for expectation in request.expectations {
            guard case .schema(let schema) = expectation.subject else { continue }
            results.append(schemaResult(schema, collectionPath: collectionPath, facts: facts))
        }
        return results
    }

    /// Whether `request` has anything for `check` to do (the explorer shows a checks stage then).
    package static func applies(to request: SavedRequest, in collection: RequestCollection) -> Bool {
        if collection.contract?.enabled == true, request.contract?.enabled == true, request.contract?.operation != nil {
            return true
        }
        return request.expectations.contains { if case .schema = $0.subject { true } else { false } }
    }

    // MARK: - The OpenAPI contract

    func contractResult(
        _ request: SavedRequest, collection: RequestCollection, collectionPath: String?, facts: ResponseFacts
    ) -> ContractResult? {
        guard let settings = collection.contract, settings.enabled, let reference = request.contract,
            reference.enabled, let operationReference = reference.operation
        else { return nil }
        let label = "contract " + (reference.operationName ?? "")
        func failed(_ keyword: String, _ message: String) -> ContractResult {
            ContractResult(
                source: .contract, label: label,
                findings: [ContractFinding(instancePath: nil, keyword: keyword, message: message)], checked: "")
        }
        let contract: ContractDocument
        switch document(settings.document, collectionPath: collectionPath) {
        case .success(let loaded): contract = loaded
        case .failure(let error): return failed("document", error.message)
        }
        guard let operation = contract.operation(operationReference) else {
            return failed("operation", "\(contract.name) documents no operation \(reference.operationName ?? "")")
        }
        guard let (statusKey, response) = contract.response(of: operation, status: facts.status) else {
            let documented = contract.documentedStatuses(of: operation).joined(separator: ", ")
            return failed("status", "expected a documented status (\(documented)), found \(facts.status)")
        }
        let document = contract.document
        var findings: [ContractFinding] = []
        if let headers = document.child(response, key: "headers") {
            for member in document.children(headers) {
                guard let name = document.key(member), name.lowercased() != "content-type" else { continue }
                let header = contract.resolved(member)
                let values = facts.headers.values(for: name)
                if !values.isEmpty {
                    findings += headerFindings(name, values, header, in: contract)
                } else if document.child(header, key: "required").flatMap(document.bool) == true {
                    findings.append(
                        ContractFinding(
                            instancePath: nil, keyword: "header", message: "expected the header \(name), found none"))
                }
            }
        }
        var checked = statusKey
        var truncated = false
        if let content = document.child(response, key: "content"), document.childCount(content) > 0,
            !(facts.body.isEmpty && facts.headers.mediaType == nil)
        {
            let mediaType = facts.headers.mediaType ?? "(none)"
            guard let (mediaKey, media) = Self.media(mediaType, in: content, document) else {
                let documented = document.children(content).compactMap { document.key($0) }.joined(separator: ", ")
                findings.append(
                    ContractFinding(
                        instancePath: nil, keyword: "content-type",
                        message: "expected a documented content type (\(documented)), found \(mediaType)"))
                return ContractResult(source: .contract, label: label, findings: findings, checked: checked)
            }
            checked += " " + mediaKey
            if let schema = document.child(contract.resolved(media), key: "schema"),
                Self.isJSON(mediaKey) || Self.isJSON(mediaType)
            {
                (findings, truncated) = validate(
                    facts, against: compiledResponseSchema(schema, in: contract), adding: findings)
            }
        }
        return ContractResult(
            source: .contract, label: label, findings: findings, checked: checked, truncated: truncated)
    }

    /// The media type object for `mediaType`: the exact key, then `type/*`, then `*/*`.
    static func media(_ mediaType: String, in content: JSONNode, _ document: JSONDocument) -> (String, JSONNode)? {
        var byType: (String, JSONNode)?
        var any: (String, JSONNode)?
        let type = mediaType.split(separator: "/").first.map(String.init) ?? mediaType
        for member in document.children(content) {
            guard let key = document.key(member) else { continue }
            let bare = (key.split(separator: ";").first.map(String.init) ?? key).trimmingCharacters(in: .whitespaces)
                .lowercased()
            if bare == mediaType { return (key, member) }
            if bare == type + "/*" { byType = (key, member) }
            if bare == "*/*" { any = (key, member) }
        }
        return byType ?? any
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let lower = mediaType.lowercased()
        return lower.contains("json") || lower == "*/*"
    }

    // MARK: - `schema` expectations

    func schemaResult(_ schema: StoredJSON, collectionPath: String?, facts: ResponseFacts) -> ContractResult {
        let (findings, truncated) = validate(
            facts, against: compiledExpectation(schema, collectionPath: collectionPath), adding: [])
        return ContractResult(
            source: .schema, label: "schema", findings: findings, checked: "the body", truncated: truncated)
    }

    /// A `schema` expectation's schema, compiled once; its `$ref`s resolve beside the collection file.
    func compiledExpectation(_ schema: StoredJSON, collectionPath: String?) -> Result<
        CompiledSchema, ContractDocumentError
    > {
        let file = collectionPath.map { ($0 as NSString).lastPathComponent } ?? "request.json"
        let base = ContractFiles.uri(ContractFiles.absolute(file, besides: collectionPath))
        let text = schema.compact()
        return compiledSchema(key: base + " " + text) { () throws(ContractDocumentError) in
            try Self.compile(text, uri: base, dialect: nil, known: nil)
        }
    }

    /// A response's schema in a contract document, compiled once (as the document's dialect, for
    /// a response).
    func compiledResponseSchema(_ schema: JSONNode, in contract: ContractDocument) -> Result<
        CompiledSchema, ContractDocumentError
    > {
        let pointer = contract.document.jsonPointer(schema)
        return compiledSchema(key: contract.uri + "#" + pointer) { () throws(ContractDocumentError) in
            let wrapper =
                "{\"$ref\": \(TerminalText.jsonStringLiteral(contract.uri + SchemaFileURI.fragment(pointer)))}"
            return try Self.compile(wrapper, uri: "", dialect: contract.dialect, known: contract)
        }
    }

    // MARK: - Validation

    private func validate(
        _ facts: ResponseFacts, against compiled: Result<CompiledSchema, ContractDocumentError>,
        adding findings: [ContractFinding]
    ) -> ([ContractFinding], Bool) {
        var findings = findings
        let schema: CompiledSchema
        switch compiled {
        case .success(let value): schema = value
        case .failure(let error):
            findings.append(ContractFinding(instancePath: nil, keyword: "schema", message: error.message))
            return (findings, false)
        }
        guard let body = facts.document ?? (try? JSONDocument(bytes: facts.body)) else {
            let found = facts.body.isEmpty ? "an empty body" : "a body that is not JSON"
            findings.append(
                ContractFinding(instancePath: nil, keyword: "body", message: "expected JSON, found \(found)"))
            return (findings, false)
        }
        let result = schema.validate(body)
        for finding in result.findings.prefix(maximumFindings) {
            findings.append(
                ContractFinding(instancePath: finding.instancePath, keyword: finding.keyword, message: finding.message))
        }
        return (findings, result.truncated || result.findings.count > maximumFindings)
    }

    /// A compiled schema from the cache, compiling it with `make` the first time.
    func compiledSchema(
        key: String, _ make: () throws(ContractDocumentError) -> CompiledSchema
    ) -> Result<CompiledSchema, ContractDocumentError> {
        if let cached = cache.withLock(ownedBy: self, { $0.schemas[key] }) { return cached }
        let result: Result<CompiledSchema, ContractDocumentError>
        do throws(ContractDocumentError) {
            result = .success(try make())
        } catch {
            result = .failure(error)
        }
        cache.withLock(ownedBy: self) { cache in
            cache.schemas[key] = result
            cache.compilations += 1
        }
        return result
    }

    /// Compiles a schema document's text; references to `known` come from memory, other `file:`
    /// URIs from their files.
    static func compile(
        _ text: String, uri: String, dialect: SchemaDialect?, known: ContractDocument?
    ) throws(ContractDocumentError) -> CompiledSchema {
        let document: JSONDocument
        do throws(JSONParseError) {
            document = try JSONDocument(text: text)
        } catch {
            throw ContractDocumentError("the schema is not JSON: \(error.message)")
        }
        let loader: SchemaLoader = { uri in
            if let known, uri == known.uri { return known.document }
            guard let path = SchemaFileURI.path(ofURI: uri) else { return nil }
            return try ContractFiles.readJSON(
                path, shownAs: (path as NSString).lastPathComponent, showingContent: false)
        }
        do throws(SchemaError) {
            return try CompiledSchema(
                document: document, uri: uri, options: SchemaOptions(dialect: dialect, direction: .response),
                loader: loader)
        } catch {
            throw ContractDocumentError("the schema is not usable: \(error.description)")
        }
    }
}
