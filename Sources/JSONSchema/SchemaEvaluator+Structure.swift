import JSONTree

extension SchemaEvaluator {
    /// Array, object and applicator keywords.
    mutating func applyStructural(
        _ keyword: SchemaKeyword, _ node: SchemaNode, _ instance: JSONNode, record: Bool,
        annotations: inout Annotations?
    ) -> Bool {
        switch keyword {
        case .items(let prefix, let rest, _):
            guard document.kind(instance) == .array else { return true }
            var valid = true
            var position = 0
            var none: Annotations?
            var cursorItem = document.childCursor(instance)
            while let item = cursorItem.next(in: document) {
                let schemaIndex = position < prefix.count ? prefix[position] : rest
                position += 1
                guard let schemaIndex else { break }
                if !evaluate(schemaIndex, item, record: record, annotations: &none) {
                    valid = false
                    if !record { return false }
                }
            }
            let count = document.childCount(instance)
            if var seen = annotations {
                seen.itemPrefix = max(seen.itemPrefix, min(count, prefix.count))
                annotations = seen
            }
            if rest != nil, count > prefix.count { annotations?.allItems = true }
            return valid
        case .contains(let schemaIndex, let minimum, let maximum):
            guard document.kind(instance) == .array else { return true }
            var matched = 0
            var position = 0
            var none: Annotations?
            var cursorItem = document.childCursor(instance)
            while let item = cursorItem.next(in: document) {
                if evaluate(schemaIndex, item, record: false, annotations: &none) {
                    matched += 1
                    annotations?.items.insert(position)
                    if annotations == nil, maximum == nil, matched >= minimum { break }
                }
                position += 1
            }
            if matched < minimum {
                if record {
                    report(
                        instance, node, "contains",
                        "expected at least \(SchemaWording.plural(minimum, "item")) matching the contains schema, found \(matched)"
                    )
                }
                return false
            }
            if let maximum, matched > maximum {
                if record {
                    report(
                        instance, node, "maxContains",
                        "expected at most \(SchemaWording.plural(maximum, "item")) matching the contains schema, found \(matched)"
                    )
                }
                return false
            }
            return true
        case .minItems(let limit), .maxItems(let limit):
            guard document.kind(instance) == .array else { return true }
            let count = document.childCount(instance)
            let isMinimum = if case .minItems = keyword { true } else { false }
            let holds = isMinimum ? count >= limit : count <= limit
            if !holds, record {
                report(
                    instance, node, keyword.name,
                    "expected \(isMinimum ? "at least" : "at most") \(SchemaWording.plural(limit, "item")), found \(count)"
                )
            }
            return holds
        case .uniqueItems:
            guard document.kind(instance) == .array, let (first, second) = duplicate(in: instance) else { return true }
            if record {
                report(
                    instance, node, "uniqueItems", "expected unique items, but items \(first) and \(second) are equal")
            }
            return false
        case .minProperties(let limit), .maxProperties(let limit):
            guard document.kind(instance) == .object else { return true }
            let count = document.childCount(instance)
            let isMinimum = if case .minProperties = keyword { true } else { false }
            let holds = isMinimum ? count >= limit : count <= limit
            if !holds, record {
                report(
                    instance, node, keyword.name,
                    "expected \(isMinimum ? "at least" : "at most") \(SchemaWording.plural(limit, "property")), found \(count)"
                )
            }
            return holds
        case .required(let names):
            guard document.kind(instance) == .object else { return true }
            return checkRequired(names, in: instance, node, record: record) {
                "missing the required property \(SchemaWording.quoted($0))"
            }
        case .dependentRequired(let dependencies):
            guard document.kind(instance) == .object else { return true }
            var valid = true
            for (name, required) in dependencies where has(instance, name) {
                let holds = checkRequired(required, in: instance, node, record: record) {
                    "missing the property \(SchemaWording.quoted($0)), required when \(SchemaWording.quoted(name.name)) is present"
                }
                if !holds {
                    valid = false
                    if !record { return false }
                }
            }
            return valid
        case .object(let applicator):
            guard document.kind(instance) == .object else { return true }
            return applyObject(applicator, node, instance, record: record, annotations: &annotations)
        case .propertyNames(let schemaIndex):
            guard document.kind(instance) == .object else { return true }
            var valid = true
            var cursorMember = document.childCursor(instance)
            while let member = cursorMember.next(in: document) {
                let name = document.key(member) ?? ""
                guard let nameDocument = try? JSONDocument(text: SchemaWording.jsonLiteral(name)) else { continue }
                var inner = SchemaEvaluator(schema: schema, document: nameDocument, recording: false)
                inner.dynamicScope = dynamicScope
                var none: Annotations?
                if !inner.evaluate(schemaIndex, nameDocument.root, record: false, annotations: &none) {
                    valid = false
                    guard record else { return false }
                    report(
                        instance, node, "propertyNames",
                        "the property name \(SchemaWording.quoted(name)) does not match propertyNames")
                }
            }
            return valid
        case .dependentSchemas(let dependencies):
            guard document.kind(instance) == .object else { return true }
            var valid = true
            for (name, schemaIndex) in dependencies where has(instance, name) {
                if !evaluate(schemaIndex, instance, record: record, annotations: &annotations) {
                    valid = false
                    if !record { return false }
                }
            }
            return valid
        case .unevaluatedItems(let schemaIndex):
            guard document.kind(instance) == .array else { return true }
            let seen = annotations ?? Annotations()
            guard !seen.allItems else { return true }
            var valid = true
            var position = 0
            var none: Annotations?
            var cursorItem = document.childCursor(instance)
            while let item = cursorItem.next(in: document) {
                defer { position += 1 }
                guard position >= seen.itemPrefix, !seen.items.contains(position) else { continue }
                if !evaluate(schemaIndex, item, record: false, annotations: &none) {
                    valid = false
                    guard record else { return false }
                    report(
                        item, node, "unevaluatedItems",
                        "unexpected item (no schema evaluated it and unevaluatedItems rejects it)")
                }
            }
            annotations?.allItems = true
            return valid
        case .unevaluatedProperties(let schemaIndex):
            guard document.kind(instance) == .object else { return true }
            let seen = annotations ?? Annotations()
            var valid = true
            var none: Annotations?
            var cursorMember = document.childCursor(instance)
            while let member = cursorMember.next(in: document) {
                guard !seen.properties.contains(member.index) else { continue }
                if !evaluate(schemaIndex, member, record: false, annotations: &none) {
                    valid = false
                    guard record else { return false }
                    report(
                        instance, node, "unevaluatedProperties",
                        "unexpected property \(SchemaWording.quoted(document.key(member) ?? "")) (not evaluated by any schema)"
                    )
                }
                annotations?.properties.insert(member.index)
            }
            return valid
        default:
            return applyApplicator(keyword, node, instance, record: record, annotations: &annotations)
        }
    }

    /// `properties`, `patternProperties`, `additionalProperties` in one pass over the members.
    private mutating func applyObject(
        _ applicator: ObjectApplicator, _ node: SchemaNode, _ instance: JSONNode, record: Bool,
        annotations: inout Annotations?
    ) -> Bool {
        var valid = true
        var none: Annotations?
        var cursorMember = document.childCursor(instance)
        while let member = cursorMember.next(in: document) {
            var evaluated = false
            let candidates = document.keyHash(member).flatMap { applicator.byHash[$0] } ?? []
            for offset in candidates {
                let property = applicator.properties[offset]
                guard document.keyEquals(member, property.utf8) else { continue }
                evaluated = true
                if schema.nodes[property.schema].boolean == false {
                    valid = false
                    guard record else { return false }
                    report(
                        instance, node, "properties",
                        "the property \(SchemaWording.quoted(property.name)) is not allowed")
                } else if !evaluate(property.schema, member, record: record, annotations: &none) {
                    valid = false
                    if !record { return false }
                }
            }
            if !applicator.patterns.isEmpty {
                let name = document.key(member) ?? ""
                for pattern in applicator.patterns where pattern.regex.firstMatch(name) {
                    evaluated = true
                    if !evaluate(pattern.schema, member, record: record, annotations: &none) {
                        valid = false
                        if !record { return false }
                    }
                }
            }
            if !evaluated, let additional = applicator.additional {
                evaluated = true
                if schema.nodes[additional].boolean == false {
                    valid = false
                    guard record else { return false }
                    report(
                        instance, node, "additionalProperties",
                        "unexpected property \(SchemaWording.quoted(document.key(member) ?? ""))")
                } else if !evaluate(additional, member, record: record, annotations: &none) {
                    valid = false
                    if !record { return false }
                }
            }
            if evaluated { annotations?.properties.insert(member.index) }
        }
        return valid
    }

    private func has(_ instance: JSONNode, _ name: PropertyName) -> Bool {
        var cursor = document.childCursor(instance)
        while let member = cursor.next(in: document) {
            if document.keyEquals(member, name.utf8) { return true }
        }
        return false
    }

    /// Every name present in one pass over the members (a bit per name, up to 64 names).
    private mutating func checkRequired(
        _ names: [PropertyName], in instance: JSONNode, _ node: SchemaNode, record: Bool, message: (String) -> String
    ) -> Bool {
        var missing: [PropertyName] = []
        if names.count <= 64 {
            var found: UInt64 = 0
            var cursorMember = document.childCursor(instance)
            while let member = cursorMember.next(in: document) {
                for (offset, name) in names.enumerated()
                where found & (1 << offset) == 0 && document.keyEquals(member, name.utf8) {
                    found |= 1 << offset
                }
            }
            let all: UInt64 = names.count == 64 ? ~0 : (1 << UInt64(names.count)) - 1
            guard found != all else { return true }
            for (offset, name) in names.enumerated() where found & (1 << offset) == 0 { missing.append(name) }
        } else {
            missing = names.filter { !has(instance, $0) }
            guard !missing.isEmpty else { return true }
        }
        if record {
            for name in missing { report(instance, node, "required", message(name.name)) }
        }
        return false
    }

    /// The first pair of equal items, by hash buckets.
    private func duplicate(in instance: JSONNode) -> (Int, Int)? {
        var buckets: [Int: [(Int, JSONNode)]] = [:]
        for (position, item) in document.children(instance).enumerated() {
            let hash = JSONValueEquality.hash(document, item)
            for (earlier, other) in buckets[hash] ?? [] where JSONValueEquality.equal(document, other, document, item) {
                return (earlier, position)
            }
            buckets[hash, default: []].append((position, item))
        }
        return nil
    }
}
