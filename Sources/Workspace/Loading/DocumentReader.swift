/// Collects the diagnostics of one file while its model is read from the parsed JSON.
///
/// Reading never stops at the first problem: every error in the file is reported at once, so
/// the user can fix them in one pass.
final class DocumentReader {
    let file: String
    let source: SourceText
    private(set) var diagnostics: [Diagnostic] = []
    /// Names that must be unique in the file ("request id", "environment"), with where each was first seen.
    private var firstUse: [String: [String: DocumentPath]] = [:]

    init(file: String, source: SourceText) {
        self.file = file
        self.source = source
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func report(_ severity: Diagnostic.Severity, _ message: String, at offset: Int, path: DocumentPath) {
        let (line, column) = source.location(of: offset)
        diagnostics.append(
            Diagnostic(severity: severity, file: file, line: line, column: column, path: path.text, message: message))
    }

    /// Reports a second use of a name that must be unique within the file.
    func claimUnique(_ kind: String, _ name: String, at offset: Int, path: DocumentPath) {
        if let first = firstUse[kind]?[name] {
            report(.error, "duplicate \(kind) \"\(name)\" (first used at \(first))", at: offset, path: path)
        } else {
            firstUse[kind, default: [:]][name] = path
        }
    }

    /// The fields of `node` when it is an object; reports an error otherwise.
    func object(_ node: SourceNode, at path: DocumentPath) -> ObjectFields? {
        guard case .object(let members) = node.kind else {
            report(.error, "expected an object; found \(node.kindName)", at: node.offset, path: path)
            return nil
        }
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted {
            report(.error, "duplicate field \"\(member.key)\"", at: member.keyOffset, path: path.appending(member.key))
        }
        return ObjectFields(reader: self, path: path, offset: node.offset, members: members)
    }

    /// Reads every element of an array with `element`; `nil` elements (already reported) are skipped.
    func array<T>(_ node: SourceNode, at path: DocumentPath, _ element: (SourceNode, DocumentPath) -> T?) -> [T] {
        guard case .array(let items) = node.kind else {
            report(.error, "expected an array; found \(node.kindName)", at: node.offset, path: path)
            return []
        }
        return items.enumerated().compactMap { index, item in element(item, path.appending(index: index)) }
    }
}
