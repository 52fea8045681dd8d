/// OpenAPI 3.0 / 3.1 (JSON and YAML) and Swagger 2.0 documents.
///
/// Stub of the Interop skeleton: the `interop-formats` branch replaces this file.
public enum OpenAPIImport {
    public static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        throw ImportError("OpenAPI documents are not yet supported by this build", file: source.name)
    }
}
