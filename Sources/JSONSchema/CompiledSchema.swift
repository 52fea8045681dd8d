import JSONTree

/// A schema compiled once and reused across documents: every schema object reachable from the
/// root (through subschemas and references, in this and other documents) is one `SchemaNode` in
/// an array, and keywords name other nodes by index, so reference cycles are plain indices.
/// A value: `Sendable`, validate from any thread.
package struct CompiledSchema: Sendable {
    let nodes: [SchemaNode]
    let root: Int
    /// The schema documents, for `const` and `enum` values.
    let documents: [JSONDocument]
    /// `$dynamicAnchor`s by resource (a node with `resource` set names one).
    let resources: [SchemaResource]
    package let options: SchemaOptions
    /// The dialect the root was read as.
    package let dialect: SchemaDialect
}

/// A schema resource (a document root or a subschema with `$id`) and its dynamic anchors.
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
    var keywords: [SchemaKeyword] = []
    /// The node's own location: URI and JSON Pointer fragment (`#/properties/a`).
    var location: String
    /// Index into `CompiledSchema.resources` when this node starts a resource.
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
}

/// One property of `properties`: its name as UTF-8 (compared in place with the document's keys).
struct PropertySchema: Sendable {
    let name: String
    let utf8: [UInt8]
    let schema: Int
}

/// `properties`, `patternProperties` and `additionalProperties` together: additional means
/// "matched by neither of the others".
struct ObjectApplicator: Sendable {
    var properties: [PropertySchema] = [] {
        didSet {
            byHash = [:]
            for (offset, property) in properties.enumerated() {
                byHash[JSONDocument.keyHash(name: property.utf8), default: []].append(offset)
            }
        }
    }
    /// Indices into `properties` by `JSONDocument.keyHash` of the name.
    private(set) var byHash: [UInt64: [Int]] = [:]
    var patterns: [(regex: IRegexp, source: String, schema: Int)] = []
    var additional: Int?
}

/// `minimum` and friends.
enum BoundKind: String, Sendable {
    case minimum, exclusiveMinimum, maximum, exclusiveMaximum
}

/// A compiled keyword. Order in `SchemaNode.keywords` is evaluation order; the unevaluated
/// ones always come last.
enum SchemaKeyword: Sendable {
    case type(TypeMask)
    case enumeration([SchemaValue])
    case constant(SchemaValue)
    case multipleOf(JSONDecimal, text: String)
    case bound(JSONDecimal, text: String, kind: BoundKind)
    case minLength(Int)
    case maxLength(Int)
    case pattern(IRegexp, source: String)
    case format(SchemaFormat)
    case minItems(Int)
    case maxItems(Int)
    case uniqueItems
    case minProperties(Int)
    case maxProperties(Int)
    case required([PropertyName])
    case dependentRequired([(PropertyName, [PropertyName])])
    case object(ObjectApplicator)
    case propertyNames(Int)
    case dependentSchemas([(PropertyName, Int)])
    /// `prefixItems` + `items` (draft-07: `items` array + `additionalItems`).
    case items(prefix: [Int], rest: Int?, restKeyword: String)
    case contains(Int, minimum: Int, maximum: Int?)
    case allOf([Int])
    case anyOf([Int])
    case oneOf([Int])
    case not(Int)
    case conditional(if: Int, then: Int?, else: Int?)
    case ref(Int, keyword: String)
    case dynamicRef(Int, anchor: String)
    /// OpenAPI's `discriminator`: the property naming the branch, and the branch per value.
    case discriminator(property: PropertyName, mapping: [String: Int])
    /// OpenAPI's `readOnly`/`writeOnly`: this value must not be sent in this direction.
    case forbidden(SchemaDirection, keyword: String)
    case unevaluatedItems(Int)
    case unevaluatedProperties(Int)

    /// The keyword's name, for schema paths.
    var name: String {
        switch self {
        case .type: "type"
        case .enumeration: "enum"
        case .constant: "const"
        case .multipleOf: "multipleOf"
        case .bound(_, _, let kind): kind.rawValue
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
        case .items(let prefix, _, let restKeyword): prefix.isEmpty ? restKeyword : "prefixItems"
        case .contains: "contains"
        case .allOf: "allOf"
        case .anyOf: "anyOf"
        case .oneOf: "oneOf"
        case .not: "not"
        case .conditional: "if"
        case .ref(_, let keyword): keyword
        case .dynamicRef: "$dynamicRef"
        case .discriminator: "discriminator"
        case .forbidden(_, let keyword): keyword
        case .unevaluatedItems: "unevaluatedItems"
        case .unevaluatedProperties: "unevaluatedProperties"
        }
    }
}

/// A property name as text and UTF-8.
struct PropertyName: Sendable {
    let name: String
    let utf8: [UInt8]
    init(_ name: String) {
        self.name = name
        utf8 = Array(name.utf8)
    }
}
