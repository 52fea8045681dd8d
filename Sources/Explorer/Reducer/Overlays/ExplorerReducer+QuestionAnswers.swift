import TUI
import Workspace

/// What the dialogs' answers do to the rest of the explorer, asked by the overlay slice: quitting,
/// recovering drafts, a file changed on disk, a read-only file, a mock route that exists, and
/// Enter on a problem that blocked the send.
extension ExplorerReducer {
    static func answered(_ question: Overlay, choice: Int, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch question {
        case .quitPrompt:
            switch choice {
            case 0: return saveAll(&state)
            case 1:
                state.quitting = true
                state.drafts = [:]
                return [.storeDrafts([:]), .quit]
            default:
                state.overlay = nil
                return []
            }
        case .recoverDrafts:
            return recoverDrafts(restore: choice == 0, &state)
        case .conflict(let collectionID, _):
            return resolveConflict(collectionID, choice: choice, &state)
        case .replaceReadOnly(let collectionID, let path, _):
            state.overlay = nil
            guard choice == 0 else {
                notify(
                    &state, "Not saved: \(String(path.split(separator: "/").last ?? "")) is read-only", kind: .warning)
                return []
            }
            return [.replaceReadOnly(collectionID: collectionID)]
        case .mockRouteExists(let existing, _):
            return reduceWorkspace(.resolveMockRouteExists(existing, choice: choice), &state)
        case .keepSecret(let offer, _):
            return answeredKeepSecret(offer, choice: choice, &state)
        case .clearCredentialSave(let offer, _):
            return answeredClearCredentialSave(offer, choice: choice, &state)
        case .help, .palette, .environments, .variables, .sendBlocked, .prompt, .viewer, .problems:
            return []
        }
    }

    /// Restores the drafts of an earlier session (or discards them).
    private static func recoverDrafts(restore: Bool, _ state: inout ExplorerState) -> [ExplorerEffect] {
        state.overlay = nil
        let saves = restore ? restoreRecoveredDrafts(&state) : []
        state.draftsLostSecrets = 0
        state.recoveredDrafts = [:]
        return saves + draftsChanged(&state)
    }

    /// Moves the focus to where an unresolved variable occurs (the URL, a header, the body…).
    static func jump(toProblem problem: String, _ state: inout ExplorerState) {
        state.focus = .request
        let location = problem.split(separator: ":").first.map(String.init) ?? ""
        if location.hasPrefix("headers") {
            state.editor.tab = .headers
            state.editor.focus = .content
        } else if location.hasPrefix("query") || location.hasPrefix("pathParams") {
            state.editor.tab = .params
            state.editor.focus = .content
            // The row number is of the table named (it selected a query row for a path parameter).
            state.editor.paramsOnPath = location.hasPrefix("pathParams")
        } else if location.hasPrefix("body") {
            state.editor.tab = .body
            state.editor.focus = .content
        } else if location.hasPrefix("auth") {
            state.editor.tab = .auth
            state.editor.focus = .content
        } else if location.hasPrefix("environments") {
            state.overlay = nil
            _ = openEnvironmentPicker(&state)
        } else {
            state.editor.focus = .url
        }
        if let rowIndex = location.firstIndex(of: "["), let end = location.firstIndex(of: "]"),
            let row = Int(location[location.index(after: rowIndex)..<end])
        {
            withTable(&state) { $0.select(row) }
        }
    }

    /// The answer to "changed on disk". Keep mine: the file's version becomes the collection and
    /// the drafts stay drafts over it (nothing is saved). Take theirs: the same, without the
    /// drafts. Difference: both sides, then back to the question.
    private static func resolveConflict(_ collectionID: String, choice: Int, _ state: inout ExplorerState)
        -> [ExplorerEffect]
    {
        guard let pending = state.pendingReload[collectionID] else {
            state.overlay = nil
            return []
        }
        switch choice {
        case 0:  // keep mine
            state.overlay = nil
            state.pendingReload[collectionID] = nil
            let count = state.drafts.keys.filter { $0.collectionID == collectionID }.count
            adoptFromDisk(pending, collectionID, &state)
            notify(
                &state,
                count == 0
                    ? "Loaded the new version of \(pending.fileName)"
                    : "Kept your \(count == 1 ? "draft" : "\(count) drafts") (unsaved) over the new version of \(pending.fileName)",
                kind: .info)
            return []
        case 1:  // take theirs
            state.overlay = nil
            state.pendingReload[collectionID] = nil
            for key in state.drafts.keys where key.collectionID == collectionID { state.drafts[key] = nil }
            adoptFromDisk(pending, collectionID, &state)
            notify(&state, "Took the new version of \(pending.fileName); your drafts there are discarded", kind: .info)
            return draftsChanged(&state)
        default:  // show the difference
            let text = DraftDifference.describe(
                base: state.document(collectionID: collectionID)?.savedCollection, theirs: pending.document?.collection,
                drafts: state.drafts.filter { $0.key.collectionID == collectionID })
            return reduceOverlays(
                .view(
                    title: "What changed on disk, and what your drafts change", text: text,
                    over: .conflict(collectionID: collectionID, selected: -1)), &state)
        }
    }
}
