/// A GraphQL request's body as saved: the query document, its variables and the operation to run.
///
/// `{"type": "graphql", "query": "query User($id: ID!) { user(id: $id) { name } }",
///   "variables": {"id": "1"}, "operationName": "User"}`. Placeholders (`{{name}}`) are filled in the
/// variables' strings, never in the query (GraphQL has its own `$variables`). The request's method
/// says how it is sent: POST (the default) as a JSON body, GET as query parameters.
package struct GraphQLBody: Sendable, Equatable {
    package var query: String
    /// A JSON object, or nil when the operation takes none.
    package var variables: StoredJSON?
    /// The variables as JSON text, when they are kept as written rather than as an object: typed
    /// in the editor and not (yet) a JSON object, or `{{placeholders}}` outside strings
    /// (`{"first": {{pageSize}}}`). In the file a string `variables`; filled, then parsed, when
    /// sent. When set, `variables` is nil.
    package var variablesText: String?
    package var operationName: String?
    /// A subscription's `connection_init` payload (a JSON object; placeholders filled in its
    /// strings): what servers such as Apollo's and Hasura read credentials from, as the upgrade's
    /// headers carry none a browser could set. Nil sends `connection_init` without one.
    package var connectionInit: StoredJSON?

    package init(
        query: String, variables: StoredJSON? = nil, operationName: String? = nil, variablesText: String? = nil,
        connectionInit: StoredJSON? = nil
    ) {
        self.query = query
        self.variables = variables
        self.operationName = operationName
        self.variablesText = variablesText
        self.connectionInit = connectionInit
    }

    /// The variables as the text a check or an editor reads (nil when there are none).
    package var variablesSource: String? { variablesText ?? variables?.compact() }

    /// The `Accept` header a GraphQL request gets unless it sets one: the GraphQL over HTTP
    /// media type first, plain JSON for servers that predate it.
    package static let accept = "application/graphql-response+json, application/json"

    /// The GraphQL over HTTP request object, `{"query", "operationName", "variables"}`: the JSON a
    /// POST sends, and what exports write (curl, Postman, `.http`) until they know GraphQL.
    /// Variables kept as text go in parsed when they are JSON as written (a placeholder outside a
    /// string is not: they are left out).
    package var requestObject: StoredJSON {
        Self.requestObject(query, operationName, variables ?? variablesText.flatMap { try? StoredJSON(parsing: $0) })
    }

    static func requestObject(_ query: String, _ operationName: String?, _ variables: StoredJSON?) -> StoredJSON {
        var object = ObjectBuilder()
        object.add("query", query)
        object.add("operationName", operationName)
        object.add("variables", variables)
        return object.json
    }

    static func read(_ fields: ObjectFields, _ path: DocumentPath, _ reader: DocumentReader) -> GraphQLBody? {
        guard let query = fields.string("query", required: true) else { return nil }
        var connectionInit = fields.json("connectionInit")
        switch connectionInit {
        case .null?: connectionInit = nil
        case nil, .object?: break
        default:
            reader.report(
                .error, "a graphql body's \"connectionInit\" must be a JSON object (the connection_init payload)",
                at: fields.node("connectionInit")?.offset ?? fields.offset, path: path.appending("connectionInit"))
            return nil
        }
        var variables = fields.json("variables")
        var variablesText: String?
        switch variables {
        case .string(let text)?: (variables, variablesText) = (nil, text)
        case .null?: variables = nil
        case nil, .object?: break
        default:
            reader.report(
                .error, "a graphql body's \"variables\" must be a JSON object (or JSON text, a string)",
                at: fields.node("variables")?.offset ?? fields.offset, path: path.appending("variables"))
            return nil
        }
        return GraphQLBody(
            query: query, variables: variables, operationName: fields.string("operationName"),
            variablesText: variablesText, connectionInit: connectionInit)
    }

    func add(to object: inout ObjectBuilder) {
        object.add("query", query)
        object.add("variables", variablesText.map(StoredJSON.string) ?? variables)
        object.add("operationName", operationName)
        object.add("connectionInit", connectionInit)
    }
}
