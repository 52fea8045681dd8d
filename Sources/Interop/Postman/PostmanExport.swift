/// Postman v2.1 collections (with environments) from Lazer collections.
///
/// Stub of the Interop skeleton: the `interop-formats` branch replaces this file.
public enum PostmanExport {
    public static func export(_ input: ExportInput) throws(ExportError) -> [UInt8] {
        throw ExportError("Postman export is not yet supported by this build")
    }
}
