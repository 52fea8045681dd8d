import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C during `lazer send`: no temporary body file is left behind.
///
/// While the exchange runs, SIGINT cancels it (the transport removes a cancelled transfer's
/// temporary file) and `run` exits 130. While the response is printed, SIGINT removes the
/// temporary file the body is in and exits 130 at once. The signal is handled on a Dispatch queue,
/// never in a signal handler, so both may take locks and call anything.
final class SendInterrupt {
    private enum Phase {
        case waiting(cancel: @Sendable () -> Void)
        case printing(temporaryFile: String?)
    }

    private struct State {
        var phase: Phase?
        var interrupted = false
    }

    /// The state the signal's queue and the main thread share.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let source: any DispatchSourceSignal

    /// Takes SIGINT over (its default action would end the process without any clean-up).
    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "lazer.send.sigint"))
        let shared = shared
        source.setEventHandler { Self.fire(shared) }
        source.resume()
    }

    /// The exchange is running: SIGINT calls `cancel`.
    func waiting(cancel: @escaping @Sendable () -> Void) {
        shared.state.withLock { $0.phase = .waiting(cancel: cancel) }
    }

    /// The response is being printed from `temporaryFile` (nil: the body is in memory or is the
    /// `--output` file). False when SIGINT came first: the caller removes the file and exits 130.
    func beginPrinting(temporaryFile: String?) -> Bool {
        shared.state.withLock { state in
            guard !state.interrupted else { return false }
            state.phase = .printing(temporaryFile: temporaryFile)
            return true
        }
    }

    /// Whether SIGINT arrived.
    var interrupted: Bool { shared.state.withLock { $0.interrupted } }

    private static func fire(_ shared: Shared) {
        let phase = shared.state.withLock { state in
            state.interrupted = true
            return state.phase
        }
        switch phase {
        case .waiting(let cancel): cancel()
        case .printing(let temporaryFile):
            if let temporaryFile { unlink(temporaryFile) }
            FileBytes.writeError("lazer send: interrupted\n")
            _exit(130)
        case nil: break
        }
    }
}
