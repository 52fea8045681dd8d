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
    var scopes = SchemaLocationMap<ScopeInfo>()
    /// Each scanned schema object's keyword members, read once here and again by the compiler.
    var members = SchemaLocationMap<SchemaMembers>()

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

    /// Adds a document whose root has the URI `uri` and records every identifier in it. The
    /// walk is iterative and bounded by the parser's depth limit.
    mutating func add(_ document: JSONDocument, uri: String, dialect: SchemaDialect, explicit: Bool) -> Int {
        let index = documents.count
        documents.append(document)
        documentURIs.append(uri)
        resources[uri] = SchemaLocation(document: index, node: document.root)
        scopes.reserve(document: index, entries: document.tapeCount)
        members.reserve(document: index, entries: document.tapeCount)
        var stack: [(JSONNode, String, SchemaDialect)] = [(document.root, uri, dialect)]
        while let (node, parentBase, parentDialect) = stack.popLast() {
            let location = SchemaLocation(document: index, node: node)
            guard document.kind(node) == .object else {
                scopes[location] = ScopeInfo(base: parentBase, dialect: parentDialect)
                continue
            }
            let members = SchemaMembers(node, in: document)
            self.members[location] = members
            var dialect = parentDialect
            if let schema = members[.schema].flatMap(document.string),
                let declared = SchemaDialect(metaSchema: schema), !(explicit && dialect.isOpenAPI)
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
            scopes[location] = ScopeInfo(base: base, dialect: dialect)
            var cursor = document.childCursor(node)
            while let member = cursor.next(in: document) {
                guard let word = SchemaWord(member: member, in: document),
                    let shape = Self.subschemaShape(word, dialect: dialect)
                else {
                    continue
                }
                let kind = document.kind(member)
                switch shape {
                case .single:
                    stack.append((member, base, dialect))
                case .singleOrArray where kind == .array, .array:
                    guard kind == .array else { continue }
                    for element in document.children(member) { stack.append((element, base, dialect)) }
                case .singleOrArray:
                    stack.append((member, base, dialect))
                case .map:
                    guard kind == .object else { continue }
                    for element in document.children(member) where document.kind(element) != .array {
                        stack.append((element, base, dialect))
                    }
                }
            }
        }
        return index
    }

    /// The node a JSON Pointer (RFC 6901, already percent-decoded) names under `start`.
    func follow(pointer: String, from start: SchemaLocation) -> SchemaLocation? {
        guard !pointer.isEmpty else { return start }
        guard pointer.hasPrefix("/") else { return nil }
        let document = documents[start.document]
        var node = start.node
        for token in pointer.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .lazy.map({ Substring($0) })
        {
            let name =
                token.utf8.contains(UInt8(ascii: "~"))
                ? token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                : String(token)
            switch document.kind(node) {
            case .object:
                guard let child = document.child(node, key: name) else { return nil }
                node = child
            case .array:
                guard let position = Int(name), position >= 0, let child = document.child(node, at: position) else {
                    return nil
                }
                node = child
            default: return nil
            }
        }
        return SchemaLocation(document: start.document, node: node)
    }
}

extension SchemaDialect {
    var isOpenAPI: Bool { self == .openAPI30 || self == .openAPI31 }
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
