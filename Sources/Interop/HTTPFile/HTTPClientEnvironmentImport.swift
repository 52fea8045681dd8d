/// JetBrains `http-client.env.json` files for `--env-from`.
public enum HTTPClientEnvironmentImport {
    public static func importEnvironments(_ source: ImportSource) throws(ImportError) -> EnvironmentImport {
        throw ImportError("http-client.env.json files are not yet supported by this build", file: source.name)
    }
}
