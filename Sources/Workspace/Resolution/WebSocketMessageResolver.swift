/// Fills a saved WebSocket message at the moment it is sent (a step's, the composer's): the
/// scope the request was prepared in, with the values the conversation's steps captured over it.
package struct WebSocketMessageResolver: Sendable {
    package var scope: VariableScope
    package var baseFolder: String

    package init(scope: VariableScope, baseFolder: String) {
        self.scope = scope
        self.baseFolder = baseFolder
    }

    /// The message filled, the secret values that went into it, and the placeholders that could
    /// not be filled (a message with any must not go).
    package struct Filled: Sendable {
        package var message: WebSocketSavedMessage
        package var secrets: Set<String>
        package var problems: [VariableProblem]
    }

    package func fill(
        _ message: WebSocketSavedMessage, at index: Int, captures: [String: VariableScope.Value] = [:]
    ) -> Filled {
        var scope = scope
        scope.captures.merge(captures) { _, captured in captured }
        var resolver = VariableResolver(scope: scope)
        let filled = RequestResolver(scope: scope, baseFolder: baseFolder).resolveMessage(
            message, at: index, &resolver)
        return Filled(message: filled, secrets: resolver.secretValues, problems: resolver.problems)
    }
}
