import RegularFiles

extension GraphQLSchemaDocument {
    /// Schema files are read within this size (GitHub's SDL is 1.2 MB, its introspection answer 3 MB).
    package static let fileLimit = 64 << 20

    /// Reads and builds the schema in the file at `path` (SDL or an introspection answer). A file
    /// that is missing, not regular, too large or not UTF-8 is a `GraphQLSchemaError` saying so.
    package static func load(path: String) throws(GraphQLSchemaError) -> GraphQLSchemaDocument {
        let bytes: [UInt8]?
        do {
            bytes = try RegularFile.read(path, limit: fileLimit)
        } catch {
            throw GraphQLSchemaError(error.reason)
        }
        guard let bytes else { throw GraphQLSchemaError(RegularFile.notFoundReason(path)) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw GraphQLSchemaError("not UTF-8 text") }
        return try GraphQLSchemaDocument(text: text)
    }
}
