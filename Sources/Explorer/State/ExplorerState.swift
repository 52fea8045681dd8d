package import Foundation
package import TUI
package import Workspace

/// Everything the explorer shows, as one value. Only `reduce` changes it; views only read it.
package struct ExplorerState: Sendable, Equatable {
    // MARK: Screen

    /// The size, the focus and zoom, the split, the theme, the mouse (the screen slice's state;
    /// `ExplorerState+Screen` forwards its properties).
    package var screen: ScreenState
    /// Monotonic time since the program started, set by the program before each action.
    package var now: Duration = .zero
    /// The time of day at the last action (what the Auth tab's token countdown counts from): the
    /// program sets it with `now`, so the view reads no clock.
    package var date = Date(timeIntervalSince1970: 0)
    package var keys: KeyResolver
    /// The dialogs' slice (`OverlayReducer`): the dialog open, the questions waiting.
    package var overlays = OverlayState()
    package var toast: TimedToast?
    /// The full text of recent error and warning notices, oldest first (see `rememberMessage`):
    /// the status line may cut a notice, the Problems overlay shows it whole.
    package var messages: [String] = []
    /// Set when the program must end (after the quit prompt, or with nothing unsaved).
    package var quitting = false

    // MARK: Workspace

    /// The collection files, drafts, environments, captured values and saves (the workspace sync
    /// slice's state; the properties below forward to it for the views and the other slices).
    package var workspace = WorkspaceState()
    package var navigator = NavigatorState()
    package var selection: RequestKey?
    package var editor = RequestEditorState()
    /// Each request's send in flight and last result (the exchanges slice's state).
    package var sends = ExchangesState()
    package var response = ResponseViewState()
    package var processEnvironment: [String: String]
    /// What the command line asked for, applied when the collections arrive.
    package var startup: StartupRequest
    /// A deleted request or folder that `u` can still bring back (the navigator's).
    package var undo: UndoableDeletion? {
        get { navigator.undo }
        set { navigator.undo = newValue }
    }
    /// The last run of a folder or collection (the Runner view), if any.
    package var runner: RunnerState?
    /// The Load view's test (nil until one was opened).
    package var load: LoadViewState?
    /// The Diff view's slice: the History entry marked for comparison, the last comparison.
    package var diff = DiffState()

    package init(
        size: Size, theme: Theme, themes: ThemeCatalog = ThemeCatalog(), keymap: Keymap = ExplorerKeymap.keymap,
        processEnvironment: [String: String] = [:], startup: StartupRequest = StartupRequest()
    ) {
        self.screen = ScreenState(size: size, theme: theme, themes: themes)
        self.keys = KeyResolver(keymap: keymap)
        self.processEnvironment = processEnvironment
        self.startup = startup
    }

    // MARK: - The workspace slice's state, forwarded

    /// The dialog open (the dialogs' slice's; read-only here: it changes through the slice's
    /// actions, `ExplorerReducer.reduceOverlays`, and the layout pass's scroll clamping).
    package var overlay: Overlay? { overlays.overlay }

    package var exchanges: [RequestKey: ExchangeState] {
        get { sends.exchanges }
        set { sends.exchanges = newValue }
    }

    /// The generation the next send or run takes (the exchanges slice counts them).
    package var nextGeneration: Int {
        get { sends.nextGeneration }
        set { sends.nextGeneration = newValue }
    }

    package var collections: [CollectionSlot] {
        get { workspace.collections }
        set { workspace.collections = newValue }
    }

    package var isLoading: Bool {
        get { workspace.isLoading }
        set { workspace.isLoading = newValue }
    }

    package var loadProblem: String? {
        get { workspace.loadProblem }
        set { workspace.loadProblem = newValue }
    }

    package var drafts: [RequestKey: SavedRequest] {
        get { workspace.drafts }
        set { workspace.drafts = newValue }
    }

    package var environments: [String: String] {
        get { workspace.environments }
        set { workspace.environments = newValue }
    }

    package var captures: [String: [String: VariableScope.Value]] {
        get { workspace.captures }
        set { workspace.captures = newValue }
    }

    package var saveNotices: [String: String] {
        get { workspace.saveNotices }
        set { workspace.saveNotices = newValue }
    }

    package var pendingReload: [String: CollectionSlot] {
        get { workspace.pendingReload }
        set { workspace.pendingReload = newValue }
    }

    package var savesInFlight: Set<String> {
        get { workspace.savesInFlight }
        set { workspace.savesInFlight = newValue }
    }

    package var savesQueued: [String: Bool] {
        get { workspace.savesQueued }
        set { workspace.savesQueued = newValue }
    }

    package var recoveredDrafts: [RequestKey: SavedRequest] {
        get { workspace.recoveredDrafts }
        set { workspace.recoveredDrafts = newValue }
    }

    package var draftsLostSecrets: Int {
        get { workspace.draftsLostSecrets }
        set { workspace.draftsLostSecrets = newValue }
    }

    // MARK: - Lookups

    package func slot(collectionID: String) -> CollectionSlot? { workspace.slot(collectionID: collectionID) }

    package func document(collectionID: String) -> CollectionDocument? {
        workspace.document(collectionID: collectionID)
    }

    /// The request as saved in its collection (without the draft).
    package func savedRequest(_ key: RequestKey) -> SavedRequest? { workspace.savedRequest(key) }

    /// The request as on screen: the draft when there is one, else the saved request.
    package func request(_ key: RequestKey) -> SavedRequest? { workspace.request(key) }

    package var selectedRequest: SavedRequest? { selection.flatMap(request) }

    package func isDirty(_ key: RequestKey) -> Bool { drafts[key] != nil }

    package func isDirty(collectionID: String) -> Bool { workspace.isDirty(collectionID: collectionID) }

    /// Unsaved edits: the requests' drafts and each change to a collection's environments or variables.
    package var dirtyCount: Int { drafts.count + environmentChangeCount }

    /// The collections (by id) whose environments or variables have unsaved changes, for the
    /// drafts store.
    package var environmentDrafts: [String: RequestCollection] {
        var result: [String: RequestCollection] = [:]
        for slot in collections {
            guard let document = slot.document, document.isModified,
                !EnvironmentChanges.lines(from: document.savedCollection, to: document.collection).isEmpty
            else { continue }
            result[document.collection.id] = document.collection
        }
        return result
    }

    /// Changes to the collections' environments and variables not saved yet (one per line of
    /// `EnvironmentChanges`).
    package var environmentChangeCount: Int {
        collections.reduce(0) { count, slot in
            guard let document = slot.document, document.isModified else { return count }
            return count + EnvironmentChanges.lines(from: document.savedCollection, to: document.collection).count
        }
    }

    /// The environment in use for a collection: the chosen one, else the collection's default.
    package func environmentName(collectionID: String) -> String? {
        workspace.environmentName(collectionID: collectionID)
    }

    package func environment(collectionID: String) -> Environment? {
        guard let name = environmentName(collectionID: collectionID) else { return nil }
        return document(collectionID: collectionID)?.collection.environment(named: name)
    }

    /// The collection the user is working in: the selected request's, else the selected row's.
    package var currentCollectionID: String? {
        selection?.collectionID ?? navigator.selectedRow?.collectionID
            ?? collections.lazy.compactMap(\.collectionID).first
    }

    package var exchange: ExchangeState? { selection.flatMap { exchanges[$0] } }

    /// The result the response pane shows: an opened history entry, else the last live result.
    package var shownResult: ExchangeResult? { response.openedHistoryResult ?? exchange?.shownResult }

    /// The stream the response pane shows in place of the tree: the selected request's live one,
    /// or the one its shown result received; for an opened history entry, the stream its body holds.
    package var shownStream: StreamLog? {
        response.openedHistory == nil ? exchange?.shownStream : response.openedHistoryStream
    }

    package var inFlightCount: Int { exchanges.values.filter { $0.inFlight != nil }.count }
    /// Of those, the ones whose answer is a stream arriving (SSE, NDJSON, a WebSocket connection).
    package var openStreamCount: Int { exchanges.values.filter { $0.inFlight != nil && $0.stream != nil }.count }

    /// The spinner and the elapsed time of a request in flight refresh this often.
    package static let inFlightRefresh = Duration.milliseconds(100)

    /// Whether something on screen moves by itself (a request in flight, a toast to expire): the
    /// program runs its tick timer only then, so an idle explorer uses no CPU.
    package var isAnimating: Bool { nextWake != nil }

    /// When the screen next changes by itself: 100 ms ahead while a request is in flight (its
    /// spinner and clock), else when a toast or the undo offer expires; nil when nothing will.
    package var nextWake: Duration? {
        if inFlightCount > 0 || runner?.isRunning == true { return now + Self.inFlightRefresh }
        return [toast?.expires, undo?.expires, tokenCountdownWake].compactMap { $0 }.min()
    }

    /// The Auth tab counting a token's seconds down: the next second (it stood still until a key
    /// was pressed), until the token has expired.
    private var tokenCountdownWake: Duration? {
        guard editor.tab == .auth, let expires = exchange?.token?.expiresAt, expires.timeIntervalSince(date) > -1
        else { return nil }
        return now + .seconds(1)
    }

    /// Whether the focused part takes typed text (so `q`, `?` and `:` type instead of acting).
    package var isTyping: Bool {
        if let overlay {
            switch overlay {
            case .palette, .prompt: return true
            case .environmentEditor(let editor): return editor.editor != nil
            default: return false
            }
        }
        return paneIsTyping
    }

    /// Whether a field of the focused pane has the keyboard (whatever dialog is over it).
    package var paneIsTyping: Bool {
        switch focus {
        case .collections: return navigator.isFiltering
        case .request: return editor.isTyping
        case .response: return response.search.isEditing || response.filter.isEditing
        }
    }
}

/// What `lazer --env NAME --request NAME-OR-ID` asked for.
package struct StartupRequest: Sendable, Equatable {
    package var environment: String?
    package var request: String?
    /// Where new collection files go when none is loaded yet.
    package var folder: String?
    /// The directory `lazer` was started in: a pasted curl command's relative file names
    /// (`-d @body.json`) are read from there, as the shell would. Nil: the process's current one.
    package var workingDirectory: String?

    package init(
        environment: String? = nil, request: String? = nil, folder: String? = nil, workingDirectory: String? = nil
    ) {
        self.environment = environment
        self.request = request
        self.folder = folder
        self.workingDirectory = workingDirectory
    }
}

/// The last deletion, kept so `u` can undo it for a while.
package struct UndoableDeletion: Sendable, Equatable {
    package var collectionID: String
    /// The collection as it was before the deletion.
    package var before: RequestCollection
    package var description: String
    package var expires: Duration
    /// The unsaved edits of the requests deleted, given back by the undo (else `u` restored the
    /// saved request and its edits were lost).
    package var drafts: [RequestKey: SavedRequest]
    /// The collection right after the deletion: the undo puts `before` back only while nothing
    /// else changed it (else a request saved or added since would be lost with it).
    package var after: RequestCollection?
    /// The row deleted: the undo puts the cursor back on it (it stayed on the row below).
    package var row: NavigatorRow.Kind?
    /// What was done to `description` ("deleted"; a rename: "changed", of its name), for the
    /// notices.
    package var done = "deleted"

    package init(
        collectionID: String, before: RequestCollection, description: String, expires: Duration,
        drafts: [RequestKey: SavedRequest] = [:], after: RequestCollection? = nil
    ) {
        self.collectionID = collectionID
        self.before = before
        self.description = description
        self.expires = expires
        self.drafts = drafts
        self.after = after
    }
}
