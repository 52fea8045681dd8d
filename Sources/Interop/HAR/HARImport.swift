/// HAR 1.2 captures (browsers, proxies).
///
/// Stub of the Interop skeleton: the `interop-formats` branch replaces this file.
public enum HARImport {
    public static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        throw ImportError("HAR files are not yet supported by this build", file: source.name)
    }
}
