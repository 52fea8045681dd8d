import JSONTree

/// Reads collection files into the model, reporting every problem with its position.
///
/// Any error makes the whole file fail to load (a partly read collection saved back would lose
/// the parts that failed); warnings leave it loaded. One bad file never affects another.
package enum CollectionLoader {
    /// The outcome of reading one file.
    package struct Result: Sendable {
        /// The collection, when the file had no errors.
        package var collection: RequestCollection?
        /// Errors (when `collection` is nil) and warnings, in file order.
        package var diagnostics: [Diagnostic]
    }

    /// Parses `bytes` read from `file` (used only in messages).
    package static func load(_ bytes: [UInt8], file: String) -> Result {
        let reader = DocumentReader(file: file, bytes: bytes)
        let root: SourceNode
        do {
            root = try SourceNode.parse(bytes)
        } catch {
            let diagnostic = Diagnostic(
                severity: .error, file: file, line: error.line, column: error.column, path: "",
                message:
                    "not valid JSON: expected \(error.expected); found \(error.found)\n    \(error.excerpt)\n    \(error.caretLine)"
            )
            return Result(collection: nil, diagnostics: [diagnostic])
        }
        let collection = RequestCollection.read(root, reader)
        let diagnostics = reader.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return Result(collection: reader.hasErrors ? nil : collection, diagnostics: diagnostics)
    }
}
