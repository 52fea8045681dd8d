import JSONTree

extension SchemaEvaluator {
    /// In-place applicators: the same instance against other schemas.
    mutating func applyApplicator(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: JSONNode, _ kind: JSONKind, record: Bool,
        annotations: inout Annotations?
    ) -> Bool {
        switch keyword {
        case .ref(let target, _):
            return evaluate(target, instance, record: record, annotations: &annotations)
        case .dynamicRef(let target, let anchorIndex):
            // The outermost resource in the dynamic scope with this dynamic anchor wins.
            let anchor = schema.program.tables.anchors[anchorIndex]
            for resource in dynamicScope {
                if let dynamicTarget = schema.resources[resource].dynamicAnchors[anchor] {
                    return evaluate(dynamicTarget, instance, record: record, annotations: &annotations)
                }
            }
            return evaluate(target, instance, record: record, annotations: &annotations)
        case .allOf(let list):
            var valid = true
            for position in schema.program.tables.schemaLists[list].indices
            where !evaluate(
                schema.program.tables.schemaLists[list][position], instance, record: record, annotations: &annotations)
            {
                valid = false
                if !record { return false }
            }
            return valid
        case .anyOf(let list):
            var matched = false
            for position in schema.program.tables.schemaLists[list].indices
            where evaluate(
                schema.program.tables.schemaLists[list][position], instance, record: false, annotations: &annotations)
            {
                matched = true
                if annotations == nil { break }
            }
            guard !matched, record else { return matched }
            let schemas = schema.program.tables.schemaLists[list]
            if !matched, record {
                report(
                    instance, node, "anyOf",
                    "expected to match at least one of the \(schemas.count) schemas of anyOf, found \(SchemaWording.describe(document, instance)) matching none"
                )
                if !explaining { explainClosest(schemas, instance) }
            }
            return matched
        case .oneOf(let list):
            var matches: [Int] = []
            for position in schema.program.tables.schemaLists[list].indices
            where evaluate(
                schema.program.tables.schemaLists[list][position], instance, record: false, annotations: &annotations)
            {
                matches.append(position)
                if matches.count > 1, annotations == nil { break }
            }
            let schemas = schema.program.tables.schemaLists[list]
            guard matches.count == 1 else {
                if record {
                    if matches.isEmpty {
                        report(
                            instance, node, "oneOf",
                            "expected to match exactly one of the \(schemas.count) schemas of oneOf, found \(SchemaWording.describe(document, instance)) matching none"
                        )
                        if !explaining { explainClosest(schemas, instance) }
                    } else {
                        let list = matches.map(String.init).joined(separator: " and ")
                        report(
                            instance, node, "oneOf",
                            "expected to match exactly one of the \(schemas.count) schemas of oneOf, matched several (\(list))"
                        )
                    }
                }
                return false
            }
            return true
        case .not(let schemaIndex):
            var none: Annotations?
            guard !evaluate(schemaIndex, instance, record: false, annotations: &none) else {
                if record { report(instance, node, "not", "expected not to match the schema of not, but it does") }
                return false
            }
            return true
        case .conditional(let condition, let thenSchema, let elseSchema):
            var conditionAnnotations: Annotations? = annotations == nil ? nil : Annotations()
            if evaluate(condition, instance, record: false, annotations: &conditionAnnotations) {
                if let conditionAnnotations { annotations?.merge(conditionAnnotations) }
                guard let thenSchema else { return true }
                return evaluate(thenSchema, instance, record: record, annotations: &annotations)
            }
            guard let elseSchema else { return true }
            return evaluate(elseSchema, instance, record: record, annotations: &annotations)
        case .discriminator(let table):
            guard kind == .object else { return true }
            let (property, mapping) = schema.program.tables.discriminators[table]
            guard let member = document.children(instance).first(where: { document.keyEquals($0, property.utf8) }),
                let value = document.string(member)
            else {
                if record {
                    report(
                        instance, node, "discriminator",
                        "missing the discriminator property \(SchemaWording.quoted(property.name))")
                }
                return false
            }
            guard let target = mapping[value] else {
                if record {
                    let known = mapping.keys.sorted().map(SchemaWording.quoted).joined(separator: ", ")
                    report(
                        member, node, "discriminator",
                        "expected one of \(known), found \(SchemaWording.describe(document, member))")
                }
                return false
            }
            return evaluate(target, instance, record: record, annotations: &annotations)
        default:
            return true
        }
    }

    /// How far a branch is from matching: its findings, a wrong type of the value itself counting
    /// as far (the value was plainly meant for another branch).
    private func score(_ findings: [SchemaFinding], _ instance: JSONNode) -> Int {
        let path = SchemaWording.path(document, instance)
        return findings.reduce(0) { $0 + ($1.keyword == "type" && $1.instancePath == path ? 1_000 : 1) }
    }

    /// After a failed `anyOf`/`oneOf`: the findings of the branch that got furthest (the lowest
    /// score), so the message says what to fix rather than only that nothing matched.
    private mutating func explainClosest(_ schemas: [Int], _ instance: JSONNode) {
        var best: [SchemaFinding]?
        for schemaIndex in schemas {
            var trial = SchemaEvaluator(schema: schema, document: document, recording: true)
            trial.dynamicScope = dynamicScope
            trial.depth = depth
            trial.instanceRun = instanceRun
            trial.explaining = true
            trial.steps = steps
            var none: Annotations?
            _ = trial.evaluate(schemaIndex, instance, record: true, annotations: &none)
            steps = trial.steps
            if best == nil || score(trial.findings, instance) < score(best ?? [], instance) { best = trial.findings }
        }
        for finding in best ?? [] {
            guard findings.count < schema.options.maximumFindings else {
                truncated = true
                return
            }
            findings.append(finding)
        }
    }
}
