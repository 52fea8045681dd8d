import CursesBackend
import Dispatch
import Foundation
import TUI
import UIDemo

/// `lazer ui-demo`'s host on a real terminal: the ncurses backend and its event loop, `$EDITOR`,
/// `$PAGER` and the clipboard helpers.
@MainActor
final class TerminalDemoHost: DemoHost {
    private let backend: NcursesBackend
    private var loop: TerminalEventLoop?

    init(backend: NcursesBackend) {
        self.backend = backend
    }

    /// Draws the first frame and serves events until the user quits. Never returns.
    func run(_ app: DemoApp<NcursesBackend>) -> Never {
        let loop = TerminalEventLoop(backend: backend) { [weak app] event in app?.handle(event) }
        self.loop = loop
        loop.start()
        app.draw()
        dispatchMain()
    }

    var mouseEnabled: Bool {
        get { backend.mouseEnabled }
        set { backend.mouseEnabled = newValue }
    }

    func edit(path: String) -> Int32 {
        backend.edit(path: path)
    }

    func page(path: String) -> Int32 {
        backend.page(path: path)
    }

    func copyToClipboard(_ text: String, report: @escaping @MainActor @Sendable (String) -> Void) {
        backend.copyToClipboard(text) { result in
            switch result {
            case .failed, .timedOut, .couldNotStart: report(result.message)
            case .copied, .noHelper: break
            }
        }
    }

    func quit() -> Never {
        loop?.stop()
        backend.shutdown()
        exit(0)
    }
}
