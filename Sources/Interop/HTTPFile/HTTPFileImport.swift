/// `.http` / `.rest` files (JetBrains HTTP Client, VS Code REST Client).
public enum HTTPFileImport {
    public static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        throw ImportError(".http import is not yet supported by this build", file: source.name)
    }
}
