import JSONTree

extension SchemaEvaluator {
    /// Array, object and applicator keywords.
    mutating func applyStructural(
        _ keyword: SchemaKeyword, _ node: Int, _ instance: JSONNode, _ kind: JSONKind, record: Bool,
        annotations: inout Annotations?
    ) -> Bool {
        switch keyword {
        case .items(let prefixList, let rest):
            guard kind == .array else { return true }
            var valid = true
            var position = 0
            var none: Annotations?
            let prefixCount = prefixList.map { schema.program.tables.schemaLists[$0].count } ?? 0
            var cursorItem = document.childCursor(instance)
            while let item = cursorItem.next(in: document) {
                let schemaIndex =
                    position < prefixCount ? prefixList.map { schema.program.tables.schemaLists[$0][position] } : rest
                position += 1
                guard let schemaIndex else { break }
                if !evaluate(schemaIndex, item, record: record, annotations: &none) {
                    valid = false
                    if !record { return false }
                }
            }
            let count = document.childCount(instance)
            if var seen = annotations {
                seen.itemPrefix = max(seen.itemPrefix, min(count, prefixCount))
                annotations = seen
            }
            if rest != nil, count > prefixCount { annotations?.allItems = true }
            return valid
        case .contains(let schemaIndex, let minimum, let maximum):
            guard kind == .array else { return true }
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
            guard kind == .array else { return true }
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
            guard kind == .array, let (first, second) = duplicate(in: instance) else { return true }
            if record {
                report(
                    instance, node, "uniqueItems", "expected unique items, but items \(first) and \(second) are equal")
            }
            return false
        case .minProperties(let limit), .maxProperties(let limit):
            guard kind == .object else { return true }
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
        case .required(let table):
            guard kind == .object else { return true }
            let coverage = schema.program.requiredCoverage[table]
            if coverage.object >= 0, metProperties.object == coverage.object, metProperties.instance == instance.index,
                metProperties.met & coverage.mask == coverage.mask
            {
                return true
            }
            return checkRequired(table, in: instance, node, record: record) {
                "missing the required property \(SchemaWording.quoted($0))"
            }
        case .dependentRequired(let table):
            guard kind == .object else { return true }
            var valid = true
            for (name, required) in schema.program.tables.dependentRequired[table] where has(instance, name) {
                let holds = checkRequired(names: required, in: instance, node, record: record) {
                    "missing the property \(SchemaWording.quoted($0)), required when \(SchemaWording.quoted(name.name)) is present"
                }
                if !holds {
                    valid = false
                    if !record { return false }
                }
            }
            return valid
        case .object(let table):
            guard kind == .object else { return true }
            return applyObject(table, node, instance, record: record, annotations: &annotations)
        case .propertyNames(let schemaIndex):
            guard kind == .object else { return true }
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
        case .dependentSchemas(let table):
            guard kind == .object else { return true }
            var valid = true
            for (name, schemaIndex) in schema.program.tables.dependentSchemas[table] where has(instance, name) {
                if !evaluate(schemaIndex, instance, record: record, annotations: &annotations) {
                    valid = false
                    if !record { return false }
                }
            }
            return valid
        case .unevaluatedItems(let schemaIndex):
            guard kind == .array else { return true }
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
            guard kind == .object else { return true }
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
            return applyApplicator(keyword, node, instance, kind, record: record, annotations: &annotations)
        }
    }

    /// `properties`, `patternProperties`, `additionalProperties` in one pass over the members.
    /// Each member finds its properties through the applicator's hash slots; fields are read in
    /// place from `schema.tables` (copying the applicator would retain each of its arrays).
    private mutating func applyObject(
        _ table: Int, _ node: Int, _ instance: JSONNode, record: Bool, annotations: inout Annotations?
    ) -> Bool {
        var valid = true
        var none: Annotations?
        // The flat layout (`SchemaProgram.objectLayouts`): read in place, nothing retained per object.
        let layout = schema.program.objectLayouts[table]
        let slotMask = layout.slotMask
        let hasPatterns = !schema.program.tables.objects[table].patterns.isEmpty
        let additional = schema.program.tables.objects[table].additional
        var met: UInt64 = 0
        var cursorMember = document.childCursor(instance)
        while let member = cursorMember.next(in: document) {
            var evaluated = false
            if slotMask >= 0, let hash = document.keyHash(member) {
                var slot = Int(truncatingIfNeeded: hash) & slotMask
                while case let found = Int(schema.program.propertySlots[layout.slotStart + slot]), found >= 0 {
                    slot = (slot + 1) & slotMask
                    let offset = layout.propertyStart + found
                    guard schema.program.propertyHashes[offset] == hash else { continue }
                    let range = schema.program.propertyNameRanges[offset]
                    let same = schema.program.propertyNameBytes.withUnsafeBufferPointer {
                        document.keyEquals(
                            member,
                            bytes: UnsafeBufferPointer(rebasing: $0[Int(range.lowerBound)..<Int(range.upperBound)]))
                    }
                    guard same else { continue }
                    if found < 64 { met |= 1 << UInt64(found) }
                    evaluated = true
                    let target = Int(schema.program.propertyTargets[offset])
                    if schema.program.nodes[target].boolean == false {
                        valid = false
                        guard record else { return false }
                        report(
                            instance, node, "properties",
                            "the property \(SchemaWording.quoted(schema.program.tables.objects[table].properties[found].name)) is not allowed"
                        )
                    } else if !evaluate(target, member, record: record, annotations: &none) {
                        valid = false
                        if !record { return false }
                    }
                }
            }
            if hasPatterns {
                let name = document.key(member) ?? ""
                for pattern in schema.program.tables.objects[table].patterns where pattern.regex.firstMatch(name) {
                    evaluated = true
                    if !evaluate(pattern.schema, member, record: record, annotations: &none) {
                        valid = false
                        if !record { return false }
                    }
                }
            }
            if !evaluated, let additional {
                evaluated = true
                if schema.program.nodes[additional].boolean == false {
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
        // Every member was read (an early return above skips this): `required` may use it.
        metProperties = (instance.index, table, met)
        return valid
    }

    private func has(_ instance: JSONNode, _ name: PropertyName) -> Bool {
        var cursor = document.childCursor(instance)
        while let member = cursor.next(in: document) {
            if document.keyEquals(member, name.utf8) { return true }
        }
        return false
    }

    /// `required`'s names (`SchemaTables.nameLists[table]`) all present.
    private mutating func checkRequired(
        _ table: Int, in instance: JSONNode, _ node: Int, record: Bool, message: (String) -> String
    ) -> Bool {
        // Checked in place first: passing the list on would retain it.
        if schema.program.tables.nameLists[table].count <= 64 {
            let count = schema.program.tables.nameLists[table].count
            var found: UInt64 = 0
            var cursorMember = document.childCursor(instance)
            while let member = cursorMember.next(in: document) {
                guard let hash = document.keyHash(member) else { continue }
                for offset in 0..<count
                where found & (1 << offset) == 0 && schema.program.tables.nameLists[table][offset].hash == hash
                    && document.keyEquals(member, schema.program.tables.nameLists[table][offset].utf8)
                {
                    found |= 1 << offset
                }
            }
            if found == (count == 64 ? ~0 : (1 << UInt64(count)) - 1) { return true }
            guard record else { return false }
        }
        return checkRequired(
            names: schema.program.tables.nameLists[table], in: instance, node, record: record, message: message)
    }

    /// Every name present in one pass over the members (a bit per name, up to 64 names).
    private mutating func checkRequired(
        names: [PropertyName], in instance: JSONNode, _ node: Int, record: Bool, message: (String) -> String
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

    /// The first pair of equal items: pair by pair for a short array (no allocation), by hash
    /// buckets for a longer one.
    private func duplicate(in instance: JSONNode) -> (Int, Int)? {
        if document.childCount(instance) <= 16 {
            // The same pair the buckets find: the first later item equal to an earlier one, and
            // the first of the earlier ones it equals.
            var laterCursor = document.childCursor(instance)
            var position = 0
            while let later = laterCursor.next(in: document) {
                var earlierCursor = document.childCursor(instance)
                for earlier in 0..<position {
                    guard let item = earlierCursor.next(in: document) else { break }
                    if JSONValueEquality.equal(document, item, document, later) { return (earlier, position) }
                }
                position += 1
            }
            return nil
        }
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
