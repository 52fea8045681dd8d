import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM and SIGHUP (a closed terminal) taken over by a command that must clean up
/// before it ends — cancel a transfer so its temporary body file is removed, write what it has —
/// instead of their default action, which ends the process on the spot. `handler` runs on a
/// Dispatch queue, never in a signal handler, so it may take locks and call anything; the first
/// signal is kept for the exit status (128 + its number, as a shell reports it: 130, 143, 129).
final class TerminationSignals {
    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The first signal, shared with the queue the sources run on.
    private final class First: Sendable {
        let number = Mutex<Int32?>(nil)
    }

    private let sources: [any DispatchSourceSignal]
    private let first = First()

    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        let first = first
        let queue = DispatchQueue(label: "lazer.signals")
        sources = Self.numbers.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                first.number.withLock { if $0 == nil { $0 = number } }
                handler(number)
            }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// The first signal that arrived, if any.
    var received: Int32? { first.number.withLock { $0 } }

    /// 128 + the first signal's number, or nil when none arrived.
    var exitStatus: Int32? { received.map { 128 + $0 } }
}
