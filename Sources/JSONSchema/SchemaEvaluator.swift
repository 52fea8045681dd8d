package import JSONTree

extension CompiledSchema {
    /// Every finding of `document` against this schema (up to `options.maximumFindings`).
    package func validate(_ document: JSONDocument) -> SchemaValidationResult {
        var evaluator = SchemaEvaluator(schema: self, document: document, recording: true)
        var annotations: Annotations?
        let valid = evaluator.evaluate(root, document.root, record: true, annotations: &annotations)
        var findings = evaluator.findings
        if !valid, findings.isEmpty {
            // Cannot happen by construction; never call an invalid document valid.
            findings.append(
                SchemaFinding(
                    instancePath: "$", schemaPath: location(of: root), keyword: "",
                    message: "does not match the schema"))
        }
        var result = SchemaValidationResult(findings: findings, truncated: evaluator.truncated)
        result.schemaLoops = evaluator.foundLoop
        return result
    }

    /// Whether `document` is valid, stopping at the first failure (no findings are worded).
    package func isValid(_ document: JSONDocument) -> Bool {
        var evaluator = SchemaEvaluator(schema: self, document: document, recording: false)
        var annotations: Annotations?
        return evaluator.evaluate(root, document.root, record: false, annotations: &annotations)
    }
}

/// What in-place subschemas evaluated, for `unevaluatedProperties` and `unevaluatedItems`:
/// members by tape index, items as a prefix, "all", or positions (`contains`).
struct Annotations {
    var properties: Set<Int> = []
    var allItems = false
    var itemPrefix = 0
    var items: Set<Int> = []

    mutating func merge(_ other: Annotations) {
        properties.formUnion(other.properties)
        allItems = allItems || other.allItems
        itemPrefix = max(itemPrefix, other.itemPrefix)
        items.formUnion(other.items)
    }
}

/// One validation: walks the compiled schema over the document's nodes. Recursion is bounded by
/// `SchemaOptions.maximumDepth`; `record` false means "just the answer": the first failure
/// returns at once and nothing is worded (inside `not`, `anyOf`, `oneOf`, `if`).
struct SchemaEvaluator {
    let schema: CompiledSchema
    // `schema.program` is read in place by the hot loop; a second stored copy of it retained and
    // released each of its arrays once more for every document validated.
    let document: JSONDocument
    let recording: Bool
    var findings: [SchemaFinding] = []
    var truncated = false
    /// A reference loop was met (see `reportTooDeep`).
    var foundLoop = false
    /// Resources entered, outermost first, for `$dynamicRef`.
    var dynamicScope: [Int] = []
    /// How many schemas are being applied inside one another (bounded by `maximumDepth`).
    var depth = 0
    /// The innermost run of nested applications to one instance: its tape index and length. 32
    /// in a row at the depth limit is a reference loop rather than deep data. Counters, not a
    /// stack of instances: that array was allocated for every document validated.
    var instanceRun: (instance: Int, length: Int) = (-1, 0)
    /// Inside an explanation of a failed `anyOf`/`oneOf`: no nested explanations.
    var explaining = false
    /// Schemas applied so far; past `maximumSteps` validation stops (a hostile schema of nested
    /// `anyOf`s would otherwise cost exponential time).
    var steps = 0
    let maximumSteps: Int
    var exhausted = false
    /// The last object `properties` finished walking: its tape index, its `SchemaTables.objects`
    /// table and a bit per property it met (see `SchemaProgram.requiredCoverage`).
    var metProperties: (instance: Int, object: Int, met: UInt64) = (-1, -1, 0)

    init(schema: CompiledSchema, document: JSONDocument, recording: Bool) {
        self.schema = schema
        self.document = document
        self.recording = recording
        maximumSteps = schema.options.maximumSteps ?? 20_000_000 + 64 * document.tapeCount
    }

    /// Adds a finding of `keyword` of compiled node `node` (worded only here, on the failure path).
    mutating func report(_ instance: JSONNode, _ node: Int, _ keyword: String, _ message: String) {
        guard findings.count < schema.options.maximumFindings else {
            truncated = true
            return
        }
        let own = schema.location(of: node)
        let location = own.hasSuffix("#") || own.hasSuffix("/") ? own : own + "/"
        let schemaPath = keyword.isEmpty ? own : location + keyword
        findings.append(
            SchemaFinding(
                instancePath: SchemaWording.path(document, instance),
                schemaPath: schemaPath.hasSuffix("#/") ? String(schemaPath.dropLast()) : schemaPath,
                keyword: keyword, message: message))
    }

    /// Applies compiled node `index` to `instance`; adds what it evaluated to `annotations` when
    /// that is not nil and the node holds. Reads the node's fields in place (copying a
    /// `SchemaNode` would retain its location) and its keywords one by one from the flat list.
    mutating func evaluate(_ index: Int, _ instance: JSONNode, record: Bool, annotations: inout Annotations?) -> Bool {
        steps += 1
        guard steps <= maximumSteps else {
            if !exhausted {
                exhausted = true
                // Recorded even in "just the answer" mode: the caller must learn why it failed.
                findings.append(
                    SchemaFinding(
                        instancePath: SchemaWording.path(document, instance), schemaPath: schema.location(of: index),
                        keyword: "",
                        message:
                            "validation stopped after \(maximumSteps) schema applications: the schema is too costly for this document"
                    ))
            }
            return false
        }
        if let boolean = schema.program.nodes[index].boolean {
            if !boolean, record {
                report(
                    instance, index, "",
                    "no value is allowed here (the schema is false), found \(SchemaWording.describe(document, instance))"
                )
            }
            return boolean
        }
        guard depth < schema.options.maximumDepth else {
            if record { reportTooDeep(instance, index) }
            return false
        }
        let outerRun = instanceRun
        instanceRun = (instance.index, outerRun.instance == instance.index ? outerRun.length + 1 : 1)
        depth += 1
        defer {
            depth -= 1
            instanceRun = outerRun
        }
        let resource = schema.program.nodes[index].resource
        if let resource { dynamicScope.append(resource) }
        defer { if resource != nil { dynamicScope.removeLast() } }

        var local: Annotations? =
            annotations != nil || schema.program.nodes[index].collectsAnnotations ? Annotations() : nil
        var valid = true
        // Read once for all the node's keywords (each asks; a tape entry is not free to decode).
        let kind = document.kind(instance)
        // One retain of the list per node, not one per keyword read across the mutating calls.
        let keywords = schema.program.keywords
        for position in schema.program.nodes[index].keywordStart..<schema.program.nodes[index].keywordEnd
        where !apply(keywords[position], index, instance, kind, record: record, annotations: &local) {
            valid = false
            if !record { return false }
        }
        if valid, annotations != nil, let local { annotations?.merge(local) }
        return valid
    }

    private mutating func reportTooDeep(_ instance: JSONNode, _ node: Int) {
        if instanceRun.instance == instance.index, instanceRun.length >= 32 {
            foundLoop = true
            report(
                instance, node, "$ref",
                "the schema's references loop without moving into the document (at \(schema.location(of: node)))")
        } else {
            report(
                instance, node, "",
                "nested too deeply to validate (more than \(schema.options.maximumDepth) schemas applied inside one another)"
            )
        }
    }

    /// One keyword of compiled node `node`; false when it fails.
    mutating func apply(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: JSONNode, _ kind: JSONKind, record: Bool,
        annotations: inout Annotations?
    ) -> Bool {
        switch keyword {
        case .type(let mask):
            guard matches(mask, kind, instance) else {
                if record {
                    report(
                        instance, node, "type",
                        "expected \(SchemaWording.expected(mask)), found \(SchemaWording.describe(document, instance))")
                }
                return false
            }
            return true
        case .enumeration(let table):
            if isEnumerated(instance, kind, table) { return true }
            if record {
                let values = schema.program.tables.enumerations[table].values
                let shown = values.prefix(8).map { schema.documents[$0.document].preview($0.node, maxLength: 30) }
                let list = shown.joined(separator: ", ") + (values.count > 8 ? ", …" : "")
                report(
                    instance, node, "enum",
                    "expected one of \(list), found \(SchemaWording.describe(document, instance))")
            }
            return false
        case .constant(let value):
            guard JSONValueEquality.equal(schema.documents[value.document], value.node, document, instance) else {
                if record {
                    let expected = schema.documents[value.document].preview(value.node, maxLength: 40)
                    report(
                        instance, node, "const",
                        "expected \(expected), found \(SchemaWording.describe(document, instance))")
                }
                return false
            }
            return true
        case .multipleOf(let table):
            guard let value = number(instance) else { return true }
            guard DecimalMultiple.isMultiple(value, of: schema.program.tables.numbers[table].value) else {
                if record {
                    report(
                        instance, node, "multipleOf",
                        "expected a multiple of \(schema.program.tables.numbers[table].text), found \(document.rawText(instance))"
                    )
                }
                return false
            }
            return true
        case .bound(let table, let bound):
            guard let order = compare(instance, kind, table) else { return true }
            let holds: Bool
            let words: String
            switch bound {
            case .minimum: (holds, words) = (order >= 0, "at least")
            case .exclusiveMinimum: (holds, words) = (order > 0, "more than")
            case .maximum: (holds, words) = (order <= 0, "at most")
            case .exclusiveMaximum: (holds, words) = (order < 0, "less than")
            }
            if !holds, record {
                report(
                    instance, node, bound.rawValue,
                    "expected a number \(words) \(schema.program.tables.numbers[table].text), found \(document.rawText(instance))"
                )
            }
            return holds
        case .minLength(let limit), .maxLength(let limit):
            guard kind == .string else { return true }
            let length = characterCount(instance)
            let isMinimum = if case .minLength = keyword { true } else { false }
            let holds = isMinimum ? length >= limit : length <= limit
            if !holds, record {
                report(
                    instance, node, keyword.name,
                    "expected \(isMinimum ? "at least" : "at most") \(SchemaWording.plural(limit, "character")), found \(length)"
                )
            }
            return holds
        case .pattern(let table):
            guard kind == .string else { return true }
            guard matchesPattern(instance, schema.program.tables.patterns[table].regex) else {
                if record {
                    report(
                        instance, node, "pattern",
                        "expected a string matching /\(schema.program.tables.patterns[table].source)/, found \(SchemaWording.describe(document, instance))"
                    )
                }
                return false
            }
            return true
        case .format(let format):
            guard let text = document.string(instance) else { return true }
            guard format.accepts(text) else {
                if record {
                    report(
                        instance, node, "format",
                        "expected \(format.noun), found \(SchemaWording.describe(document, instance))")
                }
                return false
            }
            return true
        case .forbidden(let direction):
            if record {
                report(
                    instance, node, keyword.name,
                    direction == .request
                        ? "is read-only: it must not be sent in a request"
                        : "is write-only: it must not appear in a response")
            }
            return false
        default:
            return applyStructural(keyword, node, instance, kind, record: record, annotations: &annotations)
        }
    }

    func matches(_ mask: TypeMask, _ kind: JSONKind, _ instance: JSONNode) -> Bool {
        switch kind {
        case .null: mask.contains(.null)
        case .true, .false: mask.contains(.boolean)
        case .object: mask.contains(.object)
        case .array: mask.contains(.array)
        case .string: mask.contains(.string)
        case .number:
            mask.contains(.number)
                || (mask.contains(.integer) && (document.isInteger(instance) || number(instance)?.isIntegral == true))
        }
    }

    func number(_ instance: JSONNode) -> JSONDecimal? {
        guard document.kind(instance) == .number else { return nil }
        return JSONDecimal(document.bytes[document.byteRange(instance)])
    }

    /// Length in Unicode scalars (JSON Schema counts code points, not bytes or graphemes),
    /// counted in place when the string has no escapes.
    func characterCount(_ instance: JSONNode) -> Int {
        if let range = document.unescapedStringRange(instance) { return document.scalarCount(range) }
        return document.string(instance)?.unicodeScalars.count ?? 0
    }

    /// Whether the string `instance` matches `regex`, read in place when it has no escapes.
    func matchesPattern(_ instance: JSONNode, _ regex: IRegexp) -> Bool {
        if let range = document.unescapedStringRange(instance) {
            return document.bytes.withUnsafeBufferPointer {
                regex.firstMatch(utf8: UnsafeBufferPointer(rebasing: $0[range]))
            }
        }
        return regex.firstMatch(document.string(instance) ?? "")
    }

    /// The order of the number `instance` against bound `table` (nil when it is not a number):
    /// integers against a whole bound as Ints, anything else as exact decimals.
    func compare(_ instance: JSONNode, _ kind: JSONKind, _ table: Int) -> Int? {
        guard kind == .number else { return nil }
        if let integer = schema.program.tables.numbers[table].integer, document.isInteger(instance),
            let value = try? document.int64(instance)
        {
            let limit = Int64(integer)
            return value < limit ? -1 : value > limit ? 1 : 0
        }
        guard let value = number(instance) else { return nil }
        return JSONDecimal.order(value, schema.program.tables.numbers[table].value)
    }

    /// Whether `instance` equals one of enumeration `table`'s values: byte for byte against
    /// string values when the instance is a string without escapes.
    func isEnumerated(_ instance: JSONNode, _ kind: JSONKind, _ table: Int) -> Bool {
        if schema.program.tables.enumerations[table].strings != nil {
            guard kind == .string else { return false }
            if let range = document.unescapedStringRange(instance) {
                for candidate in 0..<(schema.program.tables.enumerations[table].strings?.count ?? 0)
                where document.bytesEqual(range, schema.program.tables.enumerations[table].strings?[candidate] ?? []) {
                    return true
                }
                return false
            }
        }
        for value in schema.program.tables.enumerations[table].values
        where JSONValueEquality.equal(schema.documents[value.document], value.node, document, instance) {
            return true
        }
        return false
    }
}
