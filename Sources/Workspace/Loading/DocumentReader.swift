/// Collects the diagnostics of one file while its model is read from the parsed JSON.
///
/// Reading never stops at the first problem: every error in the file is reported at once, so
/// the user can fix them in one pass.
final class DocumentReader {
    let file: String
    let source: SourceText
    private(set) var diagnostics: [Diagnostic] = []
    /// Names that must be unique in the file ("request id", "environment"), with where each was first seen.
    /// One table per kind, found by a look along a list of two: a million claims hashed the kind's
    /// name twice each as well.
    private var firstUse: [(kind: String, field: String, names: [String: FirstUse])] = []

    /// Where a name was first used: the object holding it, as its container's path and its index
    /// there (a million requests keep a shared container path and an index each, not a path
    /// object each, which cost a fifth of reading such a file, most of it in freeing them), or
    /// as its own path when it is not an array's item.
    private enum FirstUse {
        case item(of: DocumentPath, at: Int)
        case object(DocumentPath)

        init(_ object: DocumentPath) {
            if let (container, last) = object.split, case .index(let index) = last {
                self = .item(of: container, at: index)
            } else {
                self = .object(object)
            }
        }

        func path(_ field: String) -> DocumentPath {
            switch self {
            case .item(let container, let index): container.appending(index: index).appending(field)
            case .object(let object): object.appending(field)
            }
        }
    }

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

    /// Room for `count` more names of `kind`: a million request ids added one by one grew the
    /// table twenty times, each time hashing every id again.
    func reserveUnique(_ kind: String, field: String, _ count: Int) {
        guard count > 16 else { return }
        let table = uniqueTable(kind, field: field)
        firstUse[table].names.reserveCapacity(firstUse[table].names.count + count)
    }

    /// Reports a second use of a name that must be unique within the file: `name` is the `field`
    /// of the object at `object`.
    func claimUnique(_ kind: String, _ name: String, at offset: Int, object: DocumentPath, field: String) {
        let table = uniqueTable(kind, field: field)
        if let first = firstUse[table].names.updateValue(FirstUse(object), forKey: name) {
            // The first use stays the one named.
            firstUse[table].names[name] = first
            report(
                .error, "duplicate \(kind) \"\(name)\" (first used at \(first.path(firstUse[table].field)))",
                at: offset, path: object.appending(field))
        }
    }

    /// The index of `kind`'s table, made on its first claim.
    private func uniqueTable(_ kind: String, field: String) -> Int {
        if let index = firstUse.firstIndex(where: { $0.kind == kind }) { return index }
        firstUse.append((kind, field, [:]))
        return firstUse.count - 1
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
                members[..<index].contains { ObjectFields.sameKey($0.key, members[index].key) }
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
