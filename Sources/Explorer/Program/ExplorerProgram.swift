import Futures
import HTTPCore
import StateStore
package import TUI
import Workspace

/// Runs the explorer: owns the state, feeds actions to the reducer, runs the effects it returns,
/// and draws. One frame per batch of events (a frame is requested on the main scheduler, so every
/// event already queued is reduced before it draws); a tick every 100 ms only while something
/// animates, so an idle explorer uses no CPU; a send's progress reports draw on that tick, never
/// more than 10 frames a second.
///
/// Threading: main actor only. Effects run their work on `dependencies.work` and hand results
/// back through `dependencies.main`.
@MainActor
package final class ExplorerProgram {
    package private(set) var state: ExplorerState
    let terminal: Terminal<ScreenBackend>
    let dependencies: ExplorerDependencies
    let clock: any ExplorerClock
    let host: any TerminalHost
    private var framePending = false
    /// When the pending tick timer fires, if one is pending.
    private var tickDeadline: Duration?
    /// The sends in flight, by request, with their generation.
    var inFlight: [RequestKey: (generation: Int, future: ResponseFuture<ProcessedExchange>)] = [:]
    /// The auth command each send waits for (what cancelling the send, or quitting, stops).
    var commandStops: [RequestKey: (generation: Int, stop: CommandStop)] = [:]
    /// The response stream of each send in flight (what `stopStream` stops).
    var responseStreams: [RequestKey: (generation: Int, stream: ResponseStream)] = [:]
    /// The start of each request's last send's body, kept as it arrives (a partial tree; issue 31).
    var bodyPreviews: [RequestKey: (generation: Int, preview: BodyPreview, redactor: Redactor)] = [:]
    /// Each request's latest stream's events in a file, for paging back past those in memory.
    var streamSpills: [RequestKey: (generation: Int, spill: StreamSpill)] = [:]
    /// The open WebSocket connection of each WebSocket send (what the composer sends on).
    var webSocketLinks: [RequestKey: (generation: Int, link: WebSocketLink)] = [:]
    /// Drafts waiting to be written (debounced).
    var pendingDrafts: [RequestKey: SavedRequest]?
    var draftsWriteScheduled = false
    /// Drafts another instance left, offered at start: settled (removed from the store) with
    /// the first drafts write after the question is answered.
    var draftOffer: DraftOffer?
    /// Failing state writes, each said once.
    let writeHealth = StateWriteHealth()
    /// The environment whose kept captured values are in use, per collection.
    var capturesEnvironment: [String: String?] = [:]
    /// Saves that found their file read-only, by collection: what "replace" saves.
    var readOnlySaves: [String: (document: CollectionDocument, overwrite: Bool)] = [:]
    var watchers: [String: FolderWatcher] = [:]
    /// Saves running on the work queue, by file path: the watcher's event for a file being saved
    /// is checked once the save's result is in, else the save looks like another program's change.
    var savesInFlight: [String: Int] = [:]
    var changedWhileSaving: Set<String> = []
    /// The Runner view's run in progress (a task running `Replay`), by run number.
    var currentRun: (run: Int, task: Task<Void, Never>)?
    /// The Load view's test in progress: what its ticks read.
    var currentLoad: LoadInProgress?
    /// The history browser's search waiting for typing to pause (only the last one runs).
    var pendingHistoryBrowse: HistoryJob?
    /// The GraphQL check waiting for typing to pause, and whether one is running or timed.
    var graphqlChecks = GraphQLCheckQueue()
    /// Script syntax checks asked while one runs: only the last of each stage runs next.
    var scriptChecks = ScriptCheckQueue()
    /// Called after each frame with its report (benchmarks and tests).
    package var onFrame: ((FrameReport) -> Void)?

    /// How often the screen refreshes while a request is in flight.
    package static var tickInterval: Duration { ExplorerState.inFlightRefresh }
    package static var draftsDelay: Duration { .milliseconds(500) }
    /// How long the history browser waits for typing to pause before it searches.
    package static var historySearchDelay: Duration { .milliseconds(120) }

    package init(
        state: ExplorerState, backend: any TerminalBackend, dependencies: ExplorerDependencies,
        clock: any ExplorerClock,
        host: any TerminalHost
    ) {
        self.state = state
        self.terminal = Terminal(backend: ScreenBackend(backend))
        self.dependencies = dependencies
        self.clock = clock
        self.host = host
        self.state.size = backend.size
        ExplorerLayout.settle(&self.state)
    }

    /// Loads the collections at `paths` (files or folders) and looks for drafts of an earlier
    /// session; draws the first frame at once (collections appear as they arrive).
    package func start(paths: [String]) {
        run(.loadCollections(paths))
        loadDrafts()
        drawNow()
    }

    package func handle(_ event: Event) {
        dispatch(.event(event))
    }

    /// Reduces one action and runs its effects; the frame follows on the main scheduler.
    package func dispatch(_ action: ExplorerAction) {
        state.now = clock.now()
        state.date = dependencies.wallClock()
        let effects = ExplorerReducer.reduce(&state, action)
        for effect in effects { run(effect) }
        if action.mayChangeEnvironment { loadCapturesIfEnvironmentChanged() }
        host.setSuspendsOnControlZ(!state.isTyping)
        // While a tick is due (a send in flight), a send's own reports wait for it: a burst of
        // events, or a stream of body progress, costs at most one frame per tick (10 a second).
        if !(action.isProgressReport && tickDeadline != nil) { requestFrame() }
        scheduleTickIfNeeded()
    }

    /// Hands an action from any thread back to the main actor.
    nonisolated func deliver(_ action: ExplorerAction) {
        let dependencies = dependencies
        dependencies.main.schedule { [weak self] in
            MainActor.assumeIsolated { self?.dispatch(action) }
        }
    }

    /// Delivers what `inbox` holds when the main queue comes to it (not when scheduled): events that
    /// arrive meanwhile ride along instead of queueing deliveries of their own.
    nonisolated func deliverStreamEvents(_ key: RequestKey, generation: Int, from inbox: StreamEventInbox) {
        let dependencies = dependencies
        dependencies.main.schedule { [weak self] in
            MainActor.assumeIsolated { self?.dispatch(.streamEvents(key, generation: generation, inbox.take())) }
        }
    }

    private func requestFrame() {
        guard !framePending else { return }
        framePending = true
        dependencies.main.schedule { [weak self] in
            MainActor.assumeIsolated { _ = self?.drawNow() }
        }
    }

    /// Draws the state now (the terminal sends only the cells that changed).
    @discardableResult
    package func drawNow() -> FrameReport {
        framePending = false
        // A size the terminal has and the state does not yet (no resize event came): a resize,
        // reduced like one, so the layout follows before drawing.
        let size = terminal.backend.size
        if size != state.size {
            state.now = clock.now()
            for effect in ExplorerReducer.reduce(&state, .event(.resize(size))) { run(effect) }
        }
        let shown = state
        let report = terminal.draw { frame in ExplorerView.render(shown, into: &frame) }
        onFrame?(report)
        return report
    }

    private func scheduleTickIfNeeded() {
        // One timer at a time, at the next moment the screen changes by itself; none when idle.
        guard let wake = state.nextWake else { return }
        if let pending = tickDeadline, pending <= wake { return }
        tickDeadline = wake
        clock.schedule(after: max(.milliseconds(1), wake - clock.now())) { [weak self] in
            guard let self, self.tickDeadline == wake else { return }
            self.tickDeadline = nil
            self.dispatch(.tick)
        }
    }
}

extension ExplorerAction {
    /// A send in flight reporting progress: its events (body progress included) and chain stages.
    fileprivate var isProgressReport: Bool {
        switch self {
        case .exchangeEvent, .chainStage, .streamEvents: true
        // A partial tree is drawn at once (at most twice a second): the first screen should not
        // wait for a tick. A parse that gave none is a report like the others.
        case .bodyPreviewParsed(_, _, let parse): parse?.prefix == nil
        default: false
        }
    }
}
