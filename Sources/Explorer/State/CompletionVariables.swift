import Workspace

extension ExplorerState {
    /// The variables a `{{` completes to for the selected request, each with where it comes from,
    /// in the order they win (as the variables view lists them): captured values, the
    /// environment's, the collection's, `$LAZER_VAR_…` from the process, the names a request of
    /// the collection captures (not captured yet), and the dynamic values.
    package var completionVariables: [CompletionItem] {
        guard let id = currentCollectionID, let document = document(collectionID: id) else { return [] }
        var items: [CompletionItem] = []
        var seen = Set<String>()
        func add(_ name: String, _ detail: String) {
            guard !name.isEmpty, seen.insert(name).inserted else { return }
            items.append(CompletionItem(name, detail: detail))
        }
        for name in (captures[id] ?? [:]).keys.sorted() { add(name, "captured") }
        if let environment = environment(collectionID: id) {
            for variable in environment.variables { add(variable.name, "environment \(environment.name)") }
        }
        for variable in document.collection.variables { add(variable.name, "collection") }
        for name in processEnvironment.keys.sorted() where name.hasPrefix("LAZER_VAR_") {
            add(String(name.dropFirst(10)), "process")
        }
        // Asked on every key typed: `capturedVariables` reads the requests in place.
        for (variable, requestName) in document.collection.capturedVariables {
            add(variable, "captured by \(requestName)")
        }
        for name in DynamicValues.names {
            add("$" + name, name == "prompt" || name == "select" ? "dynamic: asked at send" : "dynamic: new each send")
        }
        return items
    }
}
