package import Workspace

/// What an importer returns: a collection in Lazer's format (its environments included) and the
/// report of what it could not carry.
package struct ImportResult: Sendable {
    package var collection: RequestCollection
    package var report: ImportReport
    /// An OpenAPI import's document as OpenAPI 3 JSON, to keep beside the collection as its
    /// contract (`OpenAPIContractCopy`); nil for other formats.
    package var contractDocument: [UInt8]?

    package init(collection: RequestCollection, report: ImportReport = ImportReport(), contractDocument: [UInt8]? = nil)
    {
        self.collection = collection
        self.report = report
        self.contractDocument = contractDocument
    }
}

/// What an environment file (`--env-from`: a Postman environment, a JetBrains
/// `http-client.env.json`) gives: environments to add to the collection, and the report.
package struct EnvironmentImport: Sendable {
    package var environments: [Environment]
    /// Variables every environment shares (JetBrains' `$shared`), for the collection's variables.
    package var sharedVariables: [Variable]
    package var report: ImportReport

    package init(environments: [Environment], sharedVariables: [Variable] = [], report: ImportReport = ImportReport()) {
        self.environments = environments
        self.sharedVariables = sharedVariables
        self.report = report
    }
}
