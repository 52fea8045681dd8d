import JSONTree

extension SchemaCompiler {
    /// The keywords of one schema object, in evaluation order (the unevaluated ones last),
    /// appended to `scratch` (subschemas compiled on the way take theirs off again).
    /// Unknown keywords and annotations (`title`, `default`, `examples`, `example`, `$comment`,
    /// `deprecated`, `content*`) compile to nothing.
    mutating func compileKeywords(
        _ location: SchemaLocation, document: JSONDocument, scope: ScopeInfo, depth: Int
    ) throws(SchemaError) {
        var members = registry.members(at: location) ?? SchemaMembers(location.node, in: document)
        let dialect = scope.dialect
        if let metaSchema = members[.schema], SchemaDialect(metaSchemaAt: metaSchema, in: document) == nil,
            let uri = document.string(metaSchema), metaSchemaOmitsValidation(uri)
        {
            withoutValidation.insert(scope.base)
        }
        if !withoutValidation.isEmpty, withoutValidation.contains(scope.base) {
            for word in Self.validationKeywords { members.remove(word) }
        }

        func at(_ node: JSONNode) -> SchemaLocation { SchemaLocation(document: location.document, node: node) }
        let fail = SchemaFailure(documentURI: registry.documentURIs[location.document])

        if let ref = members[.ref] {
            guard let text = document.string(ref) else { throw fail(document, ref, "$ref must be a string") }
            let target = try compile(resolve(text, from: location), depth: depth + 1)
            scratch.append(.ref(target, dynamic: false))
            // Draft-07 and OpenAPI 3.0: a $ref hides every keyword beside it.
            if dialect.isDraft7Like { return }
        }
        if !dialect.isDraft7Like, let ref = members[.dynamicRef] {
            guard let text = document.string(ref) else { throw fail(document, ref, "$dynamicRef must be a string") }
            let targetLocation = try resolve(text, from: location)
            let target = try compile(targetLocation, depth: depth + 1)
            let fragment = SchemaURI.split(SchemaURI.resolve(text, against: scope.base)).fragment ?? ""
            let targetDocument = registry.documents[targetLocation.document]
            let bookended =
                !fragment.isEmpty && !fragment.hasPrefix("/")
                && targetDocument.child(targetLocation.node, key: "$dynamicAnchor").flatMap(targetDocument.string)
                    == fragment
            scratch.append(
                bookended
                    ? .dynamicRef(target, anchor: SchemaTables.add(fragment, to: &tables.anchors))
                    : .ref(target, dynamic: true))
        }

        // MARK: Any instance
        if let type = members[.type] {
            var mask = try Self.typeMask(document, type, fail: fail)
            if dialect == .openAPI30, let nullable = members[.nullable], document.bool(nullable) == true {
                mask.insert(.null)
            }
            scratch.append(.type(mask))
        }
        if let values = members[.enumeration] {
            guard document.kind(values) == .array else { throw fail(document, values, "enum must be an array") }
            scratch.append(
                .enumeration(SchemaTables.add(Self.enumeration(document, values, location), to: &tables.enumerations)))
        }
        if let value = members[.constant], !dialect.isOpenAPI || dialect == .openAPI31 {
            scratch.append(.constant(SchemaValue(document: location.document, node: value)))
        }

        // MARK: Numbers
        if let value = members[.multipleOf] {
            let decimal = try Self.number(document, value, fail: fail)
            guard !decimal.isNegative, !decimal.isZero else {
                throw fail(document, value, "multipleOf must be greater than 0")
            }
            scratch.append(
                .multipleOf(SchemaTables.add(Self.schemaNumber(decimal, document, value), to: &tables.numbers)))
        }
        for kind in BoundKind.all {
            guard let value = members[SchemaWord(kind)] else { continue }
            if dialect == .openAPI30, kind == .exclusiveMinimum || kind == .exclusiveMaximum {
                continue  // booleans that modify minimum/maximum, below
            }
            var effective = kind
            if dialect == .openAPI30 {
                let flag = members[kind == .minimum ? .exclusiveMinimum : .exclusiveMaximum]
                if let flag, document.bool(flag) == true {
                    effective = kind == .minimum ? .exclusiveMinimum : .exclusiveMaximum
                }
            }
            let decimal = try Self.number(document, value, fail: fail)
            scratch.append(
                .bound(
                    SchemaTables.add(Self.schemaNumber(decimal, document, value), to: &tables.numbers), kind: effective)
            )
        }

        // MARK: Strings
        if let value = members[.minLength] { scratch.append(.minLength(try Self.count(document, value, fail: fail))) }
        if let value = members[.maxLength] { scratch.append(.maxLength(try Self.count(document, value, fail: fail))) }
        if let value = members[.pattern] {
            let source = try Self.string(document, value, fail: fail)
            let compiledRegex = try Self.regex(source, at: value, in: document, fail: fail)
            scratch.append(.pattern(SchemaTables.add((compiledRegex, source), to: &tables.patterns)))
        }
        if let value = members[.format], let name = document.string(value), let format = SchemaFormat(rawValue: name),
            options.assertFormats
        {
            scratch.append(.format(format))
        }

        // MARK: Arrays
        var prefix: [Int] = []
        var rest: Int?
        if dialect.isDraft7Like {
            if let items = members[.items] {
                if document.kind(items) == .array {
                    var cursor = document.childCursor(items)
                    while let element = cursor.next(in: document) {
                        prefix.append(try compile(at(element), depth: depth + 1))
                    }
                    if let additional = members[.additionalItems] {
                        rest = try compile(at(additional), depth: depth + 1)
                    }
                } else {
                    rest = try compile(at(items), depth: depth + 1)
                }
            }
            if !prefix.isEmpty || rest != nil {
                scratch.append(.items(prefix: prefixList(prefix), rest: rest))
            }
        } else {
            if let items = members[.prefixItems] {
                guard document.kind(items) == .array else {
                    throw fail(document, items, "prefixItems must be an array")
                }
                var cursor = document.childCursor(items)
                while let element = cursor.next(in: document) {
                    prefix.append(try compile(at(element), depth: depth + 1))
                }
            }
            if let items = members[.items] { rest = try compile(at(items), depth: depth + 1) }
            if !prefix.isEmpty || rest != nil {
                scratch.append(.items(prefix: prefixList(prefix), rest: rest))
            }
        }
        if let contains = members[.contains] {
            let schema = try compile(at(contains), depth: depth + 1)
            var minimum = 1
            var maximum: Int?
            if !dialect.isDraft7Like {
                if let value = members[.minContains] { minimum = try Self.count(document, value, fail: fail) }
                if let value = members[.maxContains] { maximum = try Self.count(document, value, fail: fail) }
            }
            scratch.append(.contains(schema, minimum: minimum, maximum: maximum))
        }
        if let value = members[.minItems] { scratch.append(.minItems(try Self.count(document, value, fail: fail))) }
        if let value = members[.maxItems] { scratch.append(.maxItems(try Self.count(document, value, fail: fail))) }
        if let value = members[.uniqueItems], document.bool(value) == true { scratch.append(.uniqueItems) }

        // MARK: Objects
        var object = ObjectApplicator()
        if let properties = members[.properties] {
            guard document.kind(properties) == .object else {
                throw fail(document, properties, "properties must be an object")
            }
            var list: [PropertySchema] = []
            list.reserveCapacity(document.childCount(properties))
            var cursor = document.childCursor(properties)
            while let property = cursor.next(in: document) {
                let name = document.key(property) ?? ""
                list.append(
                    PropertySchema(
                        name: name, hash: document.keyHash(property) ?? JSONDocument.keyHash(name: Array(name.utf8)),
                        schema: try compile(at(property), depth: depth + 1)))
            }
            object.properties = list
        }
        if let patterns = members[.patternProperties] {
            guard document.kind(patterns) == .object else {
                throw fail(document, patterns, "patternProperties must be an object")
            }
            var cursor = document.childCursor(patterns)
            while let property = cursor.next(in: document) {
                let source = document.key(property) ?? ""
                let compiledRegex = try Self.regex(source, at: property, in: document, fail: fail)
                object.patterns.append((compiledRegex, source, try compile(at(property), depth: depth + 1)))
            }
        }
        if let additional = members[.additionalProperties] {
            object.additional = try compile(at(additional), depth: depth + 1)
        }
        if !object.properties.isEmpty || !object.patterns.isEmpty || object.additional != nil {
            scratch.append(.object(SchemaTables.add(object, to: &tables.objects)))
        }
        if let names = members[.propertyNames] {
            scratch.append(.propertyNames(try compile(at(names), depth: depth + 1)))
        }
        if let required = members[.required] {
            guard document.kind(required) == .array else { throw fail(document, required, "required must be an array") }
            let names = try Self.propertyNames(document, required, fail: fail)
            if !names.isEmpty { scratch.append(.required(SchemaTables.add(names, to: &tables.nameLists))) }
        }
        if let value = members[.minProperties] {
            scratch.append(.minProperties(try Self.count(document, value, fail: fail)))
        }
        if let value = members[.maxProperties] {
            scratch.append(.maxProperties(try Self.count(document, value, fail: fail)))
        }
        var dependentRequired: [(PropertyName, [PropertyName])] = []
        var dependentSchemas: [(PropertyName, Int)] = []
        // Draft-07's `dependencies` holds both kinds; 2020-12 splits them in two keywords.
        let maps =
            dialect.isDraft7Like
            ? (members[.dependencies], nil) : (members[.dependentRequired], members[.dependentSchemas])
        for which in 0..<2 {
            guard let map = which == 0 ? maps.0 : maps.1, document.kind(map) == .object else { continue }
            var cursor = document.childCursor(map)
            while let dependency = cursor.next(in: document) {
                let name = PropertyName(document.key(dependency) ?? "")
                if document.kind(dependency) == .array {
                    let names = try Self.propertyNames(document, dependency, fail: fail)
                    dependentRequired.append((name, names))
                } else {
                    dependentSchemas.append((name, try compile(at(dependency), depth: depth + 1)))
                }
            }
        }
        if !dependentRequired.isEmpty {
            scratch.append(.dependentRequired(SchemaTables.add(dependentRequired, to: &tables.dependentRequired)))
        }
        if !dependentSchemas.isEmpty {
            scratch.append(.dependentSchemas(SchemaTables.add(dependentSchemas, to: &tables.dependentSchemas)))
        }

        // MARK: Applicators
        func list(_ word: SchemaWord) throws(SchemaError) -> [Int]? {
            guard let value = members[word] else { return nil }
            guard document.kind(value) == .array, document.childCount(value) > 0 else {
                throw fail(document, value, "\(word.name) must be a non-empty array of schemas")
            }
            var schemas: [Int] = []
            schemas.reserveCapacity(document.childCount(value))
            var cursor = document.childCursor(value)
            while let element = cursor.next(in: document) { schemas.append(try compile(at(element), depth: depth + 1)) }
            return schemas
        }
        if let schemas = try list(.allOf) { scratch.append(.allOf(SchemaTables.add(schemas, to: &tables.schemaLists))) }
        let discriminator =
            dialect.isOpenAPI
            ? try self.discriminator(members, document: document, location: location).map {
                SchemaTables.add((property: $0.0, mapping: $0.1), to: &tables.discriminators)
            } : nil
        if let schemas = try list(.anyOf) {
            scratch.append(
                discriminator.map { .discriminator($0) } ?? .anyOf(SchemaTables.add(schemas, to: &tables.schemaLists)))
        }
        if let schemas = try list(.oneOf) {
            scratch.append(
                discriminator.map { .discriminator($0) } ?? .oneOf(SchemaTables.add(schemas, to: &tables.schemaLists)))
        }
        if let not = members[.not] { scratch.append(.not(try compile(at(not), depth: depth + 1))) }
        if let condition = members[.ifSchema] {
            let thenSchema = try members[.thenSchema].map { (node) throws(SchemaError) in
                try compile(at(node), depth: depth + 1)
            }
            let elseSchema = try members[.elseSchema].map { (node) throws(SchemaError) in
                try compile(at(node), depth: depth + 1)
            }
            // Even alone, `if` contributes annotations for the unevaluated keywords when it holds.
            scratch.append(
                .conditional(if: try compile(at(condition), depth: depth + 1), then: thenSchema, else: elseSchema))
        }
        if options.direction == .request, let value = members[.readOnly], document.bool(value) == true {
            scratch.append(.forbidden(.request))
        }
        if options.direction == .response, let value = members[.writeOnly], document.bool(value) == true {
            scratch.append(.forbidden(.response))
        }
        if !dialect.isDraft7Like {
            if let value = members[.unevaluatedItems] {
                scratch.append(.unevaluatedItems(try compile(at(value), depth: depth + 1)))
            }
            if let value = members[.unevaluatedProperties] {
                scratch.append(.unevaluatedProperties(try compile(at(value), depth: depth + 1)))
            }
        }
    }

    /// `prefixItems` (draft-07: the `items` array) as a `SchemaTables.schemaLists` index; nil when empty.
    private mutating func prefixList(_ prefix: [Int]) -> Int? {
        prefix.isEmpty ? nil : SchemaTables.add(prefix, to: &tables.schemaLists)
    }

    /// The validation vocabulary's assertions (draft 2020-12).
    static let validationKeywords: [SchemaWord] = [
        .type, .enumeration, .constant, .multipleOf, .maximum, .exclusiveMaximum, .minimum, .exclusiveMinimum,
        .maxLength, .minLength, .pattern, .maxItems, .minItems, .uniqueItems, .maxContains, .minContains,
        .maxProperties, .minProperties, .required, .dependentRequired,
    ]

    /// OpenAPI's `discriminator`: the property and, per value, the branch it selects (from
    /// `mapping`, and from the last segment of each branch's `$ref`).
    private mutating func discriminator(
        _ members: SchemaMembers, document: JSONDocument, location: SchemaLocation
    ) throws(SchemaError) -> (PropertyName, [String: Int])? {
        guard let value = members[.discriminator], let property = document.child(value, key: "propertyName"),
            let name = document.string(property)
        else { return nil }
        var mapping: [String: Int] = [:]
        for branches in [members[.oneOf], members[.anyOf]] {
            guard let branches, document.kind(branches) == .array else { continue }
            for branch in document.children(branches) {
                guard let ref = document.child(branch, key: "$ref").flatMap(document.string),
                    let last = ref.split(separator: "/").last
                else { continue }
                let target = try compile(resolve(ref, from: location), depth: 1)
                mapping[String(last)] = target
            }
        }
        if let explicit = document.child(value, key: "mapping") {
            for entry in document.children(explicit) {
                guard let key = document.key(entry), let ref = document.string(entry) else { continue }
                mapping[key] = try compile(resolve(ref, from: location), depth: 1)
            }
        }
        return mapping.isEmpty ? nil : (PropertyName(name), mapping)
    }
}
