import JSONTree

/// A schema compiled once and reused across documents: every schema object reachable from the
/// root (through subschemas and references, in this and other documents) is one `SchemaNode` in
/// an array, and keywords name other nodes by index, so reference cycles are plain indices.
/// A value: `Sendable`, validate from any thread.
package struct CompiledSchema: Sendable {
    /// The nodes, their keywords and the keywords' tables.
    let program: SchemaProgram
    let root: Int
    /// The schema documents, for `const` and `enum` values.
    let documents: [JSONDocument]
    /// Each document's URI, for the schema paths of findings.
    let documentURIs: [String]
    /// `$dynamicAnchor`s by resource (a node with `resource` set names one).
    let resources: [SchemaResource]
    package let options: SchemaOptions
    /// The dialect the root was read as.
    package let dialect: SchemaDialect

    init(
        nodes: [SchemaNode], keywords: [SchemaKeyword], tables: SchemaTables, root: Int, documents: [JSONDocument],
        documentURIs: [String], resources: [SchemaResource], options: SchemaOptions, dialect: SchemaDialect
    ) {
        program = SchemaProgram(nodes: nodes, keywords: keywords, tables: tables)
        self.root = root
        self.documents = documents
        self.documentURIs = documentURIs
        self.resources = resources
        self.options = options
        self.dialect = dialect
    }

    /// Node `index`'s location: URI and JSON Pointer fragment (`#/properties/a`). Worded only
    /// for a finding: compiling a schema makes no text per node.
    func location(of index: Int) -> String {
        let source = program.nodes[index].source
        return documentURIs[source.document] + "#" + documents[source.document].jsonPointer(source.node)
    }
}

/// The compiled nodes, every node's keywords one after another (`SchemaNode.keywordStart..<
/// keywordEnd`) and the keywords' tables. The evaluator keeps a copy and reads it in place — one
/// trivially copyable keyword at a time, the tables' entries field by field — without retaining
/// an array per keyword it applies. (Behind a class reference, even `unowned(unsafe)`, every read
/// retained the object: validation took twice as long.)
struct SchemaProgram: Sendable {
    let nodes: [SchemaNode]
    let keywords: [SchemaKeyword]
    let tables: SchemaTables
    /// `tables.objects` laid out flat for the evaluator: per object its place in the three
    /// arrays below; every object's hash slots, then per property its key hash, target node and
    /// name (a range of `propertyNameBytes`). Trivial values in top-level arrays: reading them
    /// retains nothing (an object's own arrays were retained for each instance object).
    let objectLayouts: [ObjectLayout]
    let propertySlots: [Int32]
    let propertyHashes: [UInt64]
    let propertyTargets: [Int32]
    let propertyNameRanges: [Range<Int32>]
    let propertyNameBytes: [UInt8]

    /// Per `SchemaTables.nameLists` entry (a `required` list): the `properties` table of the same
    /// node and a bit per property index naming every required name, when all of them are among
    /// the first 64 properties (object −1 otherwise). `properties` is applied just before
    /// `required` and notes which of its properties it met (`SchemaEvaluator.metProperties`):
    /// `required` then holds without walking and hashing the members a second time.
    let requiredCoverage: [(object: Int, mask: UInt64)]

    struct ObjectLayout {
        var slotStart: Int
        /// Slot count − 1; −1 when there are no properties.
        var slotMask: Int
        var propertyStart: Int
    }

    /// `nodes` name their ranges of `keywords`, laid out by the compiler.
    init(nodes: [SchemaNode], keywords: [SchemaKeyword], tables: SchemaTables) {
        requiredCoverage = Self.requiredCoverage(nodes: nodes, keywords: keywords, tables: tables)
        self.nodes = nodes
        self.keywords = keywords
        self.tables = tables
        var layouts: [ObjectLayout] = []
        var slots: [Int32] = []
        var hashes: [UInt64] = []
        var targets: [Int32] = []
        var ranges: [Range<Int32>] = []
        var names: [UInt8] = []
        for object in tables.objects {
            let slotStart = slots.count
            // Open addressing by name hash, a power of two long and at most half full: a
            // property's index or -1.
            var size = 1
            while size < 2 * object.properties.count { size *= 2 }
            layouts.append(
                ObjectLayout(
                    slotStart: slotStart, slotMask: object.properties.isEmpty ? -1 : size - 1,
                    propertyStart: hashes.count))
            if !object.properties.isEmpty {
                slots.append(contentsOf: repeatElement(-1, count: size))
                for (offset, property) in object.properties.enumerated() {
                    var slot = Int(truncatingIfNeeded: property.hash) & (size - 1)
                    while slots[slotStart + slot] >= 0 { slot = (slot + 1) & (size - 1) }
                    slots[slotStart + slot] = Int32(offset)
                }
            }
            for property in object.properties {
                hashes.append(property.hash)
                targets.append(Int32(property.schema))
                ranges.append(Int32(names.count)..<Int32(names.count + property.name.utf8.count))
                names.append(contentsOf: property.name.utf8)
            }
        }
        objectLayouts = layouts
        propertySlots = slots
        propertyHashes = hashes
        propertyTargets = targets
        propertyNameRanges = ranges
        propertyNameBytes = names
    }
}

/// A schema resource (a document root or a subschema with `$id`) with `$dynamicAnchor`s, and
/// those anchors (a resource without any is not listed: it changes no `$dynamicRef`).
struct SchemaResource: Sendable {
    let uri: String
    var dynamicAnchors: [String: Int]
}

/// A value inside one of the schema documents.
struct SchemaValue: Sendable {
    let document: Int
    let node: JSONNode
}

/// One compiled schema object (or boolean schema).
struct SchemaNode: Sendable {
    /// `true`/`false` schemas.
    var boolean: Bool?
    /// The node's keywords: `SchemaProgram.keywords[keywordStart..<keywordEnd]`.
    var keywordStart = 0
    var keywordEnd = 0
    /// Where the schema object is (`CompiledSchema.location(of:)` words it).
    var source: SchemaLocation
    /// Index into `CompiledSchema.resources` when this node starts a resource with dynamic anchors.
    var resource: Int?
    /// It has `unevaluatedProperties` or `unevaluatedItems`: its in-place subschemas report
    /// which members and items they evaluated.
    var collectsAnnotations = false
}

/// The JSON types a `type` keyword allows, as bits.
struct TypeMask: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = TypeMask(rawValue: 1)
    static let boolean = TypeMask(rawValue: 2)
    static let object = TypeMask(rawValue: 4)
    static let array = TypeMask(rawValue: 8)
    static let number = TypeMask(rawValue: 16)
    static let string = TypeMask(rawValue: 32)
    static let integer = TypeMask(rawValue: 64)

    static let names: [(String, TypeMask)] = [
        ("null", .null), ("boolean", .boolean), ("object", .object), ("array", .array), ("number", .number),
        ("string", .string), ("integer", .integer),
    ]
    static let utf8Names = names.map { (Array($0.0.utf8), $0.1) }
}

/// One property of `properties`: its name and the name's `JSONDocument.keyHash` (read off the
/// schema's member: no bytes copied per property).
struct PropertySchema: Sendable {
    let name: String
    let hash: UInt64
    let schema: Int
}

/// `properties`, `patternProperties` and `additionalProperties` together: additional means
/// "matched by neither of the others".
struct ObjectApplicator: Sendable {
    /// Laid out for lookups by `SchemaProgram` (hash slots, names as bytes).
    var properties: [PropertySchema] = []
    var patterns: [(regex: IRegexp, source: String, schema: Int)] = []
    var additional: Int?
}

/// A `minimum`, `maximum` or `multipleOf` value: exact, as written, and as an Int when it is a
/// whole number that fits (then an integer instance is compared without reading a decimal).
struct SchemaNumber: Sendable {
    let value: JSONDecimal
    let text: String
    let integer: Int?
}

/// `enum`'s values; their UTF-8 when every value is a string (the usual case), compared in place
/// with the instance's bytes.
struct SchemaEnumeration: Sendable {
    let values: [SchemaValue]
    let strings: [[UInt8]]?
}

/// The payloads of keywords that hold references (lists, maps, regexes, decimals), by index, so
/// that `SchemaKeyword` itself holds none.
struct SchemaTables: Sendable {
    var schemaLists: [[Int]] = []
    var enumerations: [SchemaEnumeration] = []
    var numbers: [SchemaNumber] = []
    var patterns: [(regex: IRegexp, source: String)] = []
    var nameLists: [[PropertyName]] = []
    var dependentRequired: [[(PropertyName, [PropertyName])]] = []
    var objects: [ObjectApplicator] = []
    var dependentSchemas: [[(PropertyName, Int)]] = []
    var anchors: [String] = []
    var discriminators: [(property: PropertyName, mapping: [String: Int])] = []

    /// Appends `value` to `table` (one of these tables); its index. An `inout` array rather
    /// than a key path: applying a key path went through the runtime for every keyword compiled.
    static func add<Value>(_ value: Value, to table: inout [Value]) -> Int {
        table.append(value)
        return table.count - 1
    }
}

/// `minimum` and friends.
enum BoundKind: String, Sendable {
    case minimum, exclusiveMinimum, maximum, exclusiveMaximum

    /// In the order the compiler reads them (a stored list: an array literal in the loop was
    /// allocated for every schema object).
    static let all: [BoundKind] = [.minimum, .exclusiveMinimum, .maximum, .exclusiveMaximum]
}

/// A compiled keyword. Order in a node's keywords is evaluation order; the unevaluated ones
/// always come last. Trivially copyable: lists, maps, regexes and decimals are indices into
/// `SchemaTables` (the evaluator copies each keyword it applies, millions per large document;
/// a reference inside would cost a retain and a release each time).
enum SchemaKeyword: Sendable {
    case type(TypeMask)
    /// `SchemaTables.enumerations`.
    case enumeration(Int)
    case constant(SchemaValue)
    /// `SchemaTables.numbers`.
    case multipleOf(Int)
    case bound(Int, kind: BoundKind)
    case minLength(Int)
    case maxLength(Int)
    /// `SchemaTables.patterns`.
    case pattern(Int)
    case format(SchemaFormat)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case minProperties(Int)
    case maxProperties(Int)
    /// `SchemaTables.nameLists`.
    case required(Int)
    /// `SchemaTables.dependentRequired`.
    case dependentRequired(Int)
    /// `SchemaTables.objects`.
    case object(Int)
    case propertyNames(Int)
    /// `SchemaTables.dependentSchemas`.
    case dependentSchemas(Int)
    /// `prefixItems` (a `SchemaTables.schemaLists` index) + `items` (draft-07: `items` array +
    /// `additionalItems`).
    case items(prefix: Int?, rest: Int?)
    case contains(Int, minimum: Int, maximum: Int?)
    /// `SchemaTables.schemaLists`, as are `anyOf` and `oneOf`.
    case allOf(Int)
    case anyOf(Int)
    case oneOf(Int)
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    /// `$ref`, or a `$dynamicRef` that acts as one.
    case ref(Int, dynamic: Bool)
    /// The anchor is a `SchemaTables.anchors` index.
    case dynamicRef(Int, anchor: Int)
    /// OpenAPI's `discriminator`: `SchemaTables.discriminators`.
    case discriminator(Int)
    /// OpenAPI's `readOnly`/`writeOnly`: this value must not be sent in this direction.
    case forbidden(SchemaDirection)
    case unevaluatedItems(Int)
    case unevaluatedProperties(Int)

    /// The keyword's name, for schema paths.
    var name: String {
        switch self {
        case .type: "type"
        case .enumeration: "enum"
        case .constant: "const"
        case .multipleOf: "multipleOf"
        case .bound(_, let kind): kind.rawValue
        case .minLength: "minLength"
        case .maxLength: "maxLength"
        case .pattern: "pattern"
        case .format: "format"
        case .minItems: "minItems"
        case .maxItems: "maxItems"
        case .uniqueItems: "uniqueItems"
        case .minProperties: "minProperties"
        case .maxProperties: "maxProperties"
        case .required: "required"
        case .dependentRequired: "dependentRequired"
        case .object: "properties"
        case .propertyNames: "propertyNames"
        case .dependentSchemas: "dependentSchemas"
        case .items(let prefix, _): prefix == nil ? "items" : "prefixItems"
        case .contains: "contains"
        case .allOf: "allOf"
        case .anyOf: "anyOf"
        case .oneOf: "oneOf"
        case .not: "not"
        case .conditional: "if"
        case .ref(_, let dynamic): dynamic ? "$dynamicRef" : "$ref"
        case .dynamicRef: "$dynamicRef"
        case .discriminator: "discriminator"
        case .forbidden(let direction): direction == .request ? "readOnly" : "writeOnly"
        case .unevaluatedItems: "unevaluatedItems"
        case .unevaluatedProperties: "unevaluatedProperties"
        }
    }
}

/// A property name as text and UTF-8.
struct PropertyName: Sendable {
    let name: String
    let utf8: [UInt8]
    /// `JSONDocument.keyHash` of the name: a member whose hash differs is not it (no bytes compared).
    let hash: UInt64
    init(_ name: String) {
        self.name = name
        utf8 = Array(name.utf8)
        hash = JSONDocument.keyHash(name: utf8)
    }
}
