import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C, SIGTERM or SIGHUP (a closed terminal) during `lazer send`: no temporary body file is
/// left behind, whichever signal ends it.
///
/// While the exchange runs, the signal cancels it (the transport removes a cancelled transfer's
/// temporary file) and `run` exits 128 + the signal's number (130 for SIGINT). While the response
/// is printed, the signal removes the temporary file the body is in and exits at once. Signals
/// are handled on a Dispatch queue, never in a signal handler, so both may take locks and call
/// anything.
final class SendInterrupt {
    private enum Phase {
        case waiting(cancel: @Sendable () -> Void)
        case printing(temporaryFile: String?)
    }

    private struct State {
        var phase: Phase?
        /// The signal that arrived, if any.
        var signal: Int32?
    }

    /// The state the signal's queue and the main thread share.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private var signals: TerminationSignals?

    /// Takes the signals over (their default action would end the process without any clean-up).
    init() {
        let shared = shared
        signals = TerminationSignals { Self.fire($0, shared) }
    }

    /// The exchange is running: SIGINT calls `cancel`.
    func waiting(cancel: @escaping @Sendable () -> Void) {
        shared.state.withLock { $0.phase = .waiting(cancel: cancel) }
    }

    /// The response is being printed from `temporaryFile` (nil: the body is in memory or is the
    /// `--output` file). False when a signal came first: the caller removes the file and exits
    /// with `exitStatus`.
    func beginPrinting(temporaryFile: String?) -> Bool {
        shared.state.withLock { state in
            guard state.signal == nil else { return false }
            state.phase = .printing(temporaryFile: temporaryFile)
            return true
        }
    }

    /// Whether a signal arrived.
    var interrupted: Bool { shared.state.withLock { $0.signal != nil } }

    /// 128 + the signal's number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP), as a shell reports it.
    var exitStatus: Int32 { 128 + (shared.state.withLock { $0.signal } ?? SIGINT) }

    private static func fire(_ number: Int32, _ shared: Shared) {
        let phase = shared.state.withLock { state in
            if state.signal == nil { state.signal = number }
            return state.phase
        }
        switch phase {
        case .waiting(let cancel): cancel()
        case .printing(let temporaryFile):
            if let temporaryFile { unlink(temporaryFile) }
            FileBytes.writeError("lazer send: interrupted\n")
            _exit(128 + number)
        case nil: break
        }
    }
}
