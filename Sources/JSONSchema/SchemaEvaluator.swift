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
                    instancePath: "$", schemaPath: nodes[root].location, keyword: "",
                    message: "does not match the schema"))
        }
        return SchemaValidationResult(findings: findings, truncated: evaluator.truncated)
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
    let document: JSONDocument
    let recording: Bool
    var findings: [SchemaFinding] = []
    var truncated = false
    /// Resources entered, outermost first, for `$dynamicRef`.
    var dynamicScope: [Int] = []
    /// The instance of each schema being applied, to tell a reference loop from deep data.
    var instanceStack: [Int] = []
    /// Inside an explanation of a failed `anyOf`/`oneOf`: no nested explanations.
    var explaining = false
    /// Schemas applied so far; past `maximumSteps` validation stops (a hostile schema of nested
    /// `anyOf`s would otherwise cost exponential time).
    var steps = 0
    let maximumSteps: Int
    var exhausted = false

    init(schema: CompiledSchema, document: JSONDocument, recording: Bool) {
        self.schema = schema
        self.document = document
        self.recording = recording
        maximumSteps = schema.options.maximumSteps ?? 20_000_000 + 64 * document.tapeCount
        instanceStack.reserveCapacity(64)
    }

    mutating func report(_ instance: JSONNode, _ node: SchemaNode, _ keyword: String, _ message: String) {
        guard findings.count < schema.options.maximumFindings else {
            truncated = true
            return
        }
        let location =
            node.location.hasSuffix("#") || node.location.hasSuffix("/") ? node.location : node.location + "/"
        let schemaPath = keyword.isEmpty ? node.location : location + keyword
        findings.append(
            SchemaFinding(
                instancePath: SchemaWording.path(document, instance),
                schemaPath: schemaPath.hasSuffix("#/") ? String(schemaPath.dropLast()) : schemaPath,
                keyword: keyword, message: message))
    }

    /// Applies compiled node `index` to `instance`; adds what it evaluated to `annotations` when
    /// that is not nil and the node holds.
    mutating func evaluate(_ index: Int, _ instance: JSONNode, record: Bool, annotations: inout Annotations?) -> Bool {
        let node = schema.nodes[index]
        steps += 1
        guard steps <= maximumSteps else {
            if !exhausted {
                exhausted = true
                // Recorded even in "just the answer" mode: the caller must learn why it failed.
                findings.append(
                    SchemaFinding(
                        instancePath: SchemaWording.path(document, instance), schemaPath: node.location, keyword: "",
                        message:
                            "validation stopped after \(maximumSteps) schema applications: the schema is too costly for this document"
                    ))
            }
            return false
        }
        if let boolean = node.boolean {
            if !boolean, record {
                report(
                    instance, node, "",
                    "no value is allowed here (the schema is false), found \(SchemaWording.describe(document, instance))"
                )
            }
            return boolean
        }
        guard instanceStack.count < schema.options.maximumDepth else {
            if record { reportTooDeep(instance, node) }
            return false
        }
        instanceStack.append(instance.index)
        defer { instanceStack.removeLast() }
        if let resource = node.resource { dynamicScope.append(resource) }
        defer { if node.resource != nil { dynamicScope.removeLast() } }

        var local: Annotations? = annotations != nil || node.collectsAnnotations ? Annotations() : nil
        var valid = true
        for keyword in node.keywords where !apply(keyword, node, instance, record: record, annotations: &local) {
            valid = false
            if !record { return false }
        }
        if valid, annotations != nil, let local { annotations?.merge(local) }
        return valid
    }

    private mutating func reportTooDeep(_ instance: JSONNode, _ node: SchemaNode) {
        let recent = instanceStack.suffix(32)
        if recent.count == 32, recent.allSatisfy({ $0 == instance.index }) {
            report(
                instance, node, "$ref",
                "the schema's references loop without moving into the document (at \(node.location))")
        } else {
            report(
                instance, node, "",
                "nested too deeply to validate (more than \(schema.options.maximumDepth) schemas applied inside one another)"
            )
        }
    }

    /// One keyword; false when it fails.
    mutating func apply(
        _ keyword: SchemaKeyword, _ node: SchemaNode, _ instance: JSONNode, record: Bool,
        annotations: inout Annotations?
    ) -> Bool {
        switch keyword {
        case .type(let mask):
            guard matches(mask, instance) else {
                if record {
                    report(
                        instance, node, "type",
                        "expected \(SchemaWording.expected(mask)), found \(SchemaWording.describe(document, instance))")
                }
                return false
            }
            return true
        case .enumeration(let values):
            for value in values
            where JSONValueEquality.equal(schema.documents[value.document], value.node, document, instance) {
                return true
            }
            if record {
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
        case .multipleOf(let divisor, let text):
            guard let value = number(instance) else { return true }
            guard DecimalMultiple.isMultiple(value, of: divisor) else {
                if record {
                    report(
                        instance, node, "multipleOf",
                        "expected a multiple of \(text), found \(document.rawText(instance))")
                }
                return false
            }
            return true
        case .bound(let limit, let text, let kind):
            guard let value = number(instance) else { return true }
            let order = JSONDecimal.order(value, limit)
            let holds: Bool
            let words: String
            switch kind {
            case .minimum: (holds, words) = (order >= 0, "at least")
            case .exclusiveMinimum: (holds, words) = (order > 0, "more than")
            case .maximum: (holds, words) = (order <= 0, "at most")
            case .exclusiveMaximum: (holds, words) = (order < 0, "less than")
            }
            if !holds, record {
                report(
                    instance, node, kind.rawValue,
                    "expected a number \(words) \(text), found \(document.rawText(instance))")
            }
            return holds
        case .minLength(let limit), .maxLength(let limit):
            guard document.kind(instance) == .string else { return true }
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
        case .pattern(let regex, let source):
            guard let text = document.string(instance) else { return true }
            guard regex.firstMatch(text) else {
                if record {
                    report(
                        instance, node, "pattern",
                        "expected a string matching /\(source)/, found \(SchemaWording.describe(document, instance))")
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
        case .forbidden(let direction, let name):
            if record {
                report(
                    instance, node, name,
                    direction == .request
                        ? "is read-only: it must not be sent in a request"
                        : "is write-only: it must not appear in a response")
            }
            return false
        default:
            return applyStructural(keyword, node, instance, record: record, annotations: &annotations)
        }
    }

    func matches(_ mask: TypeMask, _ instance: JSONNode) -> Bool {
        switch document.kind(instance) {
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

    /// Length in Unicode scalars (JSON Schema counts code points, not bytes or graphemes).
    func characterCount(_ instance: JSONNode) -> Int {
        document.string(instance)?.unicodeScalars.count ?? 0
    }
}
