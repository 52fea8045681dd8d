import Dispatch
import Glibc
package import TUI

/// `lazer ui-demo --benchmark FILE` (hidden; run by `make bench-tui` inside tmux): times whole
/// frames through the backend it is given (the real ncurses one there), the bytes written to the
/// terminal included.
@MainActor
package enum DemoBenchmark {
    package static func run<Backend: TerminalBackend>(backend: Backend, state initial: DemoState) -> String {
        let terminal = Terminal(backend: backend)
        var state = initial
        state.toast = nil
        state.overlay = nil
        terminal.draw { frame in DemoView.render(&state, into: &frame) }

        // A changed full frame: every cell differs from the previous frame.
        let frames = 300
        let fullFrame = measure(frames) { iteration in
            let symbol = Character(Unicode.Scalar(UInt8(0x41 + iteration % 26)))
            let style = Style(foreground: .indexed(UInt8(16 + iteration % 200)), background: .indexed(234))
            terminal.draw { frame in frame.buffer.fill(frame.area, with: Cell(symbol, style: style)) }
        }

        // The demo screen with the 1,000,000-row tree scrolled by a page per frame.
        terminal.invalidate()
        terminal.draw { frame in DemoView.render(&state, into: &frame) }
        let pages = 1000
        let scroll = measure(pages) { _ in
            state.tree.apply(.pageDown, in: state.treeSource)
            terminal.draw { frame in DemoView.render(&state, into: &frame) }
        }
        let size = backend.size
        return """
            ncurses backend in \(size.width)x\(size.height), colours: \(backend.colorCapability) (ms per frame: wall / CPU of lazer)
            full frame changed:       \(format(fullFrame.wall)) / \(format(fullFrame.cpu)) (mean of \(frames))
            1,000,000-row tree page:  \(format(scroll.wall)) / \(format(scroll.cpu)) (mean of \(pages))

            """
    }

    /// Mean wall-clock and process CPU milliseconds per call of `body` over `count` calls. The CPU
    /// figure leaves out time spent waiting for a busy machine (or for tmux to read the output).
    private static func measure(_ count: Int, _ body: (Int) -> Void) -> (wall: Double, cpu: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = cpuNanoseconds()
        for iteration in 0..<count { body(iteration) }
        let cpu = cpuNanoseconds() - cpuStart
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        return (Double(elapsed) / Double(count) / 1_000_000, Double(cpu) / Double(count) / 1_000_000)
    }

    private static func cpuNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func format(_ milliseconds: Double) -> String {
        let hundredths = Int((milliseconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
