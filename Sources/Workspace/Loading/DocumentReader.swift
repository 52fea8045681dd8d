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
        for member in Self.repeatedMembers(members) {
            report(.error, "duplicate field \"\(member.key)\"", at: member.keyOffset, path: path.appending(member.key))
        }
        return ObjectFields(reader: self, path: path, offset: node.offset, members: members)
    }

    /// Members whose key an earlier member already has. Most objects in a collection have a
    /// handful of members: comparing each with the earlier ones is cheaper than hashing every key
    /// into a set, which only larger objects (a long variables map) get.
    private static func repeatedMembers(_ members: [SourceMember]) -> [SourceMember] {
        if members.count <= 16 {
            return members.indices.filter { index in
                members[..<index].contains { $0.key == members[index].key }
            }.map { members[$0] }
        }
        var seen: Set<String> = []
        return members.filter { !seen.insert($0.key).inserted }
    }

    /// Reads every element of an array with `element`; `nil` elements (already reported) are skipped.
    func array<T>(_ node: SourceNode, at path: DocumentPath, _ element: (SourceNode, DocumentPath) -> T?) -> [T] {
        guard case .array(let items) = node.kind else {
            report(.error, "expected an array; found \(node.kindName)", at: node.offset, path: path)
            return []
        }
        // Reserved first: a million requests grown into by doubling were copied over twice.
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let value = element(item, path.appending(index: index)) { result.append(value) }
        }
        return result
    }
}
