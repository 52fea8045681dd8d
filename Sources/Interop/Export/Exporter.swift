/// The entry point of every export: picks the format's exporter. The result is the file's bytes.
public enum Exporter {
    public static func export(_ input: ExportInput, format: ExportFormat) throws(ExportError) -> [UInt8] {
        switch format {
        case .curl: Array(CurlExport.commands(input).utf8)
        case .http: Array(HTTPFileExport.file(input).utf8)
        case .postman: try PostmanExport.export(input)
        case .har: try HARExport.export(input)
        }
    }
}
