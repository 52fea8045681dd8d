package import Explorer
import Foundation
import Futures
package import FuturesTesting
package import HTTPCore
package import HTTPCoreTesting
import StateStore
import Synchronization
package import TUI
import TUITesting
package import Testing
package import Workspace

/// Drives a real `ExplorerProgram` the way a user does, without a terminal, threads or sleeps:
/// keys, paste, mouse and resizes go in; the screen comes out of a `TestBackend`.
///
/// Everything runs on the test's thread: the main and work queues are `ManualScheduler`s, time is
/// a `ManualClock` (the program's timers and the mock delays), the host records copies, mouse
/// changes and quitting. Collections live in a temporary folder; their mock environments are
/// answered by the workspace's own `MockDispatcher`s, and live environments by `live`, a
/// `MockDispatcher` the test fills with routes. Folder watching is off (tests deliver
/// `fileChanged` themselves).
///
/// ```swift
/// let harness = try ExplorerHarness(collections: files)
/// harness.press("j")
/// harness.press(.function(5))
/// #expect(harness.screen.contains("200 OK"))
/// ```
///
/// Input methods settle by default: queued work runs until nothing is left, as a user who waits a
/// moment would see it. Pass `settle: false` to look at the state in between.
@MainActor
package final class ExplorerHarness {
    package nonisolated static let standardSize = Size(width: 120, height: 40)

    package let folder: HarnessFolder
    package let backend: TestBackend
    package let main = ManualScheduler()
    package let work = ManualScheduler()
    /// The tree's searches and filters (`ExplorerDependencies.queries`): a queue of their own, as in the app.
    package let queries = ManualScheduler()
    package let timeline = ManualClock()
    package let clock: ManualExplorerClock
    package let host = RecordingTerminalHost()
    /// Answers requests of live environments (register routes on it; unmatched requests get a 404).
    package let live: MockDispatcher
    package let workspace: WorkspaceServices
    package let program: ExplorerProgram
    /// Frames drawn so far.
    package private(set) var frameCount = 0

    /// - Parameters:
    ///   - collections: files written into the collections folder before the program starts.
    ///   - folder: an existing harness folder to reuse (a second session over the same files).
    ///   - processEnvironment: the process environment (`LAZER_VAR_<name>` variables and secrets).
    ///   - paths: what the program opens (default: the collections folder).
    ///   - start: start the program and settle (false: call `start()` later).
    ///   - scripts: the script engine (the Scripting module's, for tests of scripts; none by default).
    ///   - firstLook: from what file size, and how many folders and requests of each list, a file is
    ///     first shown partly while the rest is read (`ExplorerDependencies.firstLookBytes`).
    package init(
        collections: [FixtureFile] = [], folder: HarnessFolder? = nil, size: Size = standardSize,
        theme: Theme = .defaultDark, themes: ThemeCatalog = ThemeCatalog(themes: [.defaultDark, .monochrome]),
        startup: StartupRequest = StartupRequest(), processEnvironment: [String: String] = [:],
        paths: [String]? = nil, start: Bool = true, webSockets: (any WebSocketConnecting)? = nil,
        streamBodyLimit: Int? = nil, scripts: (any ScriptRunner)? = nil, firstLook: (bytes: Int, limit: Int)? = nil
    ) throws {
        let folder = try folder ?? HarnessFolder()
        try folder.write(collections)
        self.folder = folder
        backend = TestBackend(width: size.width, height: size.height)
        clock = ManualExplorerClock(timeline: timeline)
        live = MockDispatcher(scheduler: main, delays: timeline)
        workspace = WorkspaceServices(
            directories: UserDirectories(config: folder.config, state: folder.state), liveDispatcher: live,
            scheduler: main, delays: timeline, processEnvironment: processEnvironment,
            dynamicValues: Self.fixedDynamicValues(), webSockets: webSockets, scripts: scripts ?? ScriptsUnavailable(),
            recordsMockRequests: true)
        var dependencies = ExplorerDependencies(
            // An instance no running process owns: a second harness on the same folder takes its
            // drafts as a restarted explorer takes a crashed one's.
            workspace: workspace, main: main, work: work, queries: queries,
            draftInstance: DraftInstance(id: UUID().uuidString, process: "harness"),
            temporaryFolder: folder.temporary, watchesFolders: false,
            stageClock: { [timeline] in timeline.now })
        if let streamBodyLimit { dependencies.streamBodyLimit = streamBodyLimit }
        if let firstLook {
            dependencies.firstLookBytes = firstLook.bytes
            dependencies.firstLookLimit = firstLook.limit
        }
        var startup = startup
        startup.folder = startup.folder ?? folder.collections
        let state = ExplorerState(
            size: size, theme: theme, themes: themes, processEnvironment: processEnvironment, startup: startup)
        program = ExplorerProgram(state: state, backend: backend, dependencies: dependencies, clock: clock, host: host)
        program.onFrame = { [weak self] _ in self?.frameCount += 1 }
        if start { self.start(paths: paths) }
    }

    /// Starts the program over `paths` (default: the collections folder) and settles.
    package func start(paths: [String]? = nil) {
        program.start(paths: paths ?? [folder.collections])
        settle()
    }

    /// Dynamic values that are the same in every run: a fixed "now", numbered UUIDs.
    package static func fixedDynamicValues() -> DynamicValues {
        let counter = Atomic(0)
        return DynamicValues(
            now: { Date(timeIntervalSince1970: 1_767_225_600) },
            uuid: {
                let number = counter.add(1, ordering: .relaxed).newValue
                return "00000000-0000-4000-8000-" + String(format: "%012d", number)
            },
            randomInt: { min(max(7, $0.lowerBound), $0.upperBound) },
            randomString: { String(String(repeating: "abcdefgh12345678", count: $0 / 16 + 1).prefix($0)) })
    }

    // MARK: - State and screen

    package var state: ExplorerState { program.state }

    /// The screen as text, one line per row.
    package var screen: String { backend.textDump() }

    /// The screen's rows.
    package var lines: [String] { screen.components(separatedBy: "\n") }

    /// The screen's styles (`StyleDump`): one letter per cell and a legend.
    package var styles: String { StyleDump.render(backend.buffer) }

    /// Where the panes are on screen now.
    package var layout: ExplorerLayout { ExplorerLayout(state) }

    /// Whether `text` shows anywhere on screen (within one row).
    package func shows(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The first row showing `text`, optionally only inside `area`.
    package func row(showing text: String, in area: Rect? = nil) -> Int? {
        position(of: text, in: area)?.y
    }

    /// The screen cell where `text` first starts, optionally only inside `area`.
    package func position(of text: String, in area: Rect? = nil) -> Position? {
        let area = area ?? Rect(size: backend.size)
        for (y, line) in lines.enumerated() where y >= area.y && y < area.bottom {
            var searchStart = line.startIndex
            while let range = line.range(of: text, range: searchStart..<line.endIndex) {
                let x = CharacterWidth.of(line[line.startIndex..<range.lowerBound])
                if x >= area.x, x < area.right { return Position(x: x, y: y) }
                searchStart = line.index(after: range.lowerBound)
            }
        }
        return nil
    }

    /// The style of the cell at `position`.
    package func style(at position: Position) -> Style {
        backend.buffer[x: position.x, y: position.y].style
    }

    // MARK: - Input

    /// Presses keys, each written as in keymap files: `"j"`, `"G"`, `"ctrl+s"`, `"F5"`, `"enter"`,
    /// `"shift+tab"`, `"alt+enter"`, `"space"`.
    package func press(
        _ keys: String..., settle: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for spec in keys {
            guard let event = KeySpec.parse(spec) else {
                Issue.record("not a key: \"\(spec)\"", sourceLocation: sourceLocation)
                continue
            }
            program.handle(.key(event))
        }
        if settle { self.settle() }
    }

    /// Presses one key, e.g. `.function(5)`, `.escape`, `.down`.
    package func press(_ key: Key, modifiers: KeyModifiers = [], settle: Bool = true) {
        press(KeyEvent(key, modifiers: modifiers), settle: settle)
    }

    package func press(_ event: KeyEvent, settle: Bool = true) {
        program.handle(.key(event))
        if settle { self.settle() }
    }

    /// Types `text` one character at a time, as keys (not as a paste).
    package func type(_ text: String, settle: Bool = true) {
        for character in text { program.handle(.key(KeyEvent(.character(character)))) }
        if settle { self.settle() }
    }

    /// A bracketed paste of `text`.
    package func paste(_ text: String, settle: Bool = true) {
        send(.paste(text), settle: settle)
    }

    /// Any terminal event.
    package func send(_ event: Event, settle: Bool = true) {
        program.handle(event)
        if settle { self.settle() }
    }

    /// A left click at `position`.
    package func click(_ position: Position, settle: Bool = true) {
        send(.mouse(MouseEvent(kind: .press(.left), position: position)), settle: false)
        send(.mouse(MouseEvent(kind: .release(.left), position: position)), settle: settle)
    }

    package func click(x: Int, y: Int, settle: Bool = true) {
        click(Position(x: x, y: y), settle: settle)
    }

    /// A left click on the first cell of `text` where it shows (inside `area` when given).
    /// Records an issue (and clicks nothing) when it does not show.
    @discardableResult
    package func click(
        on text: String, in area: Rect? = nil, settle: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        guard let position = position(of: text, in: area) else {
            Issue.record("\"\(text)\" is not on screen:\n\(screen)", sourceLocation: sourceLocation)
            return false
        }
        click(position, settle: settle)
        return true
    }

    /// One notch of the mouse wheel at `position`.
    package func scroll(down: Bool, at position: Position, settle: Bool = true) {
        send(.mouse(MouseEvent(kind: down ? .scrollDown : .scrollUp, position: position)), settle: settle)
    }

    /// The terminal window changes size (the backend first, then the resize event, as a terminal does).
    package func resize(width: Int, height: Int, settle: Bool = true) {
        backend.resize(width: width, height: height)
        send(.resize(Size(width: width, height: height)), settle: settle)
    }

    /// Feeds an action to the program as an effect's result would.
    package func dispatch(_ action: ExplorerAction, settle: Bool = true) {
        program.dispatch(action)
        if settle { self.settle() }
    }

    // MARK: - Running

    /// Runs queued work (the work queue, the queries' queue, then the main queue, and again)
    /// until none is left. Timers wait for `advance(by:)`.
    package func settle(sourceLocation: SourceLocation = #_sourceLocation) {
        for _ in 0..<100_000 {
            let ran = work.runAll() + queries.runAll() + main.runAll()
            if ran == 0 { return }
        }
        Issue.record("the explorer kept scheduling work and never settled", sourceLocation: sourceLocation)
    }

    /// Settles until the Runner's run is over. The run is a task of its own (through Replay), so
    /// on a busy machine it may end after the keys that started it: a bound on rounds, not on time.
    package func waitForTheRun(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<20_000 {
            settle(sourceLocation: sourceLocation)
            if state.runner?.isRunning == false { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("the run never finished", sourceLocation: sourceLocation)
    }

    /// Moves virtual time forward by `duration`: every timer that falls due runs at its moment
    /// (mock answers and timeouts, ticks, draft writes), with queued work settled after each.
    package func advance(by duration: Duration) {
        settle()
        timeline.advance(by: duration) { settle() }
        settle()
    }

    // MARK: - Snapshots

    /// Compares the whole screen (text, then styles unless `styles` is false) with
    /// `Snapshots/<name>.txt` next to the calling test file; `RECORD_SNAPSHOTS=1` records it. A
    /// mismatch is reported as a line diff. `scrubbing` replaces text that differs between runs
    /// (wall-clock times) before comparing.
    package func assertScreen(
        named name: String, styles: Bool = true, scrubbing scrubs: [ScreenScrub] = [], filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var text = screen
        for scrub in scrubs { text = scrub.apply(to: text) }
        if styles { text += "\n\n" + self.styles }
        Snapshot.assert(text, named: name, filePath: filePath, sourceLocation: sourceLocation)
    }
}

/// Text on screen that differs between runs, replaced before a snapshot compares it.
package struct ScreenScrub: Sendable {
    package var pattern: String
    package var replacement: String

    /// `pattern` is an ICU regular expression; `replacement` a template (`$1`…).
    package init(pattern: String, replacement: String) {
        self.pattern = pattern
        self.replacement = replacement
    }

    /// Local clock times such as `14:03:22` (history rows), as `hh:mm:ss`.
    package static let clockTimes = ScreenScrub(pattern: "\\b\\d\\d:\\d\\d:\\d\\d\\b", replacement: "hh:mm:ss")

    /// Wall-clock durations of history rows (`  3 ms`), as `  N ms`.
    package static let historyDurations = ScreenScrub(pattern: "\\b\\d+ ms\\b", replacement: "N ms")

    package func apply(to text: String) -> String {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
        return expression.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
    }
}
