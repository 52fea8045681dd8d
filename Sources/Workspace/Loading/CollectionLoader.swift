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

    /// A first look at a big file: the first `listLimit` folders and requests of each list, handed
    /// to `firstLook` before the whole file is read, when the file has at least `minimumBytes`.
    /// A million requests take a couple of seconds to read; their first screen needs a hundred.
    package struct FirstLook: Sendable {
        /// The sizes the explorer uses unless told otherwise (tests make them small).
        package static let standardMinimumBytes = 4 << 20
        package static let standardListLimit = 200

        package var minimumBytes: Int
        package var listLimit: Int
        package var deliver: @Sendable (RequestCollection) -> Void

        package init(
            minimumBytes: Int = standardMinimumBytes, listLimit: Int = standardListLimit,
            deliver: @escaping @Sendable (RequestCollection) -> Void
        ) {
            self.minimumBytes = minimumBytes
            self.listLimit = listLimit
            self.deliver = deliver
        }
    }

    /// Parses `bytes` read from `file` (used only in messages). A `firstLook` at a big file is
    /// delivered first when its part has no errors (the whole file's errors are reported anyway).
    package static func load(_ bytes: [UInt8], file: String, firstLook: FirstLook? = nil) -> Result {
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
        if let firstLook, bytes.count >= firstLook.minimumBytes {
            let partReader = DocumentReader(file: file, bytes: bytes, listLimit: firstLook.listLimit)
            if let part = RequestCollection.read(root, partReader), !partReader.hasErrors { firstLook.deliver(part) }
        }
        let collection = RequestCollection.read(root, reader)
        let diagnostics = reader.diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return Result(collection: reader.hasErrors ? nil : collection, diagnostics: diagnostics)
    }
}
