import JSONTree

/// Turns a JSON body into the text a snapshot stores and compares: members sorted by name,
/// numbers in `CanonicalNumber` form, ignored values replaced by `ignoredMarker`, the items of
/// keyed arrays sorted by their key, secrets masked. The same function reads the response and the
/// stored snapshot, so a changed `ignore` list applies to both at once.
///
/// The text is written straight off JSONTree's tape (`SnapshotBodyWriter`): no tree of values is
/// made, so a 40 MB body costs its canonical text and a little scratch, and two snapshots are
/// compared by their bytes before any diff is worked out.
struct SnapshotCanonicalizer {
    /// What an ignored value is stored as: its presence is still compared, its value is not.
    static let ignoredMarker = "<ignored>"
    /// Bodies nest far less; the limit keeps the recursive walk safe on any thread's stack.
    static let maximumDepth = 200

    let document: JSONDocument
    /// The value made canonical: the document's root, or a value inside it (a snapshot file's
    /// `body`) when no JSONPath has to be evaluated against it.
    let root: JSONNode
    let ignored: Set<JSONNode>
    /// The arrays matched by key, with the key member's name (UTF-8).
    let keyed: [JSONNode: [UInt8]]
    let redactor: Redactor

    /// The canonicalizer of `document`'s root; the options' JSONPaths are evaluated against it.
    init(document: JSONDocument, options: SnapshotOptions, redactor: Redactor) {
        self.document = document
        self.root = document.root
        self.redactor = redactor
        var ignored = Set<JSONNode>()
        for text in options.ignore {
            guard let path = try? JSONPath(text) else { continue }
            ignored.formUnion(path.select(in: document))
        }
        self.ignored = ignored
        var keyed: [JSONNode: [UInt8]] = [:]
        for arrayKey in options.keys {
            guard let path = try? JSONPath(arrayKey.path) else { continue }
            for node in path.select(in: document) where document.kind(node) == .array {
                keyed[node] = Array(arrayKey.key.utf8)
            }
        }
        self.keyed = keyed
    }

    /// The canonicalizer of the value at `node`, for options without JSONPaths (nothing ignored,
    /// no keyed arrays): a stored snapshot's body is read in place, not copied and parsed again.
    init(document: JSONDocument, value node: JSONNode, redactor: Redactor) {
        self.document = document
        self.root = node
        self.ignored = []
        self.keyed = [:]
        self.redactor = redactor
    }

    /// The canonical text: pretty as a snapshot file holds it under `"body"` (nested lines
    /// indented from `depth`, the first line not), or compact.
    func text(pretty: Bool = true, depth: Int = 1) throws(SnapshotError) -> [UInt8] {
        var writer = SnapshotBodyWriter(self, pretty: pretty, indent: depth)
        writer.reserve(document.byteRange(root).count)
        try writer.write(root, level: 0)
        return writer.output
    }

    /// The canonical body as a snapshot keeps it.
    func value() throws(SnapshotError) -> SnapshotJSON {
        SnapshotJSON(text: try text())
    }
}
