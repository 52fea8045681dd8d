package import JSONTree

/// Loads a schema document named by an absolute URI (without fragment) — another local file,
/// a remote the tests serve — or nil when the caller knows no such document. No network.
package typealias SchemaLoader = @Sendable (String) throws -> JSONDocument?

/// Where a schema value sits: which document, which node.
struct SchemaLocation: Hashable, Sendable {
    let document: Int
    let node: JSONNode
}

/// What the scan learnt about a schema object: its base URI and dialect.
struct ScopeInfo: Sendable {
    let base: String
    let dialect: SchemaDialect
}

/// What is known about one schema location: its scope, its keyword members (nil for a boolean
/// schema or a place the scan did not walk) and, once compiled, its node. One record, so that
/// scanning and compiling a schema fill one map rather than three (each allocated per compile).
struct SchemaPlace {
    var scope: ScopeInfo
    var members: SchemaMembers?
    /// The compiled node's index; -1 until compiled.
    var compiled: Int32 = -1
}

/// The identifiers of every schema document seen: resources by URI (`$id`), anchors
/// (`$anchor`, `$dynamicAnchor`, draft-07's `"$id": "#name"`), dynamic anchors per resource,
/// and each schema object's base URI and dialect. Filled by a scan of a document before
/// anything in it is compiled, so a reference may point forward.
struct SchemaRegistry {
    var documents: [JSONDocument] = []
    var documentURIs: [String] = []
    var resources: [String: SchemaLocation] = [:]
    var anchors: [String: SchemaLocation] = [:]
    var dynamicAnchors: [String: [String: SchemaLocation]] = [:]
    /// Every scanned schema value's place (keyword members read once here, used by the compiler).
    var places = SchemaLocationMap<SchemaPlace>()

    /// The scope the scan found at `location`, nil for a place it did not walk.
    func scope(at location: SchemaLocation) -> ScopeInfo? {
        places.position(of: location).map { places[position: $0].scope }
    }

    /// The keyword members the scan read at `location`.
    func members(at location: SchemaLocation) -> SchemaMembers? {
        places.position(of: location).flatMap { places[position: $0].members }
    }

    /// Keywords whose value is one subschema, an array of them, or an object of them, per dialect.
    static func subschemaShape(_ keyword: SchemaWord, dialect: SchemaDialect) -> SubschemaShape? {
        switch keyword {
        case .additionalProperties, .propertyNames, .not, .ifSchema, .thenSchema, .elseSchema, .contains:
            return .single
        case .allOf, .anyOf, .oneOf: return .array
        case .properties, .patternProperties: return .map
        default: break
        }
        if dialect.isDraft7Like {
            switch keyword {
            case .items: return .singleOrArray
            case .additionalItems: return .single
            case .definitions, .dependencies: return .map
            default: return nil
            }
        }
        switch keyword {
        case .items, .unevaluatedItems, .unevaluatedProperties, .contentSchema: return .single
        case .prefixItems: return .array
        case .defs, .dependentSchemas: return .map
        case .definitions: return .map
        default: return nil
        }
    }

    enum SubschemaShape {
        case single, array, map, singleOrArray
    }

    /// A bit per word that holds subschemas in some dialect (`SchemaMembers.present(among:)`).
    static let subschemaWords = SchemaWord.allCases.reduce(UInt64(0)) { bits, word in
        subschemaShape(word, dialect: .draft7) != nil || subschemaShape(word, dialect: .draft202012) != nil
            ? bits | 1 << UInt64(word.rawValue) : bits
    }

    /// Adds a document whose root has the URI `uri` and records every identifier in it. The
    /// walk is iterative and bounded by the parser's depth limit.
    mutating func add(_ document: JSONDocument, uri: String, dialect: SchemaDialect, explicit: Bool) -> Int {
        let index = documents.count
        documents.append(document)
        documentURIs.append(uri)
        resources[uri] = SchemaLocation(document: index, node: document.root)
        places.reserve(document: index, entries: document.tapeCount)
        var stack: [(JSONNode, String, SchemaDialect)] = []
        stack.reserveCapacity(16)
        stack.append((document.root, uri, dialect))
        while let (node, parentBase, parentDialect) = stack.popLast() {
            let location = SchemaLocation(document: index, node: node)
            guard document.kind(node) == .object else {
                places[location] = SchemaPlace(scope: ScopeInfo(base: parentBase, dialect: parentDialect))
                continue
            }
            let members = SchemaMembers(node, in: document)
            var dialect = parentDialect
            if let schema = members[.schema], let declared = SchemaDialect(metaSchemaAt: schema, in: document),
                !(explicit && dialect.isOpenAPI)
            {
                dialect = declared
            }
            var base = parentBase
            let hasRef = members[.ref] != nil
            if let id = members[.id].flatMap(document.string), !(dialect.isDraft7Like && hasRef) {
                if id.hasPrefix("#") {
                    if dialect.isDraft7Like { anchors[parentBase + id] = location }
                } else {
                    let resolved = SchemaURI.split(SchemaURI.resolve(id, against: parentBase))
                    base = resolved.base
                    resources[base] = location
                    if let fragment = resolved.fragment, !fragment.isEmpty, dialect.isDraft7Like {
                        anchors[base + "#" + fragment] = location
                    }
                }
            }
            if !dialect.isDraft7Like {
                if let anchor = members[.anchor].flatMap(document.string) {
                    anchors[base + "#" + anchor] = location
                }
                if let anchor = members[.dynamicAnchor].flatMap(document.string) {
                    anchors[base + "#" + anchor] = location
                    dynamicAnchors[base, default: [:]][anchor] = location
                }
            }
            places[location] = SchemaPlace(scope: ScopeInfo(base: base, dialect: dialect), members: members)
            // The subschemas, from the members already read (not a second walk of every member).
            var words = members.present(among: Self.subschemaWords)
            while let word = SchemaWord(rawValue: words.trailingZeroBitCount) {
                words &= words - 1
                guard let member = members[word], let shape = Self.subschemaShape(word, dialect: dialect) else {
                    continue
                }
                let kind = document.kind(member)
                switch shape {
                case .single:
                    stack.append((member, base, dialect))
                case .singleOrArray where kind == .array, .array:
                    guard kind == .array else { continue }
                    var cursor = document.childCursor(member)
                    while let element = cursor.next(in: document) { stack.append((element, base, dialect)) }
                case .singleOrArray:
                    stack.append((member, base, dialect))
                case .map:
                    guard kind == .object else { continue }
                    var cursor = document.childCursor(member)
                    while let element = cursor.next(in: document) {
                        if document.kind(element) != .array { stack.append((element, base, dialect)) }
                    }
                }
            }
        }
        return index
    }

    /// The node a JSON Pointer (RFC 6901, already percent-decoded) names under `start`.
    func follow(pointer: String, from start: SchemaLocation) -> SchemaLocation? {
        var pointer = pointer
        return pointer.withUTF8 { follow(pointer: $0, from: start) }
    }

    /// `follow(pointer:from:)` over the pointer's UTF-8: tokens compared in place with member
    /// names (no array of tokens, no `String` per token: most `$ref`s are such pointers).
    func follow(pointer: UnsafeBufferPointer<UInt8>, from start: SchemaLocation) -> SchemaLocation? {
        guard !pointer.isEmpty else { return start }
        guard pointer[0] == UInt8(ascii: "/") else { return nil }
        let document = documents[start.document]
        var node = start.node
        var tokenStart = 1
        while tokenStart <= pointer.count {
            let tokenEnd = pointer[tokenStart...].firstIndex(of: UInt8(ascii: "/")) ?? pointer.count
            let raw = UnsafeBufferPointer(rebasing: pointer[tokenStart..<tokenEnd])
            tokenStart = tokenEnd + 1
            let found: JSONNode?
            if raw.contains(UInt8(ascii: "~")) {
                let name = Array(Self.unescapedToken(raw).utf8)
                found = name.withUnsafeBufferPointer { child(of: node, token: $0, in: document) }
            } else {
                found = child(of: node, token: raw, in: document)
            }
            guard let found else { return nil }
            node = found
        }
        return SchemaLocation(document: start.document, node: node)
    }

    /// The member named `token` (the last, if repeated) or the element at that position.
    private func child(of node: JSONNode, token: UnsafeBufferPointer<UInt8>, in document: JSONDocument) -> JSONNode? {
        switch document.kind(node) {
        case .object:
            var found: JSONNode?
            var cursor = document.childCursor(node)
            while let member = cursor.next(in: document) {
                if document.keyEquals(member, bytes: token) { found = member }
            }
            return found
        case .array:
            guard let position = Int(String(decoding: token, as: UTF8.self)), position >= 0 else { return nil }
            return document.child(node, at: position)
        default: return nil
        }
    }

    /// A pointer token with `~1` and `~0` decoded.
    private static func unescapedToken(_ token: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: token, as: UTF8.self).replacingOccurrences(of: "~1", with: "/")
            .replacingOccurrences(of: "~0", with: "~")
    }
}

extension SchemaDialect {
    var isOpenAPI: Bool { self == .openAPI30 || self == .openAPI31 }

    /// `$schema`'s value at `node` read as `init(metaSchema:)` reads it, compared in place: nearly
    /// every schema names its draft, and making that URI a `String` cost an allocation each time.
    init?(metaSchemaAt node: JSONNode, in document: JSONDocument) {
        guard let range = document.unescapedStringRange(node) else {
            guard let text = document.string(node) else { return nil }
            self.init(metaSchema: text)
            return
        }
        // A loop, not `first(where:)`: a closure over the document copied it for each URI.
        for known in Self.metaSchemaUTF8 where document.bytesEqual(range, known.uri) {
            self = known.dialect
            return
        }
        return nil
    }

    /// The meta-schema URIs `init(metaSchema:)` knows, as UTF-8, with and without an empty fragment.
    private static let metaSchemaUTF8: [(uri: [UInt8], dialect: SchemaDialect)] = [
        ("https://json-schema.org/draft/2020-12/schema", SchemaDialect.draft202012),
        ("http://json-schema.org/draft-07/schema", .draft7), ("https://json-schema.org/draft-07/schema", .draft7),
    ].flatMap { uri, dialect in [(Array(uri.utf8), dialect), (Array((uri + "#").utf8), dialect)] }
}

extension StringProtocol {
    /// Plain substring replacement without Foundation.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        let text = String(self)
        guard text.contains(target) else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
