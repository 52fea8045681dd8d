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

/// One schema object's members that are keywords, read in one pass: a lookup is a bit test and a
/// lane of a fixed vector (a lane per word), not a dictionary of every member's name. A plain
/// value without a heap array: one was allocated, retained and freed per schema object, a large
/// share of compiling a small schema.
struct SchemaMembers {
    /// Each word's member as its tape index (entries never exceed the body's 32-bit size); read
    /// only where `present` has the word's bit.
    private var nodes = SIMD64<UInt32>()
    private var present: UInt64 = 0

    init(_ object: JSONNode, in document: JSONDocument) {
        var cursor = document.childCursor(object)
        while let child = cursor.next(in: document) {
            guard let word = SchemaWord(member: child, in: document) else { continue }
            self[word] = child
        }
    }

    /// The member named `word` (the last one, if repeated).
    subscript(word: SchemaWord) -> JSONNode? {
        get {
            guard present & Self.bit(word) != 0 else { return nil }
            return JSONNode(index: Int(nodes[word.rawValue]))
        }
        set {
            if let newValue {
                nodes[word.rawValue] = UInt32(truncatingIfNeeded: newValue.index)
                present |= Self.bit(word)
            } else {
                present &= ~Self.bit(word)
            }
        }
    }

    /// The bits of `words` (a bit per word's raw value) whose word is present.
    func present(among words: UInt64) -> UInt64 { present & words }

    private static func bit(_ word: SchemaWord) -> UInt64 { 1 << UInt64(word.rawValue) }
}
