/// OpenAPI 3.0 / 3.1 (JSON and YAML) and Swagger 2.0 documents.
package enum OpenAPIImport {
    /// A folder per tag, a request per operation, an environment per server.
    package static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        let loaded = try OpenAPIDocumentLoader.load(source)
        var builder = OpenAPICollectionBuilder(document: loaded.document, source: source, options: options)
        for item in loaded.dangling { builder.report.add(item.what, at: item.location, kept: item.kept) }
        var result = builder.build(declaredVersion: loaded.declaredVersion, pathOrder: loaded.pathOrder)
        result.contractDocument = loaded.contractJSON
        return result
    }
}
