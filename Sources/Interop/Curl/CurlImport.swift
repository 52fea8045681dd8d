/// curl command lines as people paste them.
public enum CurlImport {
    public static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        throw ImportError("curl import is not yet supported by this build", file: source.name)
    }
}
