public import Workspace

/// What an importer returns: a collection in Lazer's format (its environments included) and the
/// report of what it could not carry.
public struct ImportResult: Sendable {
    public var collection: RequestCollection
    public var report: ImportReport

    public init(collection: RequestCollection, report: ImportReport = ImportReport()) {
        self.collection = collection
        self.report = report
    }
}

/// What an environment file (`--env-from`: a Postman environment, a JetBrains
/// `http-client.env.json`) gives: environments to add to the collection, and the report.
public struct EnvironmentImport: Sendable {
    public var environments: [Environment]
    /// Variables every environment shares (JetBrains' `$shared`), for the collection's variables.
    public var sharedVariables: [Variable]
    public var report: ImportReport

    public init(environments: [Environment], sharedVariables: [Variable] = [], report: ImportReport = ImportReport()) {
        self.environments = environments
        self.sharedVariables = sharedVariables
        self.report = report
    }
}
