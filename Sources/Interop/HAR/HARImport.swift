/// HAR 1.2 captures (browsers, proxies).
package enum HARImport {
    /// A folder per host, a request per entry, as it was sent.
    package static func importCollection(_ source: ImportSource, options: ImportOptions) throws(ImportError)
        -> ImportResult
    {
        var reader = HARReader(source: source, options: options)
        return try reader.read()
    }
}
