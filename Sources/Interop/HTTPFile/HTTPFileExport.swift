/// Requests as a `.http` file.
public enum HTTPFileExport {
    public static func file(_ input: ExportInput) -> String {
        ""
    }
}
