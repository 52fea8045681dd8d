import Foundation
import HTTPCore

/// What a recorded request's route matches on: the method, the path, every query item as sent and,
/// for a small JSON body, the body — so `GET /search?q=a` and `?q=b`, or two `POST`s with different
/// JSON, each get a route of their own instead of one overwriting the other; a GraphQL POST (a JSON
/// body with `query`) is matched by its operation's name and variables (a `graphql` matcher), not by
/// the whole body, so the route still answers when the query text changes. `lazer record` and the
/// explorer's "save the response as a mock route" both build their matchers here, and both decide
/// "is this the same request as that route" and "where does the new route go" the same way.
///
/// Routes are tried in order and a matcher only narrows (a route without a query matcher answers
/// every query), so a new route goes before an existing route of its method and path whose matchers
/// are all among its own: otherwise that route would answer first and the new one never would.
package struct RecordedMatchers: Sendable, Equatable {
    package var method: RequestMethod?
    /// The route path pattern (the caller makes it: secret segments become wildcards).
    package var path: String
    /// Every query item as sent, decoded; a repeated name keeps its last value, as matching reads it.
    package var query: [KeyValueRow]
    /// The request's JSON body (an object or an array) when it had one of at most ``maxMatchedBody`` bytes.
    package var json: StoredJSON?
    /// For a GraphQL request with a named operation: the operation and the variables sent.
    package var graphql: SavedGraphQLMatch?
    /// What was left out because it held a secret, one line each (never the secret itself).
    package var dropped: [String]

    /// Larger request bodies get no body matcher (the route would read like a fixture, not a key).
    package static let maxMatchedBody = 8 << 10

    /// The collection's request before it was resolved (`lazer record --from`): a query value or
    /// a JSON member written with a placeholder (`{{$uuid}}`, `{{$timestamp}}`, `{{user}}`) may
    /// differ the next time — a new uuid, another environment's value — so it is not matched on,
    /// or the request would miss its own route offline. Values written literally are matched.
    package struct Template: Sendable {
        /// Query item names whose value (or name) has a placeholder.
        package var placeholderQuery: Set<String>
        /// The JSON body as written; members holding a placeholder are left out of the matcher.
        package var json: StoredJSON?
        /// A body with a placeholder that cannot be left out member by member: no body matcher.
        package var placeholderBody: Bool
        /// A GraphQL body's variables as written (members holding a placeholder are not matched on),
        /// and whether they are text with a placeholder outside a string (then none are).
        package var graphqlVariables: StoredJSON?
        package var placeholderVariables = false

        package init(_ request: SavedRequest) {
            var names: Set<String> = []
            var inline: [KeyValueRow] = []
            if let mark = request.url.firstIndex(of: "?") {
                for pair in request.url[request.url.index(after: mark)...].prefix(while: { $0 != "#" }).split(
                    separator: "&")
                {
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    inline.append(
                        KeyValueRow(
                            name: String(parts[0]).removingPercentEncoding ?? String(parts[0]),
                            value: parts.count > 1 ? String(parts[1]) : ""))
                }
            }
            for row in inline + request.query where (row.name + row.value).contains("{{") {
                names.insert(row.name)
            }
            placeholderQuery = names
            json = nil
            placeholderBody = false
            switch request.body.content {
            case .json(let value):
                json = value
            case .jsonText(let text):
                if let value = try? StoredJSON(parsing: text) {
                    json = value
                } else {
                    placeholderBody = text.contains("{{")
                }
            case .text(let text, _):
                placeholderBody = text.contains("{{")
            case .graphql(let body):
                graphqlVariables = body.variables
                placeholderVariables = body.variablesText?.contains("{{") == true
            default:
                break
            }
        }
    }

    /// The matchers of a request sent with `query` (the URL's query text, still percent-encoded,
    /// without `?`) and `body` (`nil` when it was not in memory). A query value or a body holding a
    /// secret (or the mask of one) is left out and listed in ``dropped``.
    package init(
        method: RequestMethod?, path: String, query text: String, body: [UInt8]?, redactor: Redactor,
        template: Template? = nil
    ) {
        self.method = method
        self.path = path
        var rows: [KeyValueRow] = []
        var dropped: [String] = []
        let withoutFragment = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        for pair in withoutFragment.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            rows.removeAll { $0.name == name }
            if template?.placeholderQuery.contains(name) == true { continue }
            if Self.holdsSecret(name, redactor) {
                dropped.append("a query item whose name holds a secret: not matched on")
                continue
            }
            if Self.holdsSecret(value, redactor) {
                dropped.append("query item \(name) (its value holds a secret): any value matches")
                continue
            }
            rows.append(KeyValueRow(name: name, value: value))
        }
        query = rows
        json = nil
        graphql = nil
        if let body, !body.isEmpty, let text = String(validating: body, as: UTF8.self),
            let sent = try? StoredJSON(parsing: text),
            let match = Self.graphqlMatch(sent, template: template, redactor: redactor, dropped: &dropped)
        {
            graphql = match
        } else if let body, !body.isEmpty, body.count <= Self.maxMatchedBody, template?.placeholderBody != true,
            let text = String(validating: body, as: UTF8.self),
            let sent = try? StoredJSON(parsing: text)
        {
            let parsed = template?.json.map { Self.withoutPlaceholders(sent, template: $0) } ?? sent
            switch parsed {
            case .object(let members) where !members.isEmpty:
                json = parsed
            case .array:
                json = parsed
            default:
                break
            }
            if let matched = json, Self.holdsSecret(matched, redactor) {
                json = nil
                dropped.append("request body (it holds a secret): not matched on")
            }
        }
        self.dropped = dropped
    }

    /// The `graphql` matcher of a GraphQL request object (`{"query", "operationName"?, "variables"?}`)
    /// whose operation has a name: the name, and the variables sent (less those written with a
    /// placeholder, or all when they hold a secret). nil for any other body (it may get a `json`
    /// matcher) and for an anonymous operation (no name to match).
    package static func graphqlMatch(
        _ sent: StoredJSON, template: Template?, redactor: Redactor, dropped: inout [String]
    ) -> SavedGraphQLMatch? {
        guard let name = MockGraphQLMatch.operationName(ofBody: MockRouteBuilder.jsonValue(sent)),
            !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        var variables: StoredJSON?
        if case .object(let members)? = sent["variables"], !members.isEmpty, template?.placeholderVariables != true {
            let kept = template?.graphqlVariables.map { withoutPlaceholders(.object(members), template: $0) }
            if case .object(let left) = kept ?? .object(members), !left.isEmpty { variables = .object(left) }
            if let matched = variables, holdsSecret(matched, redactor) {
                variables = nil
                dropped.append("GraphQL variables (they hold a secret): any variables match")
            }
        }
        return SavedGraphQLMatch(operation: name, variables: variables)
    }

    /// `sent` without the members whose value in `template` has a placeholder (an array holding
    /// one goes whole: an array matcher needs every element); `.null` when the root itself does.
    static func withoutPlaceholders(_ sent: StoredJSON, template: StoredJSON) -> StoredJSON {
        switch (sent, template) {
        case (.object(let members), .object):
            var kept: [StoredJSON.Member] = []
            for member in members {
                guard let written = template[member.key] else {
                    kept.append(member)
                    continue
                }
                switch written {
                case .object:
                    kept.append(StoredJSON.Member(member.key, withoutPlaceholders(member.value, template: written)))
                default:
                    if !hasPlaceholder(written) { kept.append(member) }
                }
            }
            return .object(kept)
        default:
            return hasPlaceholder(template) ? .null : sent
        }
    }

    private static func hasPlaceholder(_ value: StoredJSON) -> Bool {
        switch value {
        case .string(let text): text.contains("{{")
        case .array(let items): items.contains(where: hasPlaceholder)
        case .object(let members): members.contains { $0.key.contains("{{") || hasPlaceholder($0.value) }
        case .null, .bool, .number: false
        }
    }

    /// Whether `text` holds a secret `redactor` masks, or the mask of one.
    package static func holdsSecret(_ text: String, _ redactor: Redactor) -> Bool {
        text.contains(Redactor.mask) || redactor.redact(text) != text
    }

    /// Whether any key, string or number of `value` (or its compact text) holds a secret.
    package static func holdsSecret(_ value: StoredJSON, _ redactor: Redactor) -> Bool {
        switch value {
        case .string(let text), .number(let text): return holdsSecret(text, redactor)
        case .array(let items): return items.contains { holdsSecret($0, redactor) }
        case .object(let members):
            return holdsSecret(value.compact(), redactor)
                || members.contains { holdsSecret($0.key, redactor) || holdsSecret($0.value, redactor) }
        case .null, .bool: return false
        }
    }

    /// How messages and questions name the request: `GET /search?q=a`, `POST /items` + a short body.
    package var label: String {
        var text = "\(method?.rawValue ?? "*") \(path)"
        if !query.isEmpty {
            text += "?" + query.map { $0.value.isEmpty ? $0.name : "\($0.name)=\($0.value)" }.joined(separator: "&")
        }
        if let json {
            let compact = json.compact()
            text += " " + (compact.count > 40 ? String(compact.prefix(39)) + "…" : compact)
        }
        if let graphql {
            text += " (GraphQL \(graphql.operation)"
            if let variables = graphql.variables {
                let compact = variables.compact()
                text += " " + (compact.count > 40 ? String(compact.prefix(39)) + "…" : compact)
            }
            text += ")"
        }
        return text
    }

    /// One string per distinct request (the body in full), for telling recorded requests apart.
    package var identity: String {
        label + (json.map { "\u{0}" + $0.compact() } ?? "")
            + (graphql.map { "\u{0}" + $0.operation + "\u{0}" + ($0.variables?.compact() ?? "") } ?? "")
    }

    /// A route with exactly these matchers and `responses`.
    package func route(responses: [SavedMockResponse]) -> SavedMockRoute {
        SavedMockRoute(method: method, path: path, query: query, json: json, graphql: graphql, responses: responses)
    }

    /// Whether `route` answers exactly the requests these matchers describe (same method, path,
    /// query items and body; no header matcher): re-recording updates it instead of adding another.
    package func isSame(as route: SavedMockRoute) -> Bool {
        route.method == method && route.path == path && !route.headers.contains(where: \.enabled)
            && MockRouteBuilder.dictionary(route.query) == MockRouteBuilder.dictionary(query)
            && route.json.map(MockRouteBuilder.jsonValue) == json.map(MockRouteBuilder.jsonValue)
            && route.graphql?.operation == graphql?.operation
            && route.graphql?.variables.map(MockRouteBuilder.jsonValue)
                == graphql?.variables.map(MockRouteBuilder.jsonValue)
    }

    /// Where a new route with these matchers goes in `routes`: before the first route of the same
    /// method and path that would answer its requests first (its matchers all among these), else last.
    package func insertionIndex(in routes: [SavedMockRoute]) -> Int {
        let mine = MockRouteBuilder.dictionary(query)
        let body = json.map(MockRouteBuilder.jsonValue)
        return routes.firstIndex { route in
            guard route.method == method, route.path == path, !route.headers.contains(where: \.enabled) else {
                return false
            }
            let theirs = MockRouteBuilder.dictionary(route.query)
            guard theirs.allSatisfy({ mine[$0.key] == $0.value }) else { return false }
            // A GraphQL route answers these requests first only for the same operation and
            // variables among these.
            if let theirs = route.graphql {
                guard theirs.operation == graphql?.operation else { return false }
                if let expected = theirs.variables.map(MockRouteBuilder.jsonValue) {
                    guard let mine = graphql?.variables.map(MockRouteBuilder.jsonValue), expected.isSubset(of: mine)
                    else { return false }
                }
            }
            guard let expected = route.json.map(MockRouteBuilder.jsonValue) else { return true }
            return body.map { expected.isSubset(of: $0) } ?? false
        } ?? routes.count
    }
}
