import Workspace

/// One save per collection at a time. A save is checked against the file as Lazer last read or
/// wrote it; two saves sent at once (`J J`: each move writes the file) both carried the
/// fingerprint from before the first, so the second found the first's file and took it for
/// another program's change. A save asked for while one is in flight waits for its result and
/// then writes the collection as it is by then, over the fingerprint the first one wrote.
extension ExplorerReducer {
    /// Runs after every action: each `.save` leaves now, or waits for the one in flight. The
    /// state's document becomes what is being written (a save of drafts puts them into it), so a
    /// save that follows builds on it instead of on the file before.
    static func queueSaves(_ effects: [ExplorerEffect], _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard effects.contains(where: { if case .save = $0 { true } else { false } }) else { return effects }
        var result: [ExplorerEffect] = []
        for effect in effects {
            guard case .save(let document, let overwrite) = effect else {
                result.append(effect)
                continue
            }
            let id = document.collection.id
            if let index = state.collections.firstIndex(where: { $0.collectionID == id && $0.path == document.path }),
                state.collections[index].document?.collection != document.collection
            {
                state.collections[index].document?.collection = document.collection
                state.navigator.rebuild(from: state.collections)
            }
            if state.savesInFlight.contains(id) {
                state.savesQueued[id] = (state.savesQueued[id] ?? false) || overwrite
            } else {
                state.savesInFlight.insert(id)
                result.append(effect)
            }
        }
        return result
    }

    /// A save's result is in: the collection keeps what changed while it was on its way (over the
    /// fingerprint just written), and a save that waited for it leaves now.
    static func saveLanded(_ written: CollectionDocument, _ state: inout ExplorerState) -> CollectionDocument {
        let id = written.collection.id
        state.savesInFlight.remove(id)
        var document = written
        if let current = state.document(collectionID: id), current.path == written.path {
            document.collection = current.collection
        }
        return document
    }

    /// The save that waited for the one whose result just came, if any.
    static func queuedSave(_ collectionID: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let overwrite = state.savesQueued.removeValue(forKey: collectionID),
            let document = state.document(collectionID: collectionID)
        else { return [] }
        return [.save(document, overwrite: overwrite)]
    }
}
