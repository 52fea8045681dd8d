import JSONTree

/// A parsed JSON value that remembers where it starts in the file, so a mistake found while
/// reading the collection can be reported at its line and column.
///
/// A place in the file's `JSONDocument`, read when asked: a value's text is decoded, and an
/// array's or object's children listed, only by the reader that looks at it. Nothing is built
/// for the whole file beside its index (a million-request collection held a tree of a quarter
/// of a gigabyte, built and freed whole, before its model was read).
struct SourceNode: Sendable {
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([SourceNode])
        case object([SourceMember])
    }

    /// The parsed file: one reference, so copying a node costs one retain.
    private let file: SourceFile
    private let node: JSONNode

    init(_ file: SourceFile, _ node: JSONNode) {
        self.file = file
        self.node = node
    }

    /// The value, its text decoded and its children listed (each call lists them again: a
    /// reader asks once per value).
    var kind: Kind {
        let document = file.document
        switch document.kind(node) {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(document.numberText(node) ?? "0")
        case .string: return .string(document.string(node) ?? "")
        case .array:
            var items: [SourceNode] = []
            items.reserveCapacity(document.childCount(node))
            for child in document.children(node) { items.append(SourceNode(file, child)) }
            return .array(items)
        case .object:
            var members: [SourceMember] = []
            members.reserveCapacity(document.childCount(node))
            for child in document.children(node) {
                members.append(SourceMember(key: document.key(child) ?? "", value: SourceNode(file, child)))
            }
            return .object(members)
        }
    }

    /// Byte offset of the value's first character.
    var offset: Int { file.document.valueStart(node) }

    /// How many items or members a container holds (0 for other values), without listing them.
    var childCount: Int { file.document.childCount(node) }

    /// The value without positions.
    var stored: StoredJSON {
        switch kind {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let text): .number(text)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(\.stored))
        case .object(let members): .object(members.map { StoredJSON.Member($0.key, $0.value.stored) })
        }
    }

    /// A short name for the kind of value, for "expected a string; found an array" messages.
    var kindName: String {
        switch file.document.kind(node) {
        case .null: "null"
        case .true, .false: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The offset of the opening quote of the member name before this value.
    fileprivate var keyOffset: Int { SourceFile.keyStart(before: offset, in: file.document.bytes) }

    // MARK: Members read in place

    /// A member of an object as a place in the file: its value, and where its name is written
    /// (a length of -1 when the name has escapes, and is decoded to be compared).
    struct Member: Sendable {
        let node: JSONNode
        let keyStart: Int
        let keyLength: Int
    }

    /// The members of an object, nil for other values: a reader looks its fields up by name
    /// against the file's bytes (length first) and decodes only the names it reports or keeps.
    /// Listing them as `SourceMember`s decoded every name and retained the file once per member,
    /// a third of reading a collection.
    var objectMembers: [Member]? {
        let document = file.document
        guard document.kind(node) == .object else { return nil }
        var members: [Member] = []
        members.reserveCapacity(document.childCount(node))
        var cursor = document.childCursor(node)
        while let child = cursor.next(in: document) {
            let range = document.unescapedKeyRange(child)
            members.append(Member(node: child, keyStart: range?.lowerBound ?? 0, keyLength: range?.count ?? -1))
        }
        return members
    }

    /// One of `objectMembers`' values.
    func value(of member: Member) -> SourceNode { SourceNode(file, member.node) }

    /// Where one of `objectMembers`' names starts (its opening quote).
    func keyOffset(of member: Member) -> Int { value(of: member).keyOffset }

    /// One of `objectMembers`' names, decoded.
    func key(of member: Member) -> String { file.document.key(member.node) ?? "" }

    /// Whether one of `objectMembers` is named `key`. A reader tries each of its field names
    /// against each member, and most differ in length: that test is inlined, the bytes are
    /// compared only for a name of the same length.
    @inline(__always)
    func keyEquals(_ member: Member, _ key: String) -> Bool {
        guard member.keyLength == key.utf8.count || member.keyLength < 0 else { return false }
        return keyBytesEqual(member, key)
    }

    /// The bytes at the name's known place (`JSONDocument.keyEquals` would find its end again:
    /// 2 % more to read a collection); an escaped name is decoded.
    private func keyBytesEqual(_ member: Member, _ key: String) -> Bool {
        guard member.keyLength >= 0 else { return self.key(of: member) == key }
        var key = key
        return key.withUTF8 {
            file.document.bytesEqual(member.keyStart..<(member.keyStart + member.keyLength), bytes: $0)
        }
    }

    /// Whether two of `objectMembers` have the same name: their known lengths first.
    func sameKey(_ member: Member, _ other: Member) -> Bool {
        if member.keyLength >= 0, other.keyLength >= 0, member.keyLength != other.keyLength { return false }
        return file.document.sameKey(member.node, as: other.node, in: file.document)
    }

    /// The first of `candidates` whose `text` this string value is, compared in the file's bytes
    /// when it has no escapes; nil when none is, or the value is not a string.
    func firstString<Candidate>(among candidates: some Sequence<Candidate>, _ text: (Candidate) -> String) -> Candidate?
    {
        let document = file.document
        guard document.kind(node) == .string else { return nil }
        guard let range = document.unescapedStringRange(node) else {
            let decoded = document.string(node)
            return candidates.first { text($0) == decoded }
        }
        for candidate in candidates {
            var wanted = text(candidate)
            if wanted.utf8.count == range.count, wanted.withUTF8({ document.bytesEqual(range, bytes: $0) }) {
                return candidate
            }
        }
        return nil
    }
}

/// One object member; its key's position is found when a message needs it.
struct SourceMember: Sendable {
    var key: String
    var value: SourceNode

    /// Offset of the key's opening quote.
    var keyOffset: Int { value.keyOffset }
}

/// A parsed file whose values `SourceNode`s read.
final class SourceFile: Sendable {
    let document: JSONDocument

    init(_ document: JSONDocument) {
        self.document = document
    }
}
