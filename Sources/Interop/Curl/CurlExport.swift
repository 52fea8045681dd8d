/// Resolved requests as curl command lines.
public enum CurlExport {
    /// One command per selected request, separated by blank lines.
    public static func commands(_ input: ExportInput) -> String {
        ""
    }
}
