import TUI
import Workspace

/// The root's door to the Load view's slice: `L` in the collections pane (or the palette) opens
/// its form for the request, folder or collection under the cursor; Enter starts the test through
/// the `Load` module as an effect; snapshots arrive each second as `load` actions; `s` or Esc
/// stops it (the requests in flight finish and count). The root works out the target and the
/// workspace's part (the collection, its environment, captures, answers) and shows the notices.
extension ExplorerReducer {
    static func loadAction(_ command: RunnerCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch command {
        case .load:
            guard let target = loadTarget(state) else {
                notify(&state, "Nothing to load test here: pick a request, a folder or a collection", kind: .warning)
                return []
            }
            return reduceLoad(.open(target), &state)
        case .loadStart: return reduceLoad(.start, &state)
        case .loadStop: return reduceLoad(.stop, &state)
        case .loadAgain: return reduceLoad(.again, &state)
        case .loadHide: return reduceLoad(.hide, &state)
        default: return []
        }
    }

    static func loadEvent(_ event: LoadEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceLoad(.event(event), &state)
    }

    /// What `L` loads: the request under the cursor alone, or the folder's or collection's requests.
    static func loadTarget(_ state: ExplorerState) -> LoadViewReducer.Target? {
        let kind = state.navigator.selectedRow?.kind ?? state.selection.map(NavigatorRow.Kind.request)
        let collectionID: String
        var folder: [String] = []
        var requestID: String?
        switch kind {
        case .collection(let id): collectionID = id
        case .folder(let id, let path):
            collectionID = id
            folder = path
        case .request(let key):
            collectionID = key.collectionID
            requestID = key.requestID
        case .broken, nil: return nil
        }
        guard let collection = state.document(collectionID: collectionID)?.collection else { return nil }
        var title = folder.isEmpty ? collection.name : folder.joined(separator: "/") + " · " + collection.name
        if let requestID, let location = collection.location(ofRequest: requestID) {
            title = (location.folderPath + [location.request.name]).joined(separator: "/") + " · " + collection.name
        }
        return .init(title: title, collectionID: collectionID, folder: folder, requestID: requestID)
    }

    @discardableResult
    static func reduceLoad(_ action: LoadViewReducer.Action, _ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceLoadSlice(action, &state).effects
    }

    private static func reduceLoadSlice(_ action: LoadViewReducer.Action, _ state: inout ExplorerState)
        -> LoadViewReducer.Outcome
    {
        var context = LoadViewReducer.Context()
        if case .start = action, let collectionID = state.load?.collectionID {
            context = LoadViewReducer.Context(
                document: state.document(collectionID: collectionID),
                environment: state.environmentName(collectionID: collectionID),
                captures: state.captures.filter { $0.key == collectionID }, answers: state.overlays.promptAnswers)
        }
        let outcome = LoadViewReducer.reduce(&state.load, action, context)
        if let notice = outcome.notice { notify(&state, notice.message, kind: notice.kind) }
        return outcome
    }

    /// Keys while the Load view is on screen: the form's fields take typing (Tab and the arrows
    /// move between them); Esc stops a running test, else closes the view; F-keys, Ctrl and Alt
    /// keep their global meaning.
    static func loadKey(_ key: KeyEvent, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let view = state.load else { return [] }
        if key.key != .tab, key.key != .backTab, isCommandKey(key),
            let command = ExplorerKeymap.command(state.keys.resolve(key, contexts: []))
        {
            return perform(command, &state)
        }
        if key == KeyEvent(.escape) {
            state.keys.reset()
            return reduceLoad(view.phase == .running ? .stop : .hide, &state)
        }
        if view.phase == .form {
            let outcome = reduceLoadSlice(.formKey(key), &state)
            if outcome.handled { return outcome.effects }
        }
        switch ExplorerKeymap.command(state.keys.resolve(key, contexts: [KeyContext.load.rawValue])) {
        case .runner(let command)?: return runnerAction(command, &state)
        case .app(.help)?: return perform(.app(.help), &state)
        default: return []
        }
    }
}
