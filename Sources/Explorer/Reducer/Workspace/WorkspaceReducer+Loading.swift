import TUI
import Workspace

/// Collections stored (a file read, a document changed here) and loaded at startup, and the
/// drafts an earlier session left.
extension WorkspaceReducer {
    // MARK: - Storing

    /// Replaces (or adds) a collection slot; the rows follow.
    static func store(_ slot: CollectionSlot, _ state: inout WorkspaceState, _ outcome: inout Outcome) {
        if let index = state.collections.firstIndex(where: {
            $0.path == slot.path || ($0.collectionID != nil && $0.collectionID == slot.collectionID)
        }) {
            var slot = slot
            // A slot made from a saved document has no schema: the one read with the file stays
            // while the collection names the same schema.
            let previous = state.collections[index]
            if slot.graphqlSchema == nil,
                slot.document?.collection.graphqlSchema == previous.document?.collection.graphqlSchema
            {
                slot.graphqlSchema = previous.graphqlSchema
            }
            state.collections[index] = slot
        } else {
            state.collections.append(slot)
            state.collections.sort { $0.path < $1.path }
        }
        collectionsChanged(&outcome)
    }

    /// A file read from disk (at startup or after it changed): stored, unless another file already
    /// open has its collection id, when it is stored as a broken file that says so.
    static func storeFromDisk(_ slot: CollectionSlot, _ state: inout WorkspaceState, _ outcome: inout Outcome) {
        let path = slot.path
        if slot.collectionID != nil,
            let other = state.collections.first(where: { $0.path != path && $0.collectionID == slot.collectionID })
        {
            store(CollectionSlot.duplicate(slot, of: other), &state, &outcome)
        } else {
            store(slot, &state, &outcome)
        }
    }

    static func collectionsChanged(_ outcome: inout Outcome) {
        if !outcome.requests.contains(.collectionsChanged) { outcome.requests.append(.collectionsChanged) }
    }

    // MARK: - Loading

    static func collectionLoaded(
        _ slot: CollectionSlot, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        // The whole file after its first look: what the first look chose (the environment, the
        // folders open) may have been changed since, and stays.
        let wasPartial = state.collections.first(where: { $0.path == slot.path })?.isPartial ?? false
        storeFromDisk(slot, &state, &outcome)
        guard let document = state.collections.first(where: { $0.path == slot.path })?.document else { return }
        if !wasPartial { applyRemembered(slot, document, &state, context, &outcome) }
        // A request named on the command line is selected as soon as its collection is here.
        if context.selection == nil, let wanted = context.startup.request, let key = state.findRequest(wanted) {
            outcome.requests.append(.selectNamed(key))
        }
    }

    /// The environment and open folders a collection had last time, or that the command line asks for.
    private static func applyRemembered(
        _ slot: CollectionSlot, _ document: CollectionDocument, _ state: inout WorkspaceState, _ context: Context,
        _ outcome: inout Outcome
    ) {
        let id = document.collection.id
        var expand: [String] = []
        if let remembered = slot.remembered {
            if state.environments[id] == nil, let name = remembered.selectedEnvironment,
                document.collection.environment(named: name) != nil
            {
                state.environments[id] = name
            }
            expand += remembered.expandedFolders.map { id + "/" + $0 }
        }
        if let requested = context.startup.environment, document.collection.environment(named: requested) != nil {
            state.environments[id] = requested
        }
        if slot.remembered?.expandedFolders.isEmpty ?? true, state.collections.filter({ $0.document != nil }).count <= 2
        {
            expand.append(id)
        }
        if !expand.isEmpty { outcome.requests.append(.expand(expand)) }
    }

    /// Drafts other instances left: restored over the saved requests (a credential typed since the
    /// last save is gone: drafts never keep one in clear), and offered — those of requests deleted
    /// since too, when their collection is open (restoring adds them back).
    static func draftsFound(
        _ found: [RequestKey: SavedRequest], environments: [String: RequestCollection] = [:],
        _ state: inout WorkspaceState, _ outcome: inout Outcome
    ) {
        var drafts: [RequestKey: SavedRequest] = [:]
        var lostSecrets = 0
        for (key, draft) in found {
            let (restored, lost) = DraftSecrets.restore(draft, saved: state.savedRequest(key))
            drafts[key] = restored
            if lost { lostSecrets += 1 }
        }
        state.draftsLostSecrets = lostSecrets
        let known = drafts.filter {
            guard state.document(collectionID: $0.key.collectionID) != nil else { return false }
            return state.savedRequest($0.key) != $0.value
        }
        // Environments and variables: those of a collection still here that differ from it now.
        let changed = environments.filter { id, edited in
            guard let document = state.document(collectionID: id) else { return false }
            return !EnvironmentChanges.lines(
                from: document.collection, to: recovered(edited, into: document.collection)
            )
            .isEmpty
        }
        guard !known.isEmpty || !changed.isEmpty else { return }
        state.recoveredDrafts = known
        state.recoveredEnvironments = changed
        outcome.requests.append(
            .ask(
                .recoverDrafts(count: known.count + changed.count, selected: -1),
                waitingNotice: "Unsaved drafts from last time were found: Lazer asks about them when you finish typing")
        )
    }

    /// `collection` with the environments, variables and default of `edited` (an autosaved
    /// draft, whose secret values were never stored: each takes the value it has now, if any).
    static func recovered(_ edited: RequestCollection, into collection: RequestCollection) -> RequestCollection {
        func filled(_ variables: [Variable], from current: [Variable]) -> [Variable] {
            variables.map { variable in
                guard variable.secret, variable.value.isEmpty,
                    let now = current.first(where: { $0.name == variable.name && $0.secret })
                else { return variable }
                var kept = variable
                kept.value = now.value
                return kept
            }
        }
        var result = collection
        result.variables = filled(edited.variables, from: collection.variables)
        result.environments = edited.environments.map { environment in
            var environment = environment
            let current = collection.environment(named: environment.name)?.variables ?? []
            environment.variables = filled(environment.variables, from: current)
            return environment
        }
        result.defaultEnvironment = edited.defaultEnvironment
        return result
    }
}
