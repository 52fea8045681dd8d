/// A route in a ``MockDispatcher``'s table: what requests it matches and what it answers, in order.
///
/// Plain data, so mock environments can be built from files. Matching: the method (or any, when
/// `nil`), the path pattern, then optional required query items, headers (name case-insensitive,
/// value exact) and a JSON body subset (see ``JSONValue/isSubset(of:)``).
public struct MockRoute: Hashable, Sendable, CustomStringConvertible {
    /// What happens after the last response of the sequence.
    public enum Persistence: String, Hashable, Sendable {
        /// The last response repeats forever.
        case sticky
        /// Each response answers once; then the route is gone (later requests fall through).
        case consumable
        /// After the last response the sequence starts again from the first.
        case cycle
    }

    /// A label shown in listings and recorded requests (`"login succeeds"`); optional.
    public var name: String?
    /// `nil` matches any method.
    public var method: HTTPMethod?
    public var path: PathPattern
    /// Query items the request must have, with these values.
    public var query: [String: String]
    /// Headers the request must have, with these values.
    public var headers: [String: String]
    /// A JSON shape the request body must contain.
    public var bodyJSON: JSONValue?
    /// The GraphQL operation (and variables) the request must run.
    public var graphql: MockGraphQLMatch?
    /// The answers in order: the first request gets the first, and so on. A route without
    /// responses never matches.
    public var responses: [MockResponse]
    public var persistence: Persistence

    public init(
        method: HTTPMethod?, path: PathPattern, query: [String: String] = [:], headers: [String: String] = [:],
        bodyJSON: JSONValue? = nil, graphql: MockGraphQLMatch? = nil, responses: [MockResponse],
        persistence: Persistence = .sticky, name: String? = nil
    ) {
        self.graphql = graphql
        self.name = name
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.bodyJSON = bodyJSON
        self.responses = responses
        self.persistence = persistence
    }

    /// A route with a path pattern given as text (throws for a malformed pattern).
    public init(
        _ method: HTTPMethod?, _ path: String, query: [String: String] = [:], headers: [String: String] = [:],
        bodyJSON: JSONValue? = nil, graphql: MockGraphQLMatch? = nil, responses: [MockResponse],
        persistence: Persistence = .sticky, name: String? = nil
    ) throws(MockError) {
        self.init(
            method: method, path: try PathPattern(path), query: query, headers: headers, bodyJSON: bodyJSON,
            graphql: graphql, responses: responses, persistence: persistence, name: name)
    }

    /// `GET /posts/:id(int)` (plus the conditions and the name, when there are any).
    public var description: String {
        var text = "\(method?.rawValue ?? "ANY") \(path.text)"
        if !query.isEmpty {
            text += " ?" + query.keys.sorted().map { "\($0)=\(query[$0] ?? "")" }.joined(separator: "&")
        }
        if !headers.isEmpty { text += " [headers: " + headers.keys.sorted().joined(separator: ", ") + "]" }
        if bodyJSON != nil { text += " [JSON body]" }
        if let graphql {
            text += " [GraphQL \(graphql.operationName)\(graphql.variables == nil ? "" : " with variables")]"
        }
        if let name { text += " (\(name))" }
        if responses.isEmpty { text += " [no responses: never matches]" }
        return text
    }
}
