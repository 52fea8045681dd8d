import JSONTree

/// Turns a JSON body into the value a snapshot stores and compares: members sorted by name,
/// numbers in `CanonicalNumber` form, ignored values replaced by `ignoredMarker`, the items of
/// keyed arrays sorted by their key, secrets masked. The same function reads the response and the
/// stored snapshot, so a changed `ignore` list applies to both at once.
struct SnapshotCanonicalizer {
    /// What an ignored value is stored as: its presence is still compared, its value is not.
    static let ignoredMarker = "<ignored>"
    /// Bodies nest far less; the limit keeps the recursive walk safe on any thread's stack.
    static let maximumDepth = 200

    let document: JSONDocument
    let ignored: Set<JSONNode>
    let keyed: [JSONNode: String]
    let redactor: Redactor

    init(document: JSONDocument, options: SnapshotOptions, redactor: Redactor) {
        self.document = document
        self.redactor = redactor
        var ignored = Set<JSONNode>()
        for text in options.ignore {
            guard let path = try? JSONPath(text) else { continue }
            ignored.formUnion(path.select(in: document))
        }
        self.ignored = ignored
        var keyed: [JSONNode: String] = [:]
        for arrayKey in options.keys {
            guard let path = try? JSONPath(arrayKey.path) else { continue }
            for node in path.select(in: document) where document.kind(node) == .array { keyed[node] = arrayKey.key }
        }
        self.keyed = keyed
    }

    func value() throws(SnapshotError) -> StoredJSON {
        try value(document.root, depth: 0)
    }

    private func value(_ node: JSONNode, depth: Int) throws(SnapshotError) -> StoredJSON {
        if ignored.contains(node) { return .string(Self.ignoredMarker) }
        guard depth < Self.maximumDepth else {
            throw SnapshotError("the body nests deeper than \(Self.maximumDepth) levels: too deep for a snapshot")
        }
        switch document.kind(node) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(CanonicalNumber.text(document.numberText(node) ?? "0"))
        case .string: return .string(masked(document.string(node) ?? ""))
        case .array:
            var items: [StoredJSON] = []
            for child in document.children(node) { items.append(try value(child, depth: depth + 1)) }
            if let key = keyed[node] { items = Self.sorted(items, by: key) }
            return .array(items)
        case .object:
            var members: [StoredJSON.Member] = []
            for child in document.children(node) {
                members.append(StoredJSON.Member(masked(document.key(child) ?? ""), try value(child, depth: depth + 1)))
            }
            members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return .object(members)
        }
    }

    private func masked(_ text: String) -> String {
        redactor.isEmpty ? text : redactor.redact(text)
    }

    /// Items with the key first, ordered by its value (numbers as numbers); items without it after
    /// them in the order received. The sort is stable, so equal keys keep their order.
    static func sorted(_ items: [StoredJSON], by key: String) -> [StoredJSON] {
        let keyedItems = items.enumerated().map { index, item in (index, item, item[key]) }
        return keyedItems.sorted { left, right in
            switch (left.2, right.2) {
            case (nil, nil): return left.0 < right.0
            case (nil, _): return false
            case (_, nil): return true
            case (let a?, let b?):
                let order = compare(a, b)
                return order != 0 ? order < 0 : left.0 < right.0
            }
        }.map(\.1)
    }

    private static func compare(_ left: StoredJSON, _ right: StoredJSON) -> Int {
        switch (left, right) {
        case (.number(let a), .number(let b)): return JSONNumberText.compare(a, b) ?? 0
        case (.number, _): return -1
        case (_, .number): return 1
        default:
            let a = left.compact()
            let b = right.compact()
            return a == b ? 0 : a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
        }
    }
}
