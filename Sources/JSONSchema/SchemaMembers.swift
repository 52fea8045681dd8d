import JSONTree

/// The member names the compiler and the registry's scan read. A schema object's members are
/// matched against them by `JSONDocument.keyHash` (no `String` made per member), and unknown
/// names (annotations, vendor keywords) are skipped. At most 64 words: `SchemaMembers` keeps a
/// bit per word.
enum SchemaWord: Int, CaseIterable, Sendable {
    case schema, ref, dynamicRef, id, anchor, dynamicAnchor, defs, definitions
    case type, nullable, enumeration, constant, format
    case multipleOf, minimum, exclusiveMinimum, maximum, exclusiveMaximum
    case minLength, maxLength, pattern
    case items, additionalItems, prefixItems, contains, minContains, maxContains, minItems, maxItems, uniqueItems
    case properties, patternProperties, additionalProperties, propertyNames, required, minProperties, maxProperties
    case dependencies, dependentRequired, dependentSchemas
    case allOf, anyOf, oneOf, not, ifSchema, thenSchema, elseSchema, discriminator
    case readOnly, writeOnly, unevaluatedItems, unevaluatedProperties, contentSchema

    /// The keyword as written in a schema.
    var name: String { Self.names[rawValue] }

    private static let names = [
        "$schema", "$ref", "$dynamicRef", "$id", "$anchor", "$dynamicAnchor", "$defs", "definitions",
        "type", "nullable", "enum", "const", "format",
        "multipleOf", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum",
        "minLength", "maxLength", "pattern",
        "items", "additionalItems", "prefixItems", "contains", "minContains", "maxContains", "minItems", "maxItems",
        "uniqueItems",
        "properties", "patternProperties", "additionalProperties", "propertyNames", "required", "minProperties",
        "maxProperties",
        "dependencies", "dependentRequired", "dependentSchemas",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "discriminator",
        "readOnly", "writeOnly", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]
    private static let utf8 = names.map { Array($0.utf8) }
    /// Words by ten bits of their `JSONDocument.keyHash` (from `slotShift`, chosen so no two words
    /// share a slot; -1 for none): every member of every schema object is looked up, and a
    /// dictionary's hashing cost more than the rest. Any other name is caught by comparing bytes.
    private static let slots: (table: [Int8], shift: UInt64) = {
        let hashes = allCases.map { JSONDocument.keyHash(name: utf8[$0.rawValue]) }
        for shift in UInt64(0)..<54 {
            var table = [Int8](repeating: -1, count: 1024)
            var clean = true
            for (word, hash) in zip(allCases, hashes) {
                let slot = Int(hash >> shift & 1023)
                if table[slot] >= 0 {
                    clean = false
                    break
                }
                table[slot] = Int8(word.rawValue)
            }
            if clean { return (table, shift) }
        }
        preconditionFailure("no ten bits of the keyword hashes tell the keywords apart")
    }()

    /// The keyword a member is named after, nil for any other name.
    init?(member node: JSONNode, in document: JSONDocument) {
        guard let hash = document.keyHash(node) else { return nil }
        let raw = Self.slots.table[Int(hash >> Self.slots.shift & 1023)]
        guard raw >= 0, let word = SchemaWord(rawValue: Int(raw)), document.keyEquals(node, Self.utf8[word.rawValue])
        else { return nil }
        self = word
    }

    /// `minimum` and friends as words.
    init(_ bound: BoundKind) {
        switch bound {
        case .minimum: self = .minimum
        case .exclusiveMinimum: self = .exclusiveMinimum
        case .maximum: self = .maximum
        case .exclusiveMaximum: self = .exclusiveMaximum
        }
    }
}

/// One schema object's members that are keywords, read in one pass: a lookup is a bit test, a
/// population count and a lane of a small vector, not a dictionary of every member's name. The
/// nodes of the words present are kept in word order, the first 16 inline (an object rarely has
/// more keyword members): the registry keeps one per schema object and the compiler copies it,
/// and a lane for each of the 54 words made every copy 264 bytes.
struct SchemaMembers {
    /// The words whose members are stored, a bit each: a word's rank among them is its place.
    private var stored: UInt64 = 0
    /// The words still visible (`remove(_:)` hides one without moving the others).
    private var present: UInt64 = 0
    /// The members of the first 16 stored words, as tape indices (entries never exceed the body's
    /// 32-bit size).
    private var nodes = SIMD16<UInt32>()
    /// The members of stored words past the 16th; empty (no heap storage) in practice.
    private var more: [UInt32] = []

    init(_ object: JSONNode, in document: JSONDocument) {
        // Read in document order into a lane per word (the last of a repeated name wins), then
        // packed in word order.
        var all = SIMD64<UInt32>()
        var cursor = document.childCursor(object)
        while let child = cursor.next(in: document) {
            guard let word = SchemaWord(member: child, in: document) else { continue }
            all[word.rawValue] = UInt32(truncatingIfNeeded: child.index)
            stored |= Self.bit(word)
        }
        present = stored
        var words = stored
        var rank = 0
        while words != 0 {
            let raw = words.trailingZeroBitCount
            words &= words - 1
            if rank < 16 { nodes[rank] = all[raw] } else { more.append(all[raw]) }
            rank += 1
        }
    }

    /// The member named `word` (the last one, if repeated). Inlined: the compiler asks for every
    /// word of every schema object, most of them absent (one bit test).
    @inline(__always)
    subscript(word: SchemaWord) -> JSONNode? {
        let bit = Self.bit(word)
        guard present & bit != 0 else { return nil }
        let rank = (stored & (bit &- 1)).nonzeroBitCount
        return JSONNode(index: Int(rank < 16 ? nodes[rank] : node(past: rank)))
    }

    @inline(never)
    private func node(past rank: Int) -> UInt32 { more[rank - 16] }

    /// Hides `word`'s member (the validation keywords of a meta-schema without that vocabulary).
    mutating func remove(_ word: SchemaWord) {
        present &= ~Self.bit(word)
    }

    /// The bits of `words` (a bit per word's raw value) whose word is present.
    func present(among words: UInt64) -> UInt64 { present & words }

    private static func bit(_ word: SchemaWord) -> UInt64 { 1 << UInt64(word.rawValue) }
}
