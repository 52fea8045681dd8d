import Workspace

/// Which requests of a plan wait for which: a request that uses a variable an earlier request of
/// the same collection captures (directly, or through a collection or environment variable whose
/// value refers to it) waits until that request has finished. Used by `--parallel`.
enum RunDependencies {
    /// For each item, the indices of the earlier items it waits for.
    static func compute(_ items: [RunPlan.Item], environment: String?) -> [Set<Int>] {
        // Per collection, the items so far that capture each variable.
        var capturers: [String: [String: [Int]]] = [:]
        var result: [Set<Int>] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let collectionID = item.document.collection.id
            var waits = Set<Int>()
            if let byVariable = capturers[collectionID], !byVariable.isEmpty {
                for name in variables(usedBy: item, environment: environment) {
                    waits.formUnion(byVariable[name] ?? [])
                }
            }
            result.append(waits)
            for capture in item.request.captures {
                capturers[collectionID, default: [:]][capture.variable, default: []].append(index)
            }
        }
        return result
    }

    /// Every variable name the request refers to, followed through the values of collection and
    /// environment variables.
    static func variables(usedBy item: RunPlan.Item, environment: String?) -> Set<String> {
        let collection = item.document.collection
        // The request's own stored form holds every template it has (URL, rows, body, auth, options).
        let stored = RequestCollection(id: collection.id, name: collection.name, requests: [item.request]).stored
        var pending = strings(in: stored).flatMap { Template($0).variableNames }
        let selected = (environment ?? collection.defaultEnvironment).flatMap(collection.environment(named:))
        let definitions = (collection.variables + (selected?.variables ?? [])).reduce(into: [String: [String]]()) {
            $0[$1.name, default: []].append($1.value)
        }
        var seen = Set<String>()
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            for value in definitions[name] ?? [] { pending += Template(value).variableNames }
        }
        return seen
    }

    private static func strings(in json: StoredJSON) -> [String] {
        switch json {
        case .string(let text): [text]
        case .array(let elements): elements.flatMap(strings)
        case .object(let members): members.flatMap { strings(in: $0.value) }
        default: []
        }
    }
}
