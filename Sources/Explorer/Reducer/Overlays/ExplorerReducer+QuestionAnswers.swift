import TUI
import Workspace

/// What the dialogs' answers do to the rest of the explorer, asked by the overlay slice: each
/// goes to the slice that owns what it changes (quitting, recovering drafts, a file changed on
/// disk, a read-only file and a mock route that exists to the workspace slice; Enter on a problem
/// that blocked the send to the request editor).
extension ExplorerReducer {
    static func answered(_ question: Overlay, choice: Int, _ state: inout ExplorerState) -> [ExplorerEffect] {
        switch question {
        case .quitPrompt:
            switch choice {
            case 0: return saveAll(inClear: true, &state)
            case 1: return reduceWorkspace(.discardAndQuit, &state)
            default: return reduceOverlays(.close, &state)
            }
        case .recoverDrafts:
            return reduceWorkspace(.recoverDrafts(restore: choice == 0), &state)
        case .conflict(let collectionID, _):
            return reduceWorkspace(.resolveConflict(collectionID: collectionID, choice: choice), &state)
        case .replaceReadOnly(let collectionID, let path, _):
            return reduceWorkspace(.replaceReadOnly(collectionID: collectionID, path: path, choice: choice), &state)
        case .mockRouteExists(let existing, _):
            return reduceWorkspace(.resolveMockRouteExists(existing, choice: choice), &state)
        case .keepSecret(let offer, _):
            return reduceWorkspace(.answerKeepSecret(offer, choice: choice), &state)
        case .clearCredentialSave(let offer, _):
            return reduceWorkspace(.answerClearCredentialSave(offer, choice: choice), &state)
        case .confirmEnvironmentEdit(let deletion, _):
            // Either way the manager (or the routes) it came from is open again.
            var effects = deletion.back.map { reduceOverlays(.open($0), &state) } ?? reduceOverlays(.close, &state)
            if choice == 0 {
                effects += reduceWorkspace(
                    .editEnvironments(collectionID: deletion.collectionID, deletion.edit), &state)
            }
            return effects
        case .clearHistory(let question, _):
            return clearHistoryAnswered(question, choice: choice, &state)
        case .acceptSnapshot(let proposal, _):
            return snapshotAnswered(proposal, choice: choice, &state)
        case .trust(let question, _):
            // Nothing is trusted unseen: when the commands do not fit the screen whole, the dialog
            // offers only Cancel, and every answer is one.
            let trusted = choice == 0 && TrustDialog.fits(question, size: state.size)
            return reduceOverlays(.close, &state) + [.answerTrust(question, trusted: trusted)]
        case .help, .palette, .environments, .environmentEditor, .mockRoutes, .variables, .sendBlocked, .prompt,
            .viewer, .problems, .historyBrowser, .cookies, .sendPrompts, .webSocketComposer, .graphqlSchema,
            .graphqlOperations:
            return []
        }
    }

    /// Enter on a problem that blocked the send: the request pane shows where it occurs.
    static func jump(toProblem problem: String, _ state: inout ExplorerState) -> [ExplorerEffect] {
        reduceScreen(.focus(.request), &state)
        if problem.hasPrefix(GraphQLOperationPickerState.sendProblemPrefix) { return openOperationPicker(&state) }
        return reduceEditor(.jump(toProblem: problem), &state)
    }
}
