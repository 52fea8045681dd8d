import CurlTransport
import CursesBackend
import Dispatch
import Explorer
import Foundation
import TUI

/// The explorer's host on a real terminal: the ncurses backend, its event loop, the clipboard
/// helpers and `$EDITOR`; on quit, the network thread is joined before the process exits.
@MainActor
final class TerminalExplorerHost: ExplorerHost {
    private let backend: NcursesBackend
    private let dispatcher: CurlDispatcher
    private var loop: TerminalEventLoop?

    init(backend: NcursesBackend, dispatcher: CurlDispatcher) {
        self.backend = backend
        self.dispatcher = dispatcher
    }

    /// Starts the program and serves events until it quits. Never returns. With a `benchLog`
    /// (`LAZER_BENCH_LOG`), each input event's arrival is noted before the program sees it.
    func run(_ program: ExplorerProgram, paths: [String], problems: [String], benchLog: BenchLog? = nil) -> Never {
        let loop: TerminalEventLoop
        if let benchLog {
            loop = TerminalEventLoop(backend: backend) { [weak program] event in
                benchLog.received(event)
                program?.handle(event)
            }
        } else {
            loop = TerminalEventLoop(backend: backend) { [weak program] event in program?.handle(event) }
        }
        loop.onTermination = { [backend, dispatcher] termination in
            backend.shutdown()
            dispatcher.shutdown()
            exit(termination.exitStatus)
        }
        self.loop = loop
        loop.start()
        program.start(paths: paths)
        for problem in problems { program.dispatch(.notice(problem, isError: true)) }
        dispatchMain()
    }

    func copyToClipboard(_ text: String, report: @escaping @MainActor @Sendable (String) -> Void) {
        backend.copyToClipboard(text) { result in
            switch result {
            case .failed, .timedOut, .couldNotStart: report(result.message)
            case .copied, .noHelper: break
            }
        }
    }

    func edit(path: String) -> Int32 {
        backend.edit(path: path)
    }

    func setMouse(_ enabled: Bool) {
        backend.mouseEnabled = enabled
    }

    func setSuspendsOnControlZ(_ suspends: Bool) {
        loop?.suspendsOnControlZ = suspends
    }

    func quit() {
        loop?.stop()
        backend.shutdown()
        dispatcher.shutdown()
        exit(0)
    }
}
