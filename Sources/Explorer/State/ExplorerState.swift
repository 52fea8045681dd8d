public import TUI
public import Workspace

/// Everything the explorer shows, as one value. Only `reduce` changes it; views only read it.
public struct ExplorerState: Sendable {
    // MARK: Screen

    public var size: Size
    /// Monotonic time since the program started, set by the program before each action.
    public var now: Duration = .zero
    public var theme: Theme
    public var themes: ThemeCatalog
    public var keys: KeyResolver
    public var mouseEnabled = true
    public var focus: Pane = .collections
    /// The pane shown alone (`Alt+Z`), if any.
    public var zoomed: Pane?
    /// Width of the collections pane in cells (`<`/`>` change it).
    public var collectionsWidth = 34
    /// Until `<`/`>` is pressed the width also follows the screen: at most 30 % of it.
    public var collectionsWidthIsAutomatic = true
    /// Share of the right column the request pane takes, in percent (`Alt+↑`/`Alt+↓`).
    public var requestShare = 42
    public var overlay: Overlay?
    public var toast: TimedToast?
    /// Set when the program must end (after the quit prompt, or with nothing unsaved).
    public var quitting = false

    // MARK: Workspace

    public var collections: [CollectionSlot] = []
    /// Collections are still being read from disk.
    public var isLoading = true
    /// Why the collections folder itself could not be read.
    public var loadProblem: String?
    public var navigator = NavigatorState()
    public var selection: RequestKey?
    /// Edited requests that differ from their saved version.
    public var drafts: [RequestKey: SavedRequest] = [:]
    public var editor = RequestEditorState()
    public var exchanges: [RequestKey: ExchangeState] = [:]
    public var response = ResponseViewState()
    /// The environment chosen per collection (by id).
    public var environments: [String: String] = [:]
    /// Values captured from responses, per collection id (secret ones masked on screen).
    public var captures: [String: [String: VariableScope.Value]] = [:]
    public var processEnvironment: [String: String]
    /// What the command line asked for, applied when the collections arrive.
    public var startup: StartupRequest
    /// A deleted request or folder that `u` can still bring back.
    public var undo: UndoableDeletion?
    /// What a pending save did, per collection id, said together with "Saved" when the save lands
    /// (saying it at once would be replaced by the save's own notice a moment later).
    public var saveNotices: [String: String] = [:]
    public var nextGeneration = 1
    /// A newer version of a collection with drafts, read from disk, waiting for the user's choice.
    public var pendingReload: [String: CollectionSlot] = [:]
    /// Drafts recovered from an earlier session, waiting for the user's answer.
    public var recoveredDrafts: [RequestKey: SavedRequest] = [:]
    /// Recovered drafts of requests no longer in their (open) collection: not offered, but named
    /// (they vanished without a word).
    public var droppedDraftNames: [String] = []
    /// The last run of a folder or collection (the Runner view), if any.
    public var runner: RunnerState?

    public init(
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

    public func slot(collectionID: String) -> CollectionSlot? {
        collections.first { $0.collectionID == collectionID }
    }

    public func document(collectionID: String) -> CollectionDocument? {
        slot(collectionID: collectionID)?.document
    }

    /// The request as saved in its collection (without the draft).
    public func savedRequest(_ key: RequestKey) -> SavedRequest? {
        document(collectionID: key.collectionID)?.collection.request(id: key.requestID)
    }

    /// The request as on screen: the draft when there is one, else the saved request.
    public func request(_ key: RequestKey) -> SavedRequest? {
        drafts[key] ?? savedRequest(key)
    }

    public var selectedRequest: SavedRequest? { selection.flatMap(request) }

    public func isDirty(_ key: RequestKey) -> Bool { drafts[key] != nil }

    public func isDirty(collectionID: String) -> Bool {
        drafts.keys.contains { $0.collectionID == collectionID }
            || (document(collectionID: collectionID)?.isModified ?? false)
    }

    public var dirtyCount: Int { drafts.count }

    /// The environment in use for a collection: the chosen one, else the collection's default.
    public func environmentName(collectionID: String) -> String? {
        environments[collectionID] ?? document(collectionID: collectionID)?.collection.defaultEnvironment
    }

    public func environment(collectionID: String) -> Environment? {
        guard let name = environmentName(collectionID: collectionID) else { return nil }
        return document(collectionID: collectionID)?.collection.environment(named: name)
    }

    /// The collection the user is working in: the selected request's, else the selected row's.
    public var currentCollectionID: String? {
        selection?.collectionID ?? navigator.selectedRow?.collectionID
            ?? collections.lazy.compactMap(\.collectionID).first
    }

    public var exchange: ExchangeState? { selection.flatMap { exchanges[$0] } }

    /// The result the response pane shows: an opened history entry, else the last live result.
    public var shownResult: ExchangeResult? { response.openedHistoryResult ?? exchange?.result }

    public var inFlightCount: Int { exchanges.values.filter { $0.inFlight != nil }.count }

    /// The spinner and the elapsed time of a request in flight refresh this often.
    public static let inFlightRefresh = Duration.milliseconds(100)

    /// Whether something on screen moves by itself (a request in flight, a toast to expire): the
    /// program runs its tick timer only then, so an idle explorer uses no CPU.
    public var isAnimating: Bool { nextWake != nil }

    /// When the screen next changes by itself: 100 ms ahead while a request is in flight (its
    /// spinner and clock), else when a toast or the undo offer expires; nil when nothing will.
    public var nextWake: Duration? {
        if inFlightCount > 0 || runner?.isRunning == true { return now + Self.inFlightRefresh }
        return [toast?.expires, undo?.expires].compactMap { $0 }.min()
    }

    /// Whether the focused part takes typed text (so `q`, `?` and `:` type instead of acting).
    public var isTyping: Bool {
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
public struct StartupRequest: Sendable, Equatable {
    public var environment: String?
    public var request: String?
    /// Where new collection files go when none is loaded yet.
    public var folder: String?
    /// The directory `lazer` was started in: a pasted curl command's relative file names
    /// (`-d @body.json`) are read from there, as the shell would. Nil: the process's current one.
    public var workingDirectory: String?

    public init(
        environment: String? = nil, request: String? = nil, folder: String? = nil, workingDirectory: String? = nil
    ) {
        self.environment = environment
        self.request = request
        self.folder = folder
        self.workingDirectory = workingDirectory
    }
}

/// The last deletion, kept so `u` can undo it for a while.
public struct UndoableDeletion: Sendable {
    public var collectionID: String
    /// The collection as it was before the deletion.
    public var before: RequestCollection
    public var description: String
    public var expires: Duration
    /// The unsaved edits of the requests deleted, given back by the undo (else `u` restored the
    /// saved request and its edits were lost).
    public var drafts: [RequestKey: SavedRequest]
    /// The collection right after the deletion: the undo puts `before` back only while nothing
    /// else changed it (else a request saved or added since would be lost with it).
    public var after: RequestCollection?
    /// The row deleted: the undo puts the cursor back on it (it stayed on the row below).
    public var row: NavigatorRow.Kind?

    public init(
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
