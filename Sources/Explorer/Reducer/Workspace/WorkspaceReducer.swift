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
        case draftsFound([RequestKey: SavedRequest])
        case captured(collectionID: String, [String: VariableScope.Value])
        case capturesLoaded(collectionID: String, [String: VariableScope.Value])
        /// `Ctrl+S`: the selected request's draft into its collection, and the file saved.
        case saveSelected
        /// "Save anyway": `Ctrl+S` without asking about a credential typed as itself.
        case saveInClear(RequestKey)
        /// A credential typed into the Auth tab becomes a secret variable of the collection (its
        /// value in the secrets file, the field `{{name}}`); `thenSave`: the draft is saved too.
        case keepAsSecret(SecretOffer, thenSave: Bool)
        /// Every draft of every collection (the quit question's "save all").
        case saveAll
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
        /// The last save landed with the quit question open: the program ends.
        case quit
        /// A rename `u` can undo for a while (the navigator's undo, timed by the root).
        case offerUndo(UndoableDeletion)
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
        case .draftsFound(let found): draftsFound(found, &state, &outcome)
        case .captured(let collectionID, let values):
            state.captures[collectionID, default: [:]].merge(values) { _, new in new }
        case .capturesLoaded(let collectionID, let values):
            state.captures[collectionID] = values.isEmpty ? nil : values
        case .saveSelected: saveSelected(context.selection, &state, &outcome)
        case .saveInClear(let key): saveSelected(key, inClear: true, &state, &outcome)
        case .keepAsSecret(let offer, let thenSave): keepAsSecret(offer, thenSave: thenSave, &state, context, &outcome)
        case .saveAll: saveAll(&state, &outcome)
        case .saved(let collectionID, let result): saved(collectionID, result, &state, context, &outcome)
        case .fileChanged(let slot): fileChanged(slot, &state, context, &outcome)
        case .adopt(let slot, let id): adopt(slot, id, &state, context, &outcome)
        case .store(let slot): store(slot, &state, &outcome)
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
        }
        return outcome
    }

    // MARK: - Storing

    /// Replaces (or adds) a collection slot; the rows follow.
    static func store(_ slot: CollectionSlot, _ state: inout WorkspaceState, _ outcome: inout Outcome) {
        if let index = state.collections.firstIndex(where: {
            $0.path == slot.path || ($0.collectionID != nil && $0.collectionID == slot.collectionID)
        }) {
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

    private static func collectionLoaded(
        _ slot: CollectionSlot, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        storeFromDisk(slot, &state, &outcome)
        guard let document = state.collections.first(where: { $0.path == slot.path })?.document else { return }
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
        // A request named on the command line is selected as soon as its collection is here.
        if context.selection == nil, let wanted = context.startup.request, let key = state.findRequest(wanted) {
            outcome.requests.append(.selectNamed(key))
        }
    }

    /// Drafts other instances left: restored over the saved requests (a credential typed since the
    /// last save is gone: drafts never keep one in clear), and offered — those of requests deleted
    /// since too, when their collection is open (restoring adds them back).
    private static func draftsFound(
        _ found: [RequestKey: SavedRequest], _ state: inout WorkspaceState, _ outcome: inout Outcome
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
        guard !known.isEmpty else { return }
        state.recoveredDrafts = known
        outcome.requests.append(
            .ask(
                .recoverDrafts(count: known.count, selected: -1),
                waitingNotice: "Unsaved drafts from last time were found: Lazer asks about them when you finish typing")
        )
    }
}
