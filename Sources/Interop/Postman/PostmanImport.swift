/// Postman collections v2.0 / v2.1 and Postman environment files.
///
/// Stub of the Interop skeleton: the `interop-formats` branch replaces this file.
public enum PostmanImport {
    public static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        throw ImportError("Postman collections are not yet supported by this build", file: source.name)
    }

    /// A Postman environment export (`--env-from`).
    public static func importEnvironments(_ source: ImportSource) throws(ImportError) -> EnvironmentImport {
        throw ImportError("Postman environments are not yet supported by this build", file: source.name)
    }
}
