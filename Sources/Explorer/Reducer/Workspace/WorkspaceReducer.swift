package import Interop
import TUI
package import Workspace

/// The workspace sync slice: collection files arriving, changing on disk and being saved, the
/// drafts recovered from an earlier session, captured values. It reduces only `WorkspaceState`;
/// what it needs of the rest (the selected request, what the command line asked for, whether
/// the quit question is open) comes in the `Context`, and what reaches other panes (rows to
/// rebuild or open, a request to select, a question to ask, the editor to reload) goes back as
/// `Outcome` requests, which the root's `reduceWorkspace` applies in order.
package enum WorkspaceReducer: SliceReducer {
    package typealias State = WorkspaceState

    package enum Action: Equatable, Sendable {
        case collectionLoaded(CollectionSlot)
        case loadingFinished(problem: String?)
        /// Every file read, nothing selected: the request to start on.
        case startupSelection
        /// Every file read: a word when `--env` named an environment no collection has.
        case checkStartupEnvironment
        case draftsFound([RequestKey: SavedRequest], environments: [String: RequestCollection] = [:])
        case captured(collectionID: String, [String: VariableScope.Value])
        case capturesUnset(collectionID: String, names: Set<String>)
        case capturesLoaded(collectionID: String, [String: VariableScope.Value])
        /// `Ctrl+S`: the selected request's draft into its collection, and the file saved.
        case saveSelected
        /// "Save anyway": `Ctrl+S` without asking about a credential typed as itself.
        case saveInClear(RequestKey)
        /// A credential typed into the Auth tab becomes a secret variable of the collection (its
        /// value in the secrets file, the field `{{name}}`); `thenSave`: the draft is saved too.
        case keepAsSecret(SecretOffer, thenSave: Bool)
        /// A credential just typed as itself: the question whether to keep it as a secret.
        case offerSecret(RequestKey, FormRow.Field)
        /// The answers to "keep it as a secret?" and "save it in clear?".
        case answerKeepSecret(SecretOffer, choice: Int)
        case answerClearCredentialSave(SecretOffer, choice: Int)
        /// Every draft of every collection (the quit question's "save all").
        /// `inClear`: the user already agreed to write typed credentials (the quit question says so).
        case saveAll(inClear: Bool)
        case saved(collectionID: String, Result<CollectionDocument, SaveFailure>)
        case fileChanged(CollectionSlot)
        /// The file's version becomes the collection (the conflict question's answers).
        case adopt(CollectionSlot, collectionID: String)
        /// A collection changed here (an edit, a new request): stored, the rows follow.
        case store(CollectionSlot)
        /// After every action: each `.save` leaves now, or waits for the one in flight.
        case queueSaves([ExplorerEffect])
        /// A prompt that edits the collections committed: a name (new, rename), a folder to move
        /// into, or where to save the shown body.
        case commitPrompt(PromptState)
        /// A paste into the URL field that is a curl command: the request's draft takes it.
        case pasteCurl(String, RequestKey)
        /// A pasted curl command read with the files it names (`readPastedCurl`'s result).
        case applyPastedCurl([SavedRequest], report: ImportReport, RequestKey)
        /// The palette's "Import…" or "Export…": the prompt for the file.
        case promptInterop(InteropCommand)
        /// The import or export prompt's file name entered.
        case commitInterop(PromptState)
        /// A file written (a body, an export): said, with what the export could not carry.
        case fileWritten(path: String, size: Int, notCarried: [String], alongside: [String] = [])
        /// `M`: the prompt naming the mock environment the shown response is saved into.
        case promptMockRoute
        /// The mock environment's name entered: the route saved (or the question about an existing one).
        case commitMockRoute(PromptState)
        /// The existing-route question's answer: 0 replace, 1 keep both, 2 cancel.
        case resolveMockRouteExists(MockRouteExists, choice: Int)
        /// The current collection's environments: the picker, the next one, one by name.
        case openEnvironmentPicker
        case cycleEnvironment
        case chooseEnvironment(String)
        /// `x` in the variables dialog: the current environment's captured values are forgotten.
        case forgetCaptures
        /// An edit of a collection's environments or variables from the manager or an editor.
        case editEnvironments(collectionID: String, EnvironmentEdit)
        /// `Ctrl+S` / `X` in the manager or an editor: the collection saved, or its environments
        /// and variables put back as saved.
        case saveCollection(String)
        case revertEnvironments(String)
        /// `Ctrl+Q`: quits at once when nothing is unsaved, else asks.
        case requestQuit
        /// The quit question's "discard": the drafts go, the program ends.
        case discardAndQuit
        /// The recovered-drafts question's answer.
        case recoverDrafts(restore: Bool)
        /// The "changed on disk" question's answer: 0 keep mine, 1 take theirs, 2 the difference.
        case resolveConflict(collectionID: String, choice: Int)
        /// The read-only question's answer: 0 replace the file, else leave it.
        case replaceReadOnly(collectionID: String, path: String, choice: Int)
        /// The selected request's auth given to its folder or its collection.
        case giveAuth(toCollection: Bool)
        /// The request as edited (by the editor) becomes the draft (none when equal to the saved one).
        case setDraft(RequestKey, SavedRequest)
        /// The drafts of requests deleted leave; those an undo gives back return as they were.
        /// The root stores the drafts once the navigator's step is applied.
        case dropDrafts([RequestKey])
        case restoreDrafts([RequestKey: SavedRequest])
        /// Said together with "Saved" when the collection's save lands.
        case saveNotice(collectionID: String, String)
        /// `$EDITOR` finished with the body's text (nil: it failed, `message` says why).
        case bodyEdited(RequestKey, text: String?, message: String?)
        /// The history browser's Ctrl+O: the entry as a draft of its request (made anew when gone).
        case draftFromHistory(collectionID: String, HistoryEntry)
        /// A collection's GraphQL schema as introspection brings it (on its way, fetched, failed).
        case graphqlSchema(collectionID: String, GraphQLSchemaSlot)
    }

    package struct Context: Equatable, Sendable {
        package var selection: RequestKey?
        package var startup: StartupRequest
        /// The quit question is open: the last save landing ends the program.
        package var quitQuestionOpen: Bool
        /// The collection of the deletion `u` can undo (its notice stays while it can).
        package var undoCollectionID: String?
        /// The result the response pane shows (a mock route is saved from it).
        package var shownResult: ExchangeResult?
        /// The collection "Export…" offers (see `ExplorerState.currentCollectionID`).
        package var currentCollectionID: String?
        /// The process's environment variables (an export resolves `{{$env.X}}` with them).
        package var processEnvironment: [String: String]
        /// A dialog is open (the viewer of what an export could not carry does not cover it).
        package var overlayOpen: Bool
        /// Each collection's first request listed in the navigator (`startupSelection` only): a
        /// list of all of them took 64 MB for a million.
        package var firstVisibleRequests: [String: RequestKey] = [:]
        /// The notice shown now (`checkStartupEnvironment` only: its warning joins it).
        package var shownNotice: String?

        package init(
            selection: RequestKey? = nil, startup: StartupRequest = StartupRequest(), quitQuestionOpen: Bool = false,
            undoCollectionID: String? = nil, shownResult: ExchangeResult? = nil, currentCollectionID: String? = nil,
            processEnvironment: [String: String] = [:], overlayOpen: Bool = false
        ) {
            self.selection = selection
            self.startup = startup
            self.quitQuestionOpen = quitQuestionOpen
            self.undoCollectionID = undoCollectionID
            self.shownResult = shownResult
            self.currentCollectionID = currentCollectionID
            self.processEnvironment = processEnvironment
            self.overlayOpen = overlayOpen
        }
    }

    package enum Request: Equatable, Sendable {
        /// The collections changed: the navigator's rows follow.
        case collectionsChanged
        /// Open these collections and folders (navigator expansion keys).
        case expand([String])
        /// The request named on the command line, its collection just loaded: selected, the
        /// request pane focused.
        case selectNamed(RequestKey)
        /// The request to start on (remembered, or the first): selected, the focus stays.
        case select(RequestKey)
        /// A new collection file was saved: its row selected, the collections pane focused.
        case showCollection(String)
        /// A question that waits while a field has the keyboard (`waitingNotice` says so meanwhile).
        case ask(Overlay, waitingNotice: String)
        case openOverlay(Overlay)
        /// The dialog (a prompt, a question) is done: it closes.
        case closeOverlay
        /// A renamed folder stays open if it was (navigator expansion keys).
        case renameExpansion(from: String, to: String)
        /// Put the navigator's cursor on this row (after the collection is stored).
        case selectRow(NavigatorRow.Kind)
        /// A request just added: selected, its URL field ready for typing over the "/".
        case editNewRequest(RequestKey)
        /// The selected request is gone: nothing is selected, the editor empties.
        case deselect
        /// The selected request changed on disk: the editor shows it as it is now.
        case reloadEditor(RequestKey)
        /// The program ends (the last save landed with the quit question open, or nothing unsaved).
        case quit
        /// Remember the collection's UI state (its environment chosen, its folders open).
        case rememberUIState(collectionID: String)
        /// Open a viewer over `over` (a question), which comes back when it closes.
        case view(title: String, text: String, over: Overlay)
        /// A rename `u` can undo for a while (the navigator's undo, timed by the root).
        case offerUndo(UndoableDeletion)

        var isExpand: Bool {
            if case .expand = self { return true }
            return false
        }
    }

    package typealias Outcome = SliceRequests<Request>

    package static func reduce(_ state: inout WorkspaceState, _ action: Action, _ context: Context) -> Outcome {
        var outcome = Outcome()
        switch action {
        case .collectionLoaded(let slot): collectionLoaded(slot, &state, context, &outcome)
        case .loadingFinished(let problem):
            state.isLoading = false
            state.loadProblem = problem
            if let problem { outcome.notice = Notice(problem, kind: .error) }
        case .startupSelection: startupSelection(state, context, &outcome)
        case .checkStartupEnvironment: checkStartupEnvironment(state, context, &outcome)
        case .draftsFound(let found, let environments):
            draftsFound(found, environments: environments, &state, &outcome)
        case .captured(let collectionID, let values):
            state.captures[collectionID, default: [:]].merge(values) { _, new in new }
        case .capturesUnset(let collectionID, let names):
            state.captures[collectionID] = state.captures[collectionID]?.filter { !names.contains($0.key) }
        case .capturesLoaded(let collectionID, let values):
            state.captures[collectionID] = values.isEmpty ? nil : values
        case .saveSelected: saveSelected(context.selection, &state, &outcome)
        case .saveInClear(let key): saveSelected(key, inClear: true, &state, &outcome)
        case .keepAsSecret(let offer, let thenSave): keepAsSecret(offer, thenSave: thenSave, &state, context, &outcome)
        case .offerSecret(let key, let field): offerSecret(key, field, state, &outcome)
        case .answerKeepSecret(let offer, let choice):
            answerKeepSecret(offer, choice: choice, &state, context, &outcome)
        case .answerClearCredentialSave(let offer, let choice):
            answerClearCredentialSave(offer, choice: choice, &state, context, &outcome)
        case .saveAll(let inClear): saveAll(inClear: inClear, &state, &outcome)
        case .saved(let collectionID, let result): saved(collectionID, result, &state, context, &outcome)
        case .fileChanged(let slot): fileChanged(slot, &state, context, &outcome)
        case .adopt(let slot, let id): adopt(slot, id, &state, context, &outcome)
        case .store(let slot): store(slot, &state, &outcome)
        case .graphqlSchema(let collectionID, let schema):
            if let index = state.collections.firstIndex(where: { $0.collectionID == collectionID }) {
                state.collections[index].graphqlSchema = schema
            }
        case .queueSaves(let effects): outcome.effects = queueSaves(effects, &state, &outcome)
        case .commitPrompt(let prompt): commitPrompt(prompt, &state, context, &outcome)
        case .pasteCurl(let text, let key): pasteCurl(text, key, &state, context, &outcome)
        case .applyPastedCurl(let requests, let report, let key):
            applyPastedCurl(requests, report, key, &state, context, &outcome)
        case .promptInterop(let command): promptInterop(command, state, context, &outcome)
        case .commitInterop(let prompt): commitInterop(prompt, state, context, &outcome)
        case .fileWritten(let path, let size, let notCarried, let alongside):
            fileWritten(path, size: size, notCarried: notCarried, alongside: alongside, context, &outcome)
        case .promptMockRoute: promptMockRoute(state, context, &outcome)
        case .commitMockRoute(let prompt): commitMockRoute(prompt, &state, context, &outcome)
        case .resolveMockRouteExists(let existing, let choice):
            resolveMockRouteExists(existing, choice: choice, &state, context, &outcome)
        case .openEnvironmentPicker: openEnvironmentPicker(state, context, &outcome)
        case .cycleEnvironment: cycleEnvironment(&state, context, &outcome)
        case .chooseEnvironment(let name): chooseEnvironment(name, &state, context, &outcome)
        case .forgetCaptures: forgetCaptures(&state, context, &outcome)
        case .editEnvironments(let id, let edit): editEnvironments(id, edit, &state, &outcome)
        case .saveCollection(let id): saveCollection(id, state, &outcome)
        case .revertEnvironments(let id): revertEnvironments(id, &state, &outcome)
        case .requestQuit: requestQuit(state, &outcome)
        case .discardAndQuit: discardAndQuit(&state, &outcome)
        case .recoverDrafts(let restore): recoverDrafts(restore: restore, &state, context, &outcome)
        case .resolveConflict(let id, let choice): resolveConflict(id, choice: choice, &state, context, &outcome)
        case .replaceReadOnly(let id, let path, let choice): replaceReadOnly(id, path: path, choice: choice, &outcome)
        case .giveAuth(let toCollection): giveAuth(toCollection: toCollection, &state, context, &outcome)
        case .setDraft(let key, let request): setDraft(key, request, &state)
        case .dropDrafts(let keys):
            for key in keys { state.drafts[key] = nil }
        case .restoreDrafts(let drafts):
            // As they were (a rename undone gives its draft the old name back).
            state.drafts.merge(drafts) { _, restored in restored }
        case .saveNotice(let collectionID, let notice): state.saveNotices[collectionID] = notice
        case .bodyEdited(let key, let text, let message):
            bodyEdited(key, text: text, message: message, &state, &outcome)
        case .draftFromHistory(let collectionID, let entry): draftFromHistory(collectionID, entry, &state, &outcome)
        }
        return outcome
    }
}
