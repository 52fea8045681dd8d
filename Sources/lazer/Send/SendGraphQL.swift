import ArgumentParser
import Foundation
import GraphQLCheck
import HTTPCore
import JSONTree
import Replay
import TerminalText
import Workspace

/// `lazer send --graphql FILE`: the GraphQL operation of a query document, its `--variables` and
/// `--operation`, as a GraphQL over HTTP request (a JSON body for POST, query parameters for GET);
/// with `--schema` the document is checked first and a wrong one is never sent.
struct SendGraphQL {
    /// The query document as read.
    let query: String
    /// The document's path, for messages (`query.graphql:3:7: …`).
    let path: String
    let variables: StoredJSON?
    let operationName: String?
    /// A subscription's `connection_init` payload (`--connection-init`).
    let connectionInit: StoredJSON?

    init(command: SendCommand, path: String) throws {
        self.path = path
        query = try Self.text(of: path, option: "--graphql")
        operationName = command.operation
        variables = try command.graphqlVariables.map {
            try Self.object($0, option: "--variables", example: "{\"id\": 1}")
        }
        connectionInit = try command.connectionInit.map {
            try Self.object($0, option: "--connection-init", example: "{\"token\": \"…\"}")
        }
    }

    /// A JSON object given on the command line, or `@FILE`'s.
    private static func object(_ given: String, option: String, example: String) throws -> StoredJSON {
        let text = given.hasPrefix("@") ? try Self.text(of: String(given.dropFirst()), option: option) : given
        let parsed: StoredJSON
        do {
            parsed = try StoredJSON(parsing: text)
        } catch {
            throw ValidationError(TerminalText.line("\(option) is not valid JSON: \(error)"))
        }
        guard case .object = parsed else { throw ValidationError("\(option) must be a JSON object (\(example)).") }
        return parsed
    }

    /// Whether the operation it runs is a subscription (sent over a WebSocket).
    var isSubscription: Bool {
        GraphQLBody(query: query, operationName: operationName).isSubscription
    }

    /// The `connection_init` payload as JSON text.
    var connectionInitText: String? { connectionInit?.compact() }

    /// The GraphQL over HTTP request object as JSON text: a subscription's `subscribe` payload.
    var requestObject: String {
        GraphQLBody(query: query, variables: variables, operationName: operationName).requestObject.compact()
    }

    /// Puts the operation on `request`: query parameters for GET, else the JSON request object.
    func apply(to request: inout HTTPRequest) {
        let body = GraphQLBody(query: query, variables: variables, operationName: operationName)
        if !request.headers.contains("Accept") { request.headers["Accept"] = GraphQLBody.accept }
        if request.method == .get {
            request.queryItems.append(URLQueryItem(name: "query", value: query))
            if let operationName {
                request.queryItems.append(URLQueryItem(name: "operationName", value: operationName))
            }
            if let variables { request.queryItems.append(URLQueryItem(name: "variables", value: variables.compact())) }
        } else {
            request.setJSONBody(string: body.requestObject.compact())
        }
    }

    /// The document's problems against the schema in `schemaPath` (with `--operation`'s name
    /// checked), as `query.graphql:3:7: message` lines; a schema that does not load is a usage error.
    func problems(schemaPath: String) throws -> [String] {
        let schemaText = try Self.text(of: schemaPath, option: "--schema")
        let schema: GraphQLSchemaDocument
        do {
            schema = try GraphQLSchemaDocument(text: schemaText)
        } catch {
            throw ValidationError(TerminalText.line("--schema \(schemaPath): \(error)"))
        }
        return lines(for: schema)
    }

    /// The document's problems, then its `--variables`' against the operation's definitions.
    private func lines(for schema: GraphQLSchemaDocument) -> [String] {
        let problems =
            GraphQLDocumentCheck.problems(in: query, schema: schema, operationName: operationName)
            + GraphQLVariablesCheck.problems(
                variables: variables?.compact(), query: query, schema: schema, operationName: operationName)
        return problems.map { TerminalText.line("\(path):\($0)") }
    }

    /// The document's problems against the schema of the endpoint `request` goes to
    /// (`--schema introspect`): its introspection answer cached per user, else fetched now with
    /// the request's headers; an endpoint that gives none is a usage error saying why.
    func problems(introspecting request: HTTPRequest) throws -> [String] {
        switch GraphQLIntrospectionClient(refresh: false).schema(sending: request) {
        case .success(let (schema, _)):
            return lines(for: schema)
        case .failure(let failure):
            throw ValidationError(TerminalText.line("--schema introspect: \(failure.message)"))
        }
    }

    /// A file's text (UTF-8), or a usage error naming the option.
    private static func text(of path: String, option: String) throws -> String {
        do {
            let bytes = try FileBytes.read(path, limit: 64 << 20)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw ValidationError(TerminalText.line("\(option) \(path): not UTF-8 text."))
            }
            return text
        } catch let error as FileBytes.ReadError {
            throw ValidationError(TerminalText.line("\(option) \(path): \(error.description)."))
        }
    }
}
