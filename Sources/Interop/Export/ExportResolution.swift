import Foundation
package import Workspace

/// A saved request resolved for export in an environment, the way a send would resolve it:
/// variables filled (collection, environment, captures, process), the base URL, and the redactor
/// that masks every secret value in it.
package struct ExportResolution: Sendable {
    package var resolved: ResolvedRequest
    package var baseURL: String?
    package var redactor: Redactor
    /// Variables that could not be resolved (left as written).
    package var problems: [VariableProblem]
    /// The `{{$prompt}}` / `{{$select}}` used (left as written: they are asked at send).
    package var prompts: [PromptRequest]

    package init(
        _ request: SavedRequest, in document: CollectionDocument, environment: Environment?,
        captures: [String: VariableScope.Value] = [:], processEnvironment: [String: String] = [:],
        dynamic: DynamicValues = .system, dotenv: DotEnvFile? = nil
    ) {
        var scope = VariableScope(
            collection: document.collection, environment: environment, captures: captures,
            processEnvironment: processEnvironment, dynamic: dynamic,
            dotenvFolder: document.path.isEmpty ? nil : (document.path as NSString).deletingLastPathComponent,
            prompts: .shownAsWritten)
        scope.dotenv = dotenv
        var problems: [VariableProblem] = []
        var base: String?
        var prompts: [PromptRequest] = []
        if let environment {
            var resolver = VariableResolver(scope: scope)
            base = resolver.resolve(environment.baseURL, at: "environments[\(environment.name)].baseURL")
            problems += resolver.problems
            prompts = resolver.prompts
        }
        let folder = (document.path as NSString).deletingLastPathComponent
        let outcome = RequestResolver(scope: scope, baseFolder: folder, baseOptions: document.collection.options)
            .resolve(document.collection.withAuthInForce(request))
        problems += outcome.problems
        for prompt in outcome.prompts where !prompts.contains(where: { $0.label == prompt.label }) {
            prompts.append(prompt)
        }
        self.prompts = prompts
        let capturedSecrets = captures.values.filter(\.secret).map(\.text)
        redactor = Redactor(secrets: document.secretValues + capturedSecrets + outcome.request.secretValues)
        resolved = outcome.request
        baseURL = base
        self.problems = problems
    }
}
