package import HTTPCore

/// A route of a mock environment that cannot be served (a malformed path pattern), found when the
/// environment's mock dispatcher is built: the environment answers nothing until it is fixed.
/// Translates as `workspace.brokenMockRoute`, with `{environment}`, `{route}` and `{reason}`.
package struct MockRouteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The mock environment's name.
    package var environment: String
    /// The route as written: `GET /users/:id`, or the path alone for a route of any method.
    package var route: String
    package var problem: MockError

    package init(environment: String, route: String, problem: MockError) {
        self.environment = environment
        self.route = route
        self.problem = problem
    }

    /// What is wrong with the route, in words.
    package var reason: String {
        switch problem {
        case .invalidPattern(let pattern, let reason): "the path \(pattern) is not a valid pattern: \(reason)"
        case .bodyEncodingFailed(let reason): "a response body could not be encoded: \(reason)"
        }
    }

    package var description: String { "mock environment \"\(environment)\", route \(route): \(reason)" }
}

extension MockRouteError: TranslatableError {
    package var translationKey: String { "workspace.brokenMockRoute" }

    package var translationTemplate: TranslationTemplate {
        let hint =
            switch problem {
            case .invalidPattern:
                "Fix the route's path in the collection file: each segment is literal text, :name, :name(int), :name(uuid) or :name(string), and * may only be the last segment."
            case .bodyEncodingFailed: "Fix the route's response body in the collection file."
            }
        return TranslationTemplate(
            title: "Mock route {route} is broken",
            explanation:
                "The mock environment \"{environment}\" cannot answer any request while one of its routes is broken: {reason}.",
            hint: hint)
    }

    package var translationValues: [String: String] {
        ["environment": environment, "route": route, "reason": reason]
    }
}
