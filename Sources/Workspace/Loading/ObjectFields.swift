import HTTPCore

/// Typed access to the members of one JSON object, reporting missing fields, wrong types and
/// bad values through the `DocumentReader` with the exact position.
struct ObjectFields {
    let reader: DocumentReader
    let path: DocumentPath
    /// The object itself, and its members as places in the file (`SourceNode.objectMembers`):
    /// names are compared where they are written, and decoded only when reported or kept.
    let object: SourceNode
    let members: [SourceNode.Member]

    /// Offset of the object's `{`, where "missing field" errors point: found when one is reported.
    var offset: Int { object.offset }

    func node(_ key: String) -> SourceNode? {
        for member in members where object.keyEquals(member, key) { return object.value(of: member) }
        return nil
    }

    func has(_ key: String) -> Bool { node(key) != nil }

    private func missing(_ key: String) {
        reader.report(.error, "missing required field \"\(key)\"", at: offset, path: path)
    }

    private func wrongType(_ key: String, _ node: SourceNode, expected: String) {
        reader.report(
            .error, "expected \(expected); found \(node.kindName)", at: node.offset, path: path.appending(key))
    }

    func string(_ key: String, required: Bool = false) -> String? {
        guard let node = node(key) else {
            if required { missing(key) }
            return nil
        }
        guard case .string(let text) = node.kind else {
            wrongType(key, node, expected: "a string")
            return nil
        }
        return text
    }

    func bool(_ key: String) -> Bool? {
        guard let node = node(key) else { return nil }
        guard case .bool(let flag) = node.kind else {
            wrongType(key, node, expected: "true or false")
            return nil
        }
        return flag
    }

    /// An integer within `range`.
    func int(_ key: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard let node = node(key) else {
            if required { missing(key) }
            return nil
        }
        guard case .number(let text) = node.kind, let value = Int(text) else {
            wrongType(key, node, expected: "a whole number")
            return nil
        }
        guard range.contains(value) else {
            reader.report(
                .error, "expected a number from \(range.lowerBound) to \(range.upperBound); found \(value)",
                at: node.offset, path: path.appending(key))
            return nil
        }
        return value
    }

    /// A non-negative number (seconds, for example).
    /// The longest time a collection may give (`timeoutSeconds`): 2^31 - 1 milliseconds.
    static let maximumSeconds = 2_147_483.0

    func seconds(_ key: String) -> Double? {
        guard let node = node(key) else { return nil }
        guard case .number(let text) = node.kind, let value = Double(text), value.isFinite else {
            wrongType(key, node, expected: "a number of seconds")
            return nil
        }
        guard value >= 0 else {
            reader.report(
                .error, "expected zero or more seconds; found \(text)", at: node.offset, path: path.appending(key))
            return nil
        }
        // libcurl takes milliseconds as a C long: a larger value cannot be sent (and would not end).
        guard value <= Self.maximumSeconds else {
            reader.report(
                .error, "expected at most \(Int(Self.maximumSeconds)) seconds (about 24 days); found \(text)",
                at: node.offset, path: path.appending(key))
            return nil
        }
        return value
    }

    /// One of a fixed set of words; a near miss gets a "did you mean" hint.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, required: Bool = false) -> Choice?
    where Choice.RawValue == String {
        guard let node = node(key) else {
            if required { missing(key) }
            return nil
        }
        // Compared in the file's bytes; what follows is the message for a value that is none of
        // them. A closure, not `\.rawValue`: a key path in generic code is made anew at every call.
        if let choice = node.firstString(among: Choice.allCases, { $0.rawValue }) { return choice }
        let allowed = Choice.allCases.map { $0.rawValue }
        guard case .string(let text) = node.kind else {
            wrongType(key, node, expected: "one of \(allowed.joined(separator: ", "))")
            return nil
        }
        var message = "expected one of \(allowed.joined(separator: ", ")); found \"\(text)\""
        if let suggestion = Suggestion.closest(to: text, in: allowed) {
            message += " (did you mean \"\(suggestion)\"?)"
        }
        reader.report(.error, message, at: node.offset, path: path.appending(key))
        return nil
    }

    /// An HTTP method: a standard one or any RFC 9110 token. A token that is not one is an error; a
    /// custom token that looks like a misspelt standard method (`GTE`, `get`) loads, with a warning
    /// naming the method meant, since it would be sent exactly as written.
    func method(_ key: String, required: Bool = false) -> RequestMethod? {
        guard let node = node(key) else {
            if required { missing(key) }
            return nil
        }
        // Worked out for a problem only: every request of a collection has a method.
        var standard: [String] { RequestMethod.standard.map(\.rawValue) }
        var expected: String { "a method (\(standard.joined(separator: ", ")) or another token)" }
        guard case .string(let text) = node.kind else {
            wrongType(key, node, expected: expected)
            return nil
        }
        guard let method = RequestMethod(rawValue: text) else {
            reader.report(
                .error,
                "expected \(expected); found \"\(text)\", which is not a token "
                    + "(letters, digits and !#$%&'*+-.^_`|~ only)",
                at: node.offset, path: path.appending(key))
            return nil
        }
        if !method.isStandard, let suggestion = Suggestion.closest(to: text, in: standard) {
            reader.report(
                .warning, "custom method \"\(text)\" is sent as written (did you mean \"\(suggestion)\"?)",
                at: node.offset, path: path.appending(key))
        }
        return method
    }

    /// Any JSON value, kept as written.
    func json(_ key: String) -> StoredJSON? {
        node(key)?.stored
    }

    /// An array of elements read by `element`; absent means empty.
    func array<T>(_ key: String, _ element: (SourceNode, DocumentPath) -> T?) -> [T] {
        guard let node = node(key) else { return [] }
        return reader.array(node, at: path.appending(key), element)
    }

    /// A list of folders or requests: like `array`, but a first look (`DocumentReader.listLimit`)
    /// reads only its first elements, within what the look has left to read.
    func list<T>(_ key: String, _ element: (SourceNode, DocumentPath) -> T?) -> [T] {
        guard let node = node(key) else { return [] }
        let limit = reader.listLimit == nil ? nil : reader.listCount(node.childCount)
        return reader.array(node, at: path.appending(key), limit: limit, element)
    }

    /// Members this version of the format does not know: kept (and written back after the known
    /// fields on save) and reported as warnings, never dropped silently.
    func unknownFields(known: [String]) -> [StoredJSON.Member] {
        members.filter { member in !known.contains { object.keyEquals(member, $0) } }.map { member in
            let key = object.key(of: member)
            let value = object.value(of: member)
            reader.report(
                .warning, "unknown field \"\(key)\" (kept as is when saving)",
                at: object.keyOffset(of: member), path: path.appending(key))
            return StoredJSON.Member(key, value.stored)
        }
    }
}
