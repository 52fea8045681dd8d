/// HAR 1.2 from the history of the selected requests (`input.history`).
///
/// Stub of the Interop skeleton: the `interop-formats` branch replaces this file.
public enum HARExport {
    public static func export(_ input: ExportInput) throws(ExportError) -> [UInt8] {
        throw ExportError("HAR export is not yet supported by this build")
    }
}
