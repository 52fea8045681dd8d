import Dispatch
import Foundation
package import TUI

/// The `TerminalHost` on a real terminal, for the explorer and the UI demo alike: the ncurses
/// backend and its event loop, the clipboard helpers, `$EDITOR` and `$PAGER`.
@MainActor
package final class CursesTerminalHost: TerminalHost {
    private let backend: NcursesBackend
    private var loop: TerminalEventLoop?
    /// Runs before the process exits, whether the user quit or a signal ended it (the explorer
    /// joins its network thread there).
    private let beforeExit: () -> Void

    package init(backend: NcursesBackend, beforeExit: @escaping () -> Void = {}) {
        self.backend = backend
        self.beforeExit = beforeExit
    }

    /// Serves input events to `onEvent` from the main queue, calls `start` (which draws the first
    /// frame), and runs the main queue until the program quits. Never returns.
    package func run(onEvent: @escaping (Event) -> Void, start: () -> Void) -> Never {
        let loop = TerminalEventLoop(backend: backend, onEvent: onEvent)
        loop.onTermination = { [backend, beforeExit] termination in
            backend.shutdown()
            beforeExit()
            exit(termination.exitStatus)
        }
        self.loop = loop
        loop.start()
        start()
        dispatchMain()
    }

    package var mouseEnabled: Bool {
        get { backend.mouseEnabled }
        set { backend.mouseEnabled = newValue }
    }

    package func setSuspendsOnControlZ(_ suspends: Bool) {
        loop?.suspendsOnControlZ = suspends
    }

    package func copyToClipboard(_ text: String, report: @escaping @MainActor @Sendable (String) -> Void) {
        backend.copyToClipboard(text) { result in
            switch result {
            // The terminal got the text through OSC 52 already; the notice says so, so a failed
            // helper on a headless DISPLAY does not read as "nothing was copied".
            case .failed, .timedOut, .couldNotStart: report("\(result.message): copied through the terminal only")
            case .copied, .noHelper: break
            }
        }
    }

    package func edit(path: String) -> Int32 {
        backend.edit(path: path)
    }

    package func page(path: String) -> Int32 {
        backend.page(path: path)
    }

    package func quit() {
        loop?.stop()
        backend.shutdown()
        beforeExit()
        exit(0)
    }
}
