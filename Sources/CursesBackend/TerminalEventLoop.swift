import CCurses
import Dispatch
import Foundation
package import TUI

/// Feeds an `NcursesBackend`'s input to the program on the main queue, and turns the process
/// signals a terminal program must handle into events or a clean exit.
///
/// - Standard input is watched by a `DispatchSource` (no blocking `getch`); a lone ESC is resolved
///   after the backend's ESC delay by a timer. A bracketed paste whose end marker does not come
///   within `pasteSilence` of its last byte is ended (a lost marker froze every key after it).
/// - SIGWINCH becomes `.resize`; Ctrl+Z (a key in raw mode) and SIGTSTP suspend; SIGCONT repaints.
/// - SIGINT, SIGTERM, SIGHUP and end of input end the program through `onTermination`, whose
///   default restores the terminal and exits with 128 + signal.
///
/// Threading: main thread only, like the backend.
@MainActor
package final class TerminalEventLoop {
    /// Why the program must stop.
    package enum Termination: Equatable, Sendable {
        /// A signal asked the program to stop (SIGINT, SIGTERM, SIGHUP).
        case signal(Int32)
        /// The terminal went away (standard input reached its end).
        case endOfInput

        /// The conventional exit status for this termination.
        package var exitStatus: Int32 {
            switch self {
            case .signal(let number): 128 + number
            case .endOfInput: 129
            }
        }
    }

    package let backend: NcursesBackend
    /// Called with every event, in order.
    package var onEvent: (Event) -> Void
    /// Called once when the program must stop; the default shuts the backend down and exits.
    package var onTermination: (Termination) -> Void
    /// Suspend the process on Ctrl+Z instead of passing the key on.
    package var suspendsOnControlZ = true
    private var sources: [any DispatchSourceProtocol] = []
    private var escapeTimer: (any DispatchSourceTimer)?
    private var pasteTimer: (any DispatchSourceTimer)?
    /// How long a paste may go without a byte before it is taken as ended: terminals send a
    /// paste's bytes back to back, so a second of silence means its end marker was lost.
    static let pasteSilence = DispatchTimeInterval.seconds(1)
    private var terminated = false

    package init(backend: NcursesBackend, onEvent: @escaping (Event) -> Void) {
        self.backend = backend
        self.onEvent = onEvent
        self.onTermination = { termination in
            backend.shutdown()
            exit(termination.exitStatus)
        }
    }

    /// Starts watching input and signals.
    package func start() {
        let input = DispatchSource.makeReadSource(fileDescriptor: backend.inputDescriptor, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.inputArrived(available: input.data) }
        }
        input.resume()
        sources.append(input)

        watch(SIGWINCH) { loop in
            if let event = loop.backend.resizeEvent() { loop.deliver([event]) }
        }
        watch(SIGTSTP) { loop in loop.suspend() }
        watch(SIGCONT) { loop in
            // Resumed (after our own suspend, or an outside SIGSTOP): the shell may have changed
            // the terminal modes and the screen meanwhile.
            loop.backend.resumed()
            if let event = loop.backend.resizeEvent() { loop.deliver([event]) }
        }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            watch(signalNumber) { loop in loop.terminate(.signal(signalNumber)) }
        }
    }

    /// Stops watching (the backend stays as it is).
    package func stop() {
        for source in sources { source.cancel() }
        sources = []
        escapeTimer?.cancel()
        escapeTimer = nil
        pasteTimer?.cancel()
        pasteTimer = nil
    }

    private func watch(_ signalNumber: Int32, _ handler: @escaping @MainActor (TerminalEventLoop) -> Void) {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                handler(self)
            }
        }
        source.resume()
        sources.append(source)
    }

    private func inputArrived(available: UInt) {
        escapeTimer?.cancel()
        escapeTimer = nil
        var events = backend.readEvents()
        if events.isEmpty && available == 0 && !backend.hasPendingInput {
            // Readable with nothing to read: the terminal may have hung up (or the notification
            // was stale); the backend checks without blocking.
            let check = backend.checkForHangUp()
            if check.hungUp {
                terminate(.endOfInput)
                return
            }
            events = check.events
        }
        deliver(events)
        if backend.hasPendingInput { startEscapeTimer() }
        pasteTimer?.cancel()
        pasteTimer = nil
        if backend.isPasting { startPasteTimer() }
    }

    private func startPasteTimer() {
        pasteTimer = oneShot(after: Self.pasteSilence) { loop in
            loop.pasteTimer = nil
            loop.deliver(loop.backend.endUnterminatedPaste())
        }
    }

    private func startEscapeTimer() {
        escapeTimer = oneShot(after: .milliseconds(backend.escapeDelayMilliseconds)) { loop in
            loop.escapeTimer = nil
            loop.deliver(loop.backend.flushPendingInput())
        }
    }

    /// A timer on the main queue that fires once, then is cancelled.
    private func oneShot(
        after delay: DispatchTimeInterval, _ fire: @escaping @MainActor (TerminalEventLoop) -> Void
    ) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + delay)
        // Cancelling releases the handler and with it the timer it holds.
        timer.setEventHandler { [weak self, timer] in
            MainActor.assumeIsolated {
                timer.cancel()
                guard let self else { return }
                fire(self)
            }
        }
        timer.resume()
        return timer
    }

    private func deliver(_ events: [Event]) {
        // The thread draining the main queue needs a signal stack so a stack overflow in the
        // program's handler still restores the terminal (cheap after the first call per thread).
        ccurses_crash_stack_ensure()
        for event in events {
            if terminated { return }
            if suspendsOnControlZ, event == .key(.ctrl("z")) {
                suspend()
                continue
            }
            onEvent(event)
        }
    }

    private func suspend() {
        backend.suspend()
        if let event = backend.resizeEvent() { deliver([event]) }
    }

    private func terminate(_ termination: Termination) {
        guard !terminated else { return }
        terminated = true
        stop()
        onTermination(termination)
    }
}
