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
        self.init(
            nodes: compiler.nodes, tables: compiler.tables, root: root, documents: compiler.registry.documents,
            documentURIs: compiler.registry.documentURIs, resources: compiler.resources,
            options: options, dialect: compiler.registry.scopes[rootLocation]?.dialect ?? dialect)
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
    var tables = SchemaTables()
    var resources: [SchemaResource] = []
    var resourceIndex: [String: Int] = [:]
    var compiled = SchemaLocationMap<Int>()
    /// Resources whose meta-schema leaves out the validation vocabulary (`$vocabulary`): their
    /// validation keywords are annotations.
    var withoutValidation: Set<String> = []

    init(options: SchemaOptions, loader: SchemaLoader?) {
        self.options = options
        self.loader = loader
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
        if let index = compiled[location] { return index }
        guard depth < Self.maximumNesting else {
            throw error(location, "schemas are nested more than \(Self.maximumNesting) levels deep")
        }
        let document = registry.documents[location.document]
        let scope = scope(of: location)
        let index = nodes.count
        nodes.append(SchemaNode(source: location))
        compiled[location] = index
        switch document.kind(location.node) {
        case .true: nodes[index].boolean = true
        case .false: nodes[index].boolean = false
        case .object:
            let keywords = try compileKeywords(location, document: document, scope: scope, depth: depth)
            nodes[index].compiledKeywords = keywords
            nodes[index].collectsAnnotations = keywords.contains {
                switch $0 {
                case .unevaluatedItems, .unevaluatedProperties: true
                default: false
                }
            }
            if location.node == document.root || isResourceRoot(location, document: document, scope: scope) {
                nodes[index].resource = try registerResource(scope.base, depth: depth)
            }
        default:
            throw error(location, "a schema must be an object or a boolean, found \(document.preview(location.node))")
        }
        return index
    }

    func scope(of location: SchemaLocation) -> ScopeInfo {
        if let scope = registry.scopes[location] { return scope }
        // A reference into a place the scan did not walk (an unknown keyword): the document's scope.
        let root = SchemaLocation(document: location.document, node: registry.documents[location.document].root)
        return registry.scopes[root]
            ?? ScopeInfo(
                base: registry.documentURIs[location.document], dialect: options.dialect ?? .draft202012)
    }

    private func isResourceRoot(_ location: SchemaLocation, document: JSONDocument, scope: ScopeInfo) -> Bool {
        // Only an object with `$id` starts a resource below a document's root: asked first, it
        // spares hashing the base URI for every other schema object compiled.
        guard registry.members[location]?[.id] != nil else { return false }
        return registry.resources[scope.base] == location
    }

    /// The resource's index, its dynamic anchors compiled (they may be jumped to from anywhere).
    private mutating func registerResource(_ uri: String, depth: Int) throws(SchemaError) -> Int {
        if let index = resourceIndex[uri] { return index }
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
            guard
                let target = registry.follow(
                    pointer: SchemaURI.percentDecoded(String(reference.dropFirst())), from: resource)
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
