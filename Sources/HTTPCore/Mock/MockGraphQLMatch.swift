import Foundation

/// A mock route's GraphQL matcher (issue 28): the operation a request runs, by name, and
/// optionally variables it must have (a subset, as a route's `json`). The operation is read from
/// a POST's JSON body (`operationName`, else the name in `query`) or from a GET's query items.
public struct MockGraphQLMatch: Hashable, Sendable {
    public var operationName: String
    /// Variables the request must have, with these values (others may come too).
    public var variables: JSONValue?

    public init(operationName: String, variables: JSONValue? = nil) {
        self.operationName = operationName
        self.variables = variables
    }

    /// The operation a GraphQL request's JSON body (`{"query", "operationName"?, …}`) runs, read as
    /// a route's matcher reads it: for recording a route that matches the request again (`lazer
    /// record`, the explorer's "save as mock route"). nil for a body that is no GraphQL request,
    /// or one whose operation is anonymous.
    package static func operationName(ofBody body: JSONValue) -> String? {
        guard case .object(let fields) = body, case .string = fields["query"] else { return nil }
        return Request(body: body, query: [:])?.operationName
    }

    /// The name of the first operation of a GraphQL document (nil: anonymous, or none).
    package static func firstOperationName(in query: String) -> String? {
        Request.firstOperationName(in: query)
    }

    /// The operation a request names and the variables it sends; nil when it is no GraphQL request.
    struct Request: Equatable {
        var operationName: String?
        var variables: JSONValue?

        init?(body: JSONValue?, query: [String: String]) {
            if case .object(let fields)? = body, case .string(let text)? = fields["query"] {
                if case .string(let name)? = fields["operationName"] {
                    operationName = name
                } else {
                    operationName = Self.firstOperationName(in: text)
                }
                variables = fields["variables"]
            } else if let text = query["query"] {
                operationName =
                    query["operationName"].flatMap { $0.isEmpty ? nil : $0 }
                    ?? Self.firstOperationName(in: text)
                variables = query["variables"].flatMap { JSONValue(json: Data($0.utf8)) }
            } else {
                return nil
            }
        }

        /// The name of the document's first operation (`query User(…)` → `User`); nil for an
        /// anonymous one (`{ … }`). Comments, commas and whitespace are skipped; fragments too.
        static func firstOperationName(in text: String) -> String? {
            var words = GraphQLWords(Array(text.utf8))
            while let word = words.next() {
                switch word {
                case "query", "mutation", "subscription":
                    guard let name = words.next() else { return nil }
                    return ["{", "(", "@"].contains(name) ? nil : name
                case "fragment":
                    // `fragment Name on Type … { … }`: skipped to its closing brace.
                    words.skipBlock()
                default:
                    return nil
                }
            }
            return nil
        }
    }

    func matches(_ request: Request) -> Bool {
        guard request.operationName == operationName else { return false }
        guard let variables else { return true }
        guard let sent = request.variables else { return false }
        return variables.isSubset(of: sent)
    }

    /// Why `request` does not match (nil when it does).
    func mismatch(_ request: Request?) -> String? {
        guard let request else { return "graphql: the request is not a GraphQL request" }
        guard request.operationName == operationName else {
            let found = request.operationName.map { "\"\($0)\"" } ?? "an anonymous operation"
            return "graphql: the route answers the operation \"\(operationName)\", the request runs \(found)"
        }
        guard matches(request) else { return "graphql: the request's variables do not contain the route's" }
        return nil
    }
}
