package import Workspace

/// Everything an exporter gets: the collection, which of its requests, the environment, whether
/// secrets may be written, and (for HAR) the recorded exchanges.
package struct ExportInput: Sendable {
    /// The collection file as loaded (secret values filled from the secrets store, so they can be
    /// masked or, with `revealSecrets`, written).
    package var document: CollectionDocument
    /// The requests to export, in collection order, each with the folders it is in.
    package var selection: [RequestCollection.RequestLocation]
    /// The environment to resolve in (`--env`; nil: the collection's default, if any).
    package var environment: Environment?
    /// `--reveal-secrets`: write secret values instead of `••••••`.
    package var revealSecrets: Bool
    /// The process environment (`LAZER_VAR_*` and `{{$env.NAME}}` values).
    package var processEnvironment: [String: String]
    /// History entries of the selected requests, oldest first, already redacted as stored (HAR).
    package var history: [HistoryEntry]
    /// Postman: write the environments as Postman environment files (`ExportOutput.files`) instead
    /// of folding one environment's variables into the collection's (`lazer export --environments`).
    package var environmentFiles: Bool
    /// Locust and k6: the load model and thresholds (nil: one user, one pass, k6's default).
    package var load: ExportLoad?

    package init(
        document: CollectionDocument, selection: [RequestCollection.RequestLocation]? = nil,
        environment: Environment? = nil, revealSecrets: Bool = false, processEnvironment: [String: String] = [:],
        history: [HistoryEntry] = [], environmentFiles: Bool = false, load: ExportLoad? = nil
    ) {
        self.document = document
        self.selection = selection ?? document.collection.allRequests
        self.environment = environment
        self.revealSecrets = revealSecrets
        self.processEnvironment = processEnvironment
        self.history = history
        self.environmentFiles = environmentFiles
        self.load = load
    }

    /// Every secret value this export must mask (unless revealed): secret variables of the
    /// collection and its environments.
    package var redactor: Redactor {
        revealSecrets ? .none : Redactor(secrets: document.secretValues)
    }
}
