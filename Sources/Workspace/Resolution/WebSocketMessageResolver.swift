import Foundation
package import HTTPCore

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
        _ message: WebSocketSavedMessage, at location: String, captures: [String: VariableScope.Value] = [:]
    ) -> Filled {
        var scope = scope
        scope.captures.merge(captures) { _, captured in captured }
        var resolver = VariableResolver(scope: scope)
        let filled = RequestResolver(scope: scope, baseFolder: baseFolder).resolveMessage(
            message, at: location, &resolver)
        return Filled(message: filled, secrets: resolver.secretValues, problems: resolver.problems)
    }

    /// The message ready to go: filled (`resolver`, when there is one; `location` names it in a
    /// problem), then read (a file's bytes, relative to `collectionFile`), with the secret values
    /// that went into it.
    package static func message(
        _ saved: WebSocketSavedMessage, at location: String, resolver: WebSocketMessageResolver?,
        collectionFile: String,
        captures: [String: VariableScope.Value] = [:]
    ) -> Result<(message: WebSocketMessage, secrets: Set<String>), WebSocketMessageError> {
        var message = saved
        var secrets: Set<String> = []
        if let resolver {
            let filled = resolver.fill(saved, at: location, captures: captures)
            if let problem = filled.problems.first {
                return .failure(WebSocketMessageError(message: saved.name, reason: problem.description))
            }
            message = filled.message
            secrets = filled.secrets
        }
        return WebSocketTranscript.outgoing(WebSocketSettings(messages: [message]), collectionFile: collectionFile)
            .flatMap { read in
                guard let first = read.first else {
                    return .failure(WebSocketMessageError(message: saved.name, reason: "nothing to send"))
                }
                return .success((first, secrets))
            }
    }
}
