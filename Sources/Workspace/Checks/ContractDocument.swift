package import JSONSchema
package import JSONTree

/// An OpenAPI 3.x document (JSON) read for contract checks: its operations found by
/// `operationId` or by method and path, local `$ref`s followed, and the schema dialect its
/// version implies (3.0: OpenAPI 3.0's Schema Object; 3.1 and later: 2020-12).
package struct ContractDocument: Sendable {
    package let document: JSONDocument
    /// `file:///…/petstore.openapi.json`, the base of its schemas' references.
    package let uri: String
    /// The file's name as messages show it.
    package let name: String
    package let dialect: SchemaDialect

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    package init(document: JSONDocument, uri: String, name: String) throws(ContractDocumentError) {
        let root = document.root
        guard document.kind(root) == .object else {
            throw ContractDocumentError("\(name) is not an OpenAPI document (not a JSON object)")
        }
        guard let version = document.child(root, key: "openapi").flatMap(document.string) else {
            let isSwagger = document.child(root, key: "swagger") != nil
            throw ContractDocumentError(
                isSwagger
                    ? "\(name) is a Swagger 2.0 document: import it (lazer import) to get an OpenAPI 3 copy"
                    : "\(name) is not an OpenAPI 3 document (no \"openapi\" version)")
        }
        self.document = document
        self.uri = uri
        self.name = name
        dialect = version.hasPrefix("3.0") ? .openAPI30 : .openAPI31
    }

    /// The operation object an operation reference names, and its name for messages.
    package func operation(_ reference: RequestContract.Operation) -> JSONNode? {
        guard let paths = document.child(document.root, key: "paths") else { return nil }
        switch reference {
        case .operationId(let id):
            for member in document.children(paths) {
                let item = resolved(member)
                for method in Self.methods {
                    if let operation = document.child(item, key: method),
                        document.child(operation, key: "operationId").flatMap(document.string) == id
                    {
                        return operation
                    }
                }
            }
            return nil
        case .route(let method, let path):
            guard let item = document.child(paths, key: path) else { return nil }
            return document.child(resolved(item), key: method.lowercased())
        }
    }

    /// `node`, or what its local `$ref` (`#/components/responses/NotFound`) names, followed a few
    /// times; a reference elsewhere leaves the node as it is.
    package func resolved(_ node: JSONNode) -> JSONNode {
        var current = node
        for _ in 0..<16 {
            guard document.kind(current) == .object,
                let reference = document.child(current, key: "$ref").flatMap(document.string),
                reference.hasPrefix("#/"), let target = follow(pointer: String(reference.dropFirst()))
            else { return current }
            current = target
        }
        return current
    }

    /// The node a JSON Pointer (`/components/schemas/Pet`, percent-encoding allowed) names.
    func follow(pointer: String) -> JSONNode? {
        var node = document.root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let name = SchemaFileURI.percentDecoded(String(token)).replacing("~1", with: "/").replacing("~0", with: "~")
            switch document.kind(node) {
            case .object:
                guard let child = document.child(node, key: name) else { return nil }
                node = child
            case .array:
                guard let index = Int(name), let child = document.child(node, at: index) else { return nil }
                node = child
            default: return nil
            }
        }
        return node
    }

    /// The response object documented for `status`: the exact code, then its range (`2XX`), then
    /// `default`; with the key it was found under.
    package func response(of operation: JSONNode, status: Int) -> (key: String, node: JSONNode)? {
        guard let responses = document.child(operation, key: "responses") else { return nil }
        let range = "\(status / 100)XX"
        var byRange: (key: String, node: JSONNode)?
        var byDefault: (key: String, node: JSONNode)?
        for member in document.children(responses) {
            guard let key = document.key(member) else { continue }
            if key == String(status) { return (key, resolved(member)) }
            if key.uppercased() == range { byRange = (key, resolved(member)) }
            if key == "default" { byDefault = (key, resolved(member)) }
        }
        return byRange ?? byDefault
    }

    /// The status keys an operation documents (`200`, `4XX`, `default`), for messages.
    package func documentedStatuses(of operation: JSONNode) -> [String] {
        guard let responses = document.child(operation, key: "responses") else { return [] }
        return document.children(responses).compactMap { document.key($0) }
    }
}

/// Why a contract's document cannot be used: missing, unreadable, not JSON, not OpenAPI 3.
package struct ContractDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
