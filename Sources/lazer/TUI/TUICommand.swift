import ArgumentParser
import CurlTransport
import CursesBackend
import Explorer
import Foundation
import Futures
import Interop
import Load
import LoadTransport
import MockServer
import RegularFiles
import Scripting
import TUI
import TerminalText
import WebSocketTransport
import Workspace

/// `lazer [PATH…]` (also `lazer tui`): the explorer over the collections at PATH.
struct TUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Open the explorer over collection files (the default command).",
        discussion: """
            PATH is a collection file or a folder of them (default: ./Collections, else the current \
            folder). Keys: F1 or ? lists them, Ctrl+P or : opens the command palette, F5 / Ctrl+R / \
            Alt+Enter sends, Esc or F6 cancels, Ctrl+S saves, F2 picks the environment, Ctrl+Q quits. \
            Every key is in docs/keymap.md.
            """
    )

    @Argument(help: "Collection files or folders of them.", completion: .file())
    var paths: [String] = []

    @Option(help: "Environment to select (by name).")
    var env: String?

    @Option(help: "Request to select and focus: its id, or its Folder/Name path.")
    var request: String?

    @Option(help: "Theme to start with, by name (see themes/; Ctrl+T switches while running).")
    var theme: String?

    @Option(help: "Folder of theme files (default: ./themes, else the themes folder of the source tree).")
    var themes: String?

    @Option(help: "Keymap file that overrides keys (default: $XDG_CONFIG_HOME/lazer/keymap.json).")
    var keymap: String?

    @Flag(name: .customLong("no-mouse"), help: "Start with mouse reporting off (F12 turns it on).")
    var noMouse = false

    /// A PATH that does not exist is most likely a mistyped command: say so before the screen opens.
    func validate() throws {
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            if RegularFile.hasUndecodableName(path) {
                throw ValidationError("\(path): \(RegularFile.notFoundReason(path))")
            }
            throw ValidationError(
                "\(path): no such collection file or folder, and no such command (lazer --help lists the commands)")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let benchLog = BenchLog.open(environment: environment)
        let folders =
            paths.isEmpty ? [FileManager.default.fileExists(atPath: "Collections") ? "Collections" : "."] : paths
        let catalog = ThemeCatalog.load(directory: themes ?? UserPaths.defaultThemesDirectory())
        let (initialTheme, warning) = catalog.initialTheme(requested: theme, environment: environment)
        var keys = ExplorerKeymap.keymap
        var problems = keys.applyOverrides(fromFile: keymap ?? UserPaths.defaultKeymapPath(environment: environment))
            .map(\.description)
        if let keymap, !FileManager.default.fileExists(atPath: keymap) {
            problems.append("\(keymap): no such keymap file")
        }
        problems += catalog.problems.map { "\($0.description) (theme file skipped)" } + (warning.map { [$0] } ?? [])
        let directories = UserDirectories(environment: environment)
        var state = ExplorerState(
            size: Size(width: 80, height: 24), theme: initialTheme, themes: catalog, keymap: keys,
            processEnvironment: environment,
            startup: StartupRequest(
                environment: env, request: request, folder: folders.first,
                workingDirectory: FileManager.default.currentDirectoryPath))
        state.mouseEnabled = !noMouse
        let initialState = state
        let startupProblems = problems
        try MainActor.assumeIsolated {
            let backend: NcursesBackend
            do {
                backend = try NcursesBackend(options: NcursesBackend.Options(mouse: !noMouse))
            } catch {
                FileHandle.standardError.write(Data("lazer: \(TerminalText.line("\(error)"))\n".utf8))
                throw ExitCode.failure
            }
            // Connections a host capped and all kept for reuse: the Load view's open model sends
            // thousands a second, and past libcurl's idle cache each request paid a new connection.
            let dispatcher = CurlDispatcher(
                configuration: .init(
                    scheduler: MainQueueScheduler(), maxConnectionsPerHost: LoadRunner.defaultConnections,
                    userAgent: "lazer/\(LazerVersion.current)"))
            // The explorer takes part in the authorization code grant: its loopback redirect on SwiftNIO.
            let workspace = WorkspaceServices(
                directories: directories, liveDispatcher: dispatcher, scheduler: MainQueueScheduler(),
                redirects: LoopbackRedirects(), contractSources: .lazer,
                webSockets: NIOWebSocketConnector(tunnel: CurlTLSTunnel()), scripts: JavaScriptEngine())
            let work = DispatchQueue(label: "lazer.work", qos: .userInitiated)
            var explorerDependencies = ExplorerDependencies(
                workspace: workspace, main: MainQueueScheduler(), work: DispatchQueueScheduler(work),
                scripts: DispatchQueueScheduler(DispatchQueue(label: "lazer.scripts", qos: .userInitiated)),
                queries: DispatchQueueScheduler(DispatchQueue(label: "lazer.queries", qos: .userInitiated)),
                temporaryFolder: NSTemporaryDirectory())
            let keepAlive = NIOKeepAliveDriver(threads: 1)
            explorerDependencies.keepAliveLoad = keepAlive
            // On quit or a signal, the network threads are joined before the process exits.
            let host = CursesTerminalHost(
                backend: backend,
                beforeExit: {
                    dispatcher.shutdown()
                    keepAlive.shutdown()
                })
            let program = ExplorerProgram(
                state: initialState, backend: backend, dependencies: explorerDependencies, clock: SystemExplorerClock(),
                host: host)
            if let benchLog {
                program.onFrame = { [unowned program] report in benchLog.drew(report, state: program.state) }
            }
            // With a bench log (`LAZER_BENCH_LOG`), each input event's arrival is noted before the
            // program sees it.
            let onEvent: (Event) -> Void =
                if let benchLog {
                    { [weak program] event in
                        benchLog.received(event)
                        program?.handle(event)
                    }
                } else {
                    { [weak program] event in program?.handle(event) }
                }
            host.run(onEvent: onEvent) {
                program.start(paths: folders)
                for problem in startupProblems { program.dispatch(.notice(problem, isError: true)) }
            }
        }
    }
}
