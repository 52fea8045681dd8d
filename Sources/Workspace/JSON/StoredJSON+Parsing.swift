package import JSONTree

extension StoredJSON {
    /// Parses JSON text (strict RFC 8259) into a stored value, keeping key order and number text,
    /// so a JSON body edited as text in the explorer is saved back as inline JSON.
    package init(parsing text: String) throws(JSONParseError) {
        self = try SourceNode.parse(Array(text.utf8)).stored
    }
}
