/// Postman collections v2.0 / v2.1 and Postman environment files.
package enum PostmanImport {
    /// A collection: folders, requests, variables, auth inheritance resolved onto each request,
    /// scripts kept as notes; the report lists what Lazer cannot carry.
    package static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        var reader = PostmanCollectionReader(source: source, options: options)
        return try reader.read()
    }

    /// A Postman environment export (`--env-from`).
    package static func importEnvironments(_ source: ImportSource) throws(ImportError) -> EnvironmentImport {
        try PostmanEnvironmentReader.read(source)
    }
}
