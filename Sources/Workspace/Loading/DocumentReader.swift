/// Collects the diagnostics of one file while its model is read from the parsed JSON.
///
/// Reading never stops at the first problem: every error in the file is reported at once, so
/// the user can fix them in one pass.
final class DocumentReader {
    let file: String
    private let bytes: [UInt8]
    /// For a first look at a big file (see `CollectionLoader.load`): each list of folders and of
    /// requests is read up to this many elements. Nil reads everything.
    let listLimit: Int?
    /// What a first look still reads of all its lists together (ten lists' worth), in file order:
    /// folders nested three deep, a hundred of each, would otherwise be read whole.
    private var listBudget: Int
    /// Made at the first diagnostic: a file without any is not scanned for its lines.
    private lazy var source = SourceText(bytes)
    private(set) var diagnostics: [Diagnostic] = []
    /// Names that must be unique in the file ("request id", "environment"), with where each was first seen.
    /// One table per kind, found by a look along a list of two: a million claims hashed the kind's
    /// name twice each as well.
    private var firstUse: [(kind: String, field: String, names: [String: FirstUse])] = []

    /// Where a name was first used, in eight bytes: the object holding it, as the index of its
    /// container's path in `places` and its index there (-1: the place is the object itself). A
    /// million requests keep one shared container path, not a path object each (which cost a
    /// fifth of reading such a file, most of it in freeing them), and a table a third the size.
    private struct FirstUse {
        var place: Int32
        var index: Int32
    }

    /// JSONPaths of this file already found valid: checks repeat their paths (`$.id` in every
    /// request), and parsing one is most of reading such a check.
    var validJSONPaths: Set<String> = []

    /// The containers (or objects) `FirstUse`s name; the last one is tried first, by identity.
    private var places: [DocumentPath] = []

    private func firstUse(of object: DocumentPath) -> FirstUse {
        var place = object
        var index: Int32 = -1
        if let (container, last) = object.split, case .index(let position) = last, position <= Int(Int32.max) {
            place = container
            index = Int32(position)
        }
        if let latest = places.last, latest.isSame(as: place) {
            return FirstUse(place: Int32(places.count - 1), index: index)
        }
        places.append(place)
        return FirstUse(place: Int32(places.count - 1), index: index)
    }

    private func path(of use: FirstUse, field: String) -> DocumentPath {
        let place = places[Int(use.place)]
        return (use.index < 0 ? place : place.appending(index: Int(use.index))).appending(field)
    }

    init(file: String, bytes: [UInt8], listLimit: Int? = nil) {
        self.file = file
        self.bytes = bytes
        self.listLimit = listLimit
        listBudget = (listLimit ?? 0) * 10
    }

    /// How many elements of a list of `count` a first look reads (all without one), from what
    /// its budget has left.
    func listCount(_ count: Int) -> Int {
        guard let listLimit else { return count }
        let taken = min(count, listLimit, listBudget)
        listBudget -= taken
        return taken
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
        if let first = firstUse[table].names.updateValue(firstUse(of: object), forKey: name) {
            // The first use stays the one named.
            firstUse[table].names[name] = first
            let firstPath = path(of: first, field: firstUse[table].field)
            report(
                .error, "duplicate \(kind) \"\(name)\" (first used at \(firstPath))", at: offset,
                path: object.appending(field))
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
        guard let members = node.objectMembers else {
            report(.error, "expected an object; found \(node.kindName)", at: node.offset, path: path)
            return nil
        }
        for member in Self.repeatedMembers(members, of: node) {
            let key = node.key(of: member)
            report(
                .error, "duplicate field \"\(key)\"", at: node.keyOffset(of: member), path: path.appending(key))
        }
        return ObjectFields(reader: self, path: path, object: node, members: members)
    }

    /// Members whose key an earlier member already has. Most objects in a collection have a
    /// handful of members: comparing each with the earlier ones (in the file's bytes) is cheaper
    /// than hashing every key into a set, which only larger objects (a long variables map) get.
    private static func repeatedMembers(_ members: [SourceNode.Member], of object: SourceNode) -> [SourceNode.Member] {
        if members.count <= 16 {
            return members.indices.filter { index in
                members[..<index].contains { object.sameKey($0, members[index]) }
            }.map { members[$0] }
        }
        var seen: Set<String> = []
        return members.filter { !seen.insert(object.key(of: $0)).inserted }
    }

    /// Reads every element of an array with `element`; `nil` elements (already reported) are skipped.
    /// `limit` stops after that many elements (a first look).
    func array<T>(
        _ node: SourceNode, at path: DocumentPath, limit: Int? = nil, _ element: (SourceNode, DocumentPath) -> T?
    ) -> [T] {
        guard case .array(let all) = node.kind else {
            report(.error, "expected an array; found \(node.kindName)", at: node.offset, path: path)
            return []
        }
        let items = all.prefix(limit ?? all.count)
        // Reserved first: a million requests grown into by doubling were copied over twice.
        var result: [T] = []
        result.reserveCapacity(items.count)
        // Shared once, not once per element.
        let list = path.shared
        for (index, item) in items.enumerated() {
            if let value = element(item, list.appending(index: index)) { result.append(value) }
        }
        return result
    }
}
