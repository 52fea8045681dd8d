/// Where requests go: a live server (base URL + variables) or a mock answered offline from routes.
package struct Environment: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        /// Requests go over the network through the dispatcher the application injects.
        case live
        /// Requests are answered by a `MockDispatcher` built from `routes`; nothing touches the network.
        case mock
    }

    package var name: String
    package var kind: Kind
    /// What the environment's `ServerProvider` serves; relative request URLs are joined to it.
    package var baseURL: String
    package var description: String?
    package var variables: [Variable]
    package var routes: [SavedMockRoute]
    /// The GraphQL schema of this environment's server, over the collection's (issue 28).
    package var graphqlSchema: GraphQLSchemaSource?
    package var unknownFields: [StoredJSON.Member]

    package init(
        name: String, kind: Kind = .live, baseURL: String, description: String? = nil, variables: [Variable] = [],
        routes: [SavedMockRoute] = [], unknownFields: [StoredJSON.Member] = []
    ) {
        self.name = name
        self.kind = kind
        self.baseURL = baseURL
        self.description = description
        self.variables = variables
        self.routes = routes
        self.unknownFields = unknownFields
    }

    static let keys = ["name", "kind", "baseURL", "description", "variables", "routes", "graphqlSchema"]

    static func read(_ node: SourceNode, _ path: DocumentPath, _ reader: DocumentReader) -> Environment? {
        guard let fields = reader.object(node, at: path) else { return nil }
        let name = fields.string("name", required: true)
        let kind: Kind? = fields.has("kind") ? fields.choice("kind") : .live
        let baseURL = fields.string("baseURL", required: true)
        let description = fields.string("description")
        let variables = fields.array("variables") { Variable.read($0, $1, reader) }
        let routes = fields.array("routes") { SavedMockRoute.read($0, $1, reader) }
        let graphqlSchema = fields.node("graphqlSchema").flatMap {
            GraphQLSchemaSource.read($0, path.appending("graphqlSchema"), reader)
        }
        let unknown = fields.unknownFields(known: keys)
        if kind == .live, let node = fields.node("routes") {
            reader.report(
                .warning, "routes are only used by mock environments", at: node.offset, path: path.appending("routes"))
        }
        if let name, let node = fields.node("name") {
            reader.claimUnique("environment", name, at: node.offset, object: path, field: "name")
        }
        guard let name, let kind, let baseURL else { return nil }
        var environment = Environment(
            name: name, kind: kind, baseURL: baseURL, description: description, variables: variables, routes: routes,
            unknownFields: unknown)
        environment.graphqlSchema = graphqlSchema
        return environment
    }

    var stored: StoredJSON {
        var object = ObjectBuilder()
        object.add("name", name)
        object.add("kind", kind.rawValue)
        object.add("baseURL", baseURL)
        object.add("description", description)
        object.add("variables", list: variables.map(\.stored))
        object.add("routes", list: routes.map(\.stored))
        object.add("graphqlSchema", graphqlSchema?.stored)
        object.append(unknown: unknownFields)
        return object.json
    }
}
