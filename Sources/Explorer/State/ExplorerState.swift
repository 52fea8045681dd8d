package import TUI
package import Workspace

/// Everything the explorer shows, as one value. Only `reduce` changes it; views only read it.
package struct ExplorerState: Sendable, Equatable {
    // MARK: Screen

    package var size: Size
    /// Monotonic time since the program started, set by the program before each action.
    package var now: Duration = .zero
    package var theme: Theme
    package var themes: ThemeCatalog
    package var keys: KeyResolver
    package var mouseEnabled = true
    package var focus: Pane = .collections
    /// The pane shown alone (`Alt+Z`), if any.
    package var zoomed: Pane?
    /// Width of the collections pane in cells (`<`/`>` change it).
    package var collectionsWidth = 34
    /// Until `<`/`>` is pressed the width also follows the screen: at most 30 % of it.
    package var collectionsWidthIsAutomatic = true
    /// Share of the right column the request pane takes, in percent (`Alt+↑`/`Alt+↓`).
    package var requestShare = 42
    package var overlay: Overlay?
    /// Questions that came on their own (a file changed on disk, drafts to recover) while a field
    /// had the keyboard or another dialog was open: the first opens when that ends.
    package var waitingQuestions: [Overlay] = []
    /// When the open question appeared (see `Questions`): keys before it is armed answer nothing.
    package var questionShownAt: Duration?
    /// The dialog a viewer was opened from (the conflict's Difference): closing the viewer goes
    /// back to it.
    package var overlayBelow: Overlay?
    package var toast: TimedToast?
    /// The full text of recent error and warning notices, oldest first (see `rememberMessage`):
    /// the status line may cut a notice, the Problems overlay shows it whole.
    package var messages: [String] = []
    /// Set when the program must end (after the quit prompt, or with nothing unsaved).
    package var quitting = false

    // MARK: Workspace

    package var collections: [CollectionSlot] = []
    /// Collections are still being read from disk.
    package var isLoading = true
    /// Why the collections folder itself could not be read.
    package var loadProblem: String?
    package var navigator = NavigatorState()
    package var selection: RequestKey?
    /// Edited requests that differ from their saved version.
    package var drafts: [RequestKey: SavedRequest] = [:]
    package var editor = RequestEditorState()
    package var exchanges: [RequestKey: ExchangeState] = [:]
    package var response = ResponseViewState()
    /// The environment chosen per collection (by id).
    package var environments: [String: String] = [:]
    /// Values captured from responses, per collection id (secret ones masked on screen).
    package var captures: [String: [String: VariableScope.Value]] = [:]
    package var processEnvironment: [String: String]
    /// What the command line asked for, applied when the collections arrive.
    package var startup: StartupRequest
    /// A deleted request or folder that `u` can still bring back.
    package var undo: UndoableDeletion?
    /// What a pending save did, per collection id, said together with "Saved" when the save lands
    /// (saying it at once would be replaced by the save's own notice a moment later).
    package var saveNotices: [String: String] = [:]
    package var nextGeneration = 1
    /// A newer version of a collection with drafts, read from disk, waiting for the user's choice.
    package var pendingReload: [String: CollectionSlot] = [:]
    /// Collections (by id) with a save on its way to the file: the next save of one waits for its
    /// result, so that it is checked against the file Lazer itself just wrote, not the one before.
    package var savesInFlight: Set<String> = []
    /// Saves asked for while one was in flight, by collection id (true: overwrite): one save of
    /// the collection as it is then follows the result.
    package var savesQueued: [String: Bool] = [:]
    /// Drafts recovered from an earlier session, waiting for the user's answer.
    package var recoveredDrafts: [RequestKey: SavedRequest] = [:]
    /// How many recovered drafts had a credential typed since the last save: drafts never keep
    /// one in clear, so it is gone (said when they are restored).
    package var draftsLostSecrets = 0
    /// The last run of a folder or collection (the Runner view), if any.
    package var runner: RunnerState?

    package init(
        size: Size, theme: Theme, themes: ThemeCatalog = ThemeCatalog(), keymap: Keymap = ExplorerKeymap.keymap,
        processEnvironment: [String: String] = [:], startup: StartupRequest = StartupRequest()
    ) {
        self.size = size
        self.theme = theme
        self.themes = themes
        self.keys = KeyResolver(keymap: keymap)
        self.processEnvironment = processEnvironment
        self.startup = startup
    }

    // MARK: - Lookups

    package func slot(collectionID: String) -> CollectionSlot? {
        collections.first { $0.collectionID == collectionID }
    }

    package func document(collectionID: String) -> CollectionDocument? {
        slot(collectionID: collectionID)?.document
    }

    /// The request as saved in its collection (without the draft).
    package func savedRequest(_ key: RequestKey) -> SavedRequest? {
        document(collectionID: key.collectionID)?.collection.request(id: key.requestID)
    }

    /// The request as on screen: the draft when there is one, else the saved request.
    package func request(_ key: RequestKey) -> SavedRequest? {
        drafts[key] ?? savedRequest(key)
    }

    package var selectedRequest: SavedRequest? { selection.flatMap(request) }

    package func isDirty(_ key: RequestKey) -> Bool { drafts[key] != nil }

    package func isDirty(collectionID: String) -> Bool {
        drafts.keys.contains { $0.collectionID == collectionID }
            || (document(collectionID: collectionID)?.isModified ?? false)
    }

    package var dirtyCount: Int { drafts.count }

    /// The environment in use for a collection: the chosen one, else the collection's default.
    package func environmentName(collectionID: String) -> String? {
        environments[collectionID] ?? document(collectionID: collectionID)?.collection.defaultEnvironment
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
    package var shownResult: ExchangeResult? { response.openedHistoryResult ?? exchange?.result }

    package var inFlightCount: Int { exchanges.values.filter { $0.inFlight != nil }.count }

    /// The spinner and the elapsed time of a request in flight refresh this often.
    package static let inFlightRefresh = Duration.milliseconds(100)

    /// Whether something on screen moves by itself (a request in flight, a toast to expire): the
    /// program runs its tick timer only then, so an idle explorer uses no CPU.
    package var isAnimating: Bool { nextWake != nil }

    /// When the screen next changes by itself: 100 ms ahead while a request is in flight (its
    /// spinner and clock), else when a toast or the undo offer expires; nil when nothing will.
    package var nextWake: Duration? {
        if inFlightCount > 0 || runner?.isRunning == true { return now + Self.inFlightRefresh }
        return [toast?.expires, undo?.expires].compactMap { $0 }.min()
    }

    /// Whether the focused part takes typed text (so `q`, `?` and `:` type instead of acting).
    package var isTyping: Bool {
        if let overlay {
            switch overlay {
            case .palette, .prompt: return true
            default: return false
            }
        }
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
