package import JSONTree

extension CompiledSchema {
    /// Compiles `document` (whose own URI is `uri`, empty for an anonymous schema) once; the
    /// result validates any number of documents. References to other documents go through
    /// `loader`; one it cannot load is an error here, never a surprise during validation.
    package init(
        document: JSONDocument, uri: String = "", options: SchemaOptions = SchemaOptions(), loader: SchemaLoader? = nil
    ) throws(SchemaError) {
        var compiler = SchemaCompiler(options: options, loader: loader)
        let dialect = options.dialect ?? .draft202012
        let index = compiler.registry.add(document, uri: uri, dialect: dialect, explicit: options.dialect != nil)
        let rootLocation = SchemaLocation(document: index, node: document.root)
        let root = try compiler.compile(rootLocation, depth: 0)
        let rootDialect = compiler.registry.scope(at: rootLocation)?.dialect ?? dialect
        self = compiler.finish(root: root, dialect: rootDialect)
    }
}

/// Turns schema objects into `SchemaNode`s, following references (memoised by location, so a
/// cycle compiles to a cycle of indices) and loading other documents on demand.
struct SchemaCompiler {
    /// Schema objects nested deeper than this (references included) are refused: compiling
    /// recurses, and a hostile schema must not exhaust the stack.
    static let maximumNesting = 128

    let options: SchemaOptions
    let loader: SchemaLoader?
    var registry = SchemaRegistry()
    var nodes: [SchemaNode] = []
    /// Every node's keywords, one node after another (`SchemaNode.keywordStart..<keywordEnd`).
    var keywords: [SchemaKeyword] = []
    /// The keywords of the nodes being compiled, innermost last: a node's go to `keywords` when
    /// it is done (no array per node).
    var scratch: [SchemaKeyword] = []
    var tables = SchemaTables()
    var resources: [SchemaResource] = []
    var resourceIndex: [String: Int] = [:]
    /// Resources whose meta-schema leaves out the validation vocabulary (`$vocabulary`): their
    /// validation keywords are annotations.
    var withoutValidation: Set<String> = []

    init(options: SchemaOptions, loader: SchemaLoader?) {
        self.options = options
        self.loader = loader
        // Room for a small schema at once (most are): no regrowth from one element up.
        nodes.reserveCapacity(8)
        keywords.reserveCapacity(16)
        scratch.reserveCapacity(16)
    }

    /// The compiled schema, its lists moved out of the compiler (consumed: not retained once
    /// more and released again with the compiler).
    consuming func finish(root: Int, dialect: SchemaDialect) -> CompiledSchema {
        CompiledSchema(
            nodes: nodes, keywords: keywords, tables: tables, root: root, documents: registry.documents,
            documentURIs: registry.documentURIs, resources: resources, options: options, dialect: dialect)
    }

    func locationText(_ location: SchemaLocation) -> String {
        let document = registry.documents[location.document]
        return registry.documentURIs[location.document] + "#" + document.jsonPointer(location.node)
    }

    func error(_ location: SchemaLocation, _ message: String) -> SchemaError {
        SchemaError(location: locationText(location), message: message)
    }

    /// The index of the compiled node at `location`, compiling it (and what it needs) first.
    mutating func compile(_ location: SchemaLocation, depth: Int) throws(SchemaError) -> Int {
        let place = registry.places.position(of: location)
        if let place, case let known = registry.places[position: place].compiled, known >= 0 { return Int(known) }
        guard depth < Self.maximumNesting else {
            throw error(location, "schemas are nested more than \(Self.maximumNesting) levels deep")
        }
        let document = registry.documents[location.document]
        let scope = place.map { registry.places[position: $0].scope } ?? scope(of: location)
        let index = nodes.count
        nodes.append(SchemaNode(source: location))
        if let place {
            registry.places[position: place].compiled = Int32(index)
        } else {
            registry.places[location] = SchemaPlace(scope: scope, compiled: Int32(index))
        }
        switch document.kind(location.node) {
        case .true: nodes[index].boolean = true
        case .false: nodes[index].boolean = false
        case .object:
            let base = scratch.count
            try compileKeywords(location, document: document, scope: scope, depth: depth)
            nodes[index].collectsAnnotations = scratch[base...].contains {
                switch $0 {
                case .unevaluatedItems, .unevaluatedProperties: true
                default: false
                }
            }
            nodes[index].keywordStart = keywords.count
            keywords.append(contentsOf: scratch[base...])
            nodes[index].keywordEnd = keywords.count
            scratch.removeSubrange(base...)
            // Only a resource with dynamic anchors matters to `$dynamicRef`: the others are not
            // registered, and validation enters no dynamic scope for them.
            if !registry.dynamicAnchors.isEmpty,
                location.node == document.root || isResourceRoot(location, document: document, scope: scope)
            {
                nodes[index].resource = try registerResource(scope.base, depth: depth)
            }
        default:
            throw error(location, "a schema must be an object or a boolean, found \(document.preview(location.node))")
        }
        return index
    }

    func scope(of location: SchemaLocation) -> ScopeInfo {
        if let scope = registry.scope(at: location) { return scope }
        // A reference into a place the scan did not walk (an unknown keyword): the document's scope.
        let root = SchemaLocation(document: location.document, node: registry.documents[location.document].root)
        return registry.scope(at: root)
            ?? ScopeInfo(
                base: registry.documentURIs[location.document], dialect: options.dialect ?? .draft202012)
    }

    private func isResourceRoot(_ location: SchemaLocation, document: JSONDocument, scope: ScopeInfo) -> Bool {
        // Only an object with `$id` starts a resource below a document's root: asked first, it
        // spares hashing the base URI for every other schema object compiled.
        guard registry.members(at: location)?[.id] != nil else { return false }
        return registry.resources[scope.base] == location
    }

    /// The resource's index, its dynamic anchors compiled (they may be jumped to from anywhere);
    /// nil when it has none.
    private mutating func registerResource(_ uri: String, depth: Int) throws(SchemaError) -> Int? {
        if let index = resourceIndex[uri] { return index }
        guard registry.dynamicAnchors[uri]?.isEmpty == false else { return nil }
        let index = resources.count
        resources.append(SchemaResource(uri: uri, dynamicAnchors: [:]))
        resourceIndex[uri] = index
        for (name, location) in registry.dynamicAnchors[uri] ?? [:] {
            let node = try compile(location, depth: depth + 1)
            resources[index].dynamicAnchors[name] = node
        }
        return index
    }

    /// The location a reference names, loading its document when it is not known yet.
    mutating func resolve(_ reference: String, from location: SchemaLocation) throws(SchemaError) -> SchemaLocation {
        let scope = scope(of: location)
        // `#/$defs/a` inside a known resource (most references): the pointer from its root,
        // without making the absolute URI and taking it apart again.
        if reference.utf8.starts(with: [UInt8(ascii: "#"), UInt8(ascii: "/")]),
            !scope.base.utf8.contains(UInt8(ascii: "#")), let resource = registry.resources[scope.base]
        {
            var pointer = reference.utf8.contains(UInt8(ascii: "%")) ? SchemaURI.percentDecoded(reference) : reference
            guard
                let target = pointer.withUTF8({
                    registry.follow(pointer: UnsafeBufferPointer(rebasing: $0.dropFirst()), from: resource)
                })
            else {
                throw error(location, "the reference \"\(reference)\" points at nothing")
            }
            return target
        }
        let absolute = SchemaURI.resolve(reference, against: scope.base)
        let (base, fragment) = SchemaURI.split(absolute)
        if let fragment, !fragment.isEmpty, !fragment.hasPrefix("/"),
            let anchor = registry.anchors[base + "#" + fragment]
        {
            return anchor
        }
        if registry.resources[base] == nil { try load(base, from: location) }
        guard let resource = registry.resources[base] else {
            throw error(location, "the reference \"\(reference)\" names no known schema (\(base))")
        }
        guard let fragment, !fragment.isEmpty else { return resource }
        if fragment.hasPrefix("/") {
            guard let target = registry.follow(pointer: fragment, from: resource) else {
                throw error(location, "the reference \"\(reference)\" points at nothing")
            }
            return target
        }
        guard let anchor = registry.anchors[base + "#" + fragment] else {
            throw error(location, "the reference \"\(reference)\" names no anchor \"\(fragment)\"")
        }
        return anchor
    }

    /// Reads the `$vocabulary` of a meta-schema this validator does not know by URI; true when
    /// it declares vocabularies and leaves out validation.
    mutating func metaSchemaOmitsValidation(_ uri: String) -> Bool {
        let (base, _) = SchemaURI.split(uri)
        guard SchemaDialect(metaSchema: base) == nil, let loader, let document = try? loader(base),
            let vocabularies = document.child(document.root, key: "$vocabulary")
        else { return false }
        return document.child(vocabularies, key: "https://json-schema.org/draft/2020-12/vocab/validation") == nil
    }

    private mutating func load(_ uri: String, from location: SchemaLocation) throws(SchemaError) {
        guard let loader else { return }
        let document: JSONDocument?
        do {
            document = try loader(uri)
        } catch {
            throw self.error(location, "cannot load \(uri): \(error)")
        }
        guard let document else { return }
        _ = registry.add(document, uri: uri, dialect: scope(of: location).dialect, explicit: false)
    }
}
