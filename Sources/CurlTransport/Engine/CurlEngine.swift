import AnnotatedLocks
import CCurl
import Foundation
import Synchronization

/// Runs transfers on libcurl's multi interface from one dedicated network thread.
///
/// Threading contract: `submit`, `cancel` and `shutdown` may be called from any thread; they put a
/// command in a locked inbox and wake the thread through its `CurlWakeSignal`. Everything else —
/// the multi handle, easy handles, the cookie share — is touched only by the network thread.
/// Progress and completion closures run on the network thread too (completions at the end of the
/// loop round they finished in, see `CurlCompletionBatch`), so they must be quick; callers hop to
/// their own scheduler from there.
final class CurlEngine: Sendable {
    /// Engine-wide settings.
    struct Configuration: Sendable {
        /// A Netscape-format cookie file loaded at start and written at shutdown; `nil` keeps cookies in memory only.
        var cookieFile: String?
        /// At most this many connections per host (0: no limit).
        var maxConnectionsPerHost = 0
        /// Idle connections kept for reuse.
        var connectionCacheSize = 64
        /// Parsed URLs kept for reuse (see `CurlURLCache`).
        var parsedURLCacheSize = 64
    }

    private let inbox: CurlInbox
    private let control: CurlThreadControl
    /// The network thread's loop, for transfers a task's job submits on that thread (see `submit`).
    private let ownLoop = CurlOwnLoop()
    /// How many easy handles were created and how many transfers reused one.
    let handleStatistics: CurlHandlePool.Statistics

    init(configuration: Configuration = Configuration()) {
        CurlGlobal.initialize()
        let inbox = CurlInbox()
        let multi = CurlMultiPointer(curl_multi_init())
        let wakeSignal = CurlWakeSignal()
        let control = CurlThreadControl(inbox: inbox, wakeSignal: wakeSignal)
        self.inbox = inbox
        self.control = control
        CurlEngineRegistry.add(control)
        let statistics = CurlHandlePool.Statistics()
        handleStatistics = statistics
        let ownLoop = ownLoop
        let thread = Thread {
            control.networkThread.mark()
            let loop = CurlLoop(
                multi: multi, inbox: inbox, wakeSignal: wakeSignal, configuration: configuration,
                statistics: statistics)
            ownLoop.loop = loop
            loop.run()
            ownLoop.loop = nil
            CurlEngineRegistry.remove(control)
            control.finished()
        }
        thread.name = "lazer.curl"
        thread.start()
    }

    deinit {
        shutdown()
    }

    /// Starts `transfer`. Its completion runs exactly once, on the network thread.
    ///
    /// A task's job running on the network thread (`CurlTaskExecutor`: `lazer run` one request at
    /// a time) hands its transfer straight to the loop, which lets libcurl send it at once: the
    /// job then goes on (checking the response before it) while the request is on the wire, where
    /// through the inbox the request would wait for the job to end.
    func submit(_ transfer: CurlTransfer) {
        if control.networkThread.isCurrent, let loop = ownLoop.loop, loop.isRunningAJob {
            loop.startNow(transfer)
            return
        }
        post(.add(transfer))
    }

    /// Runs `job` on the network thread between loop rounds (see `CurlTaskExecutor`); on the
    /// global concurrent executor once the engine has stopped.
    func run(_ job: UnownedJob, on executor: CurlTaskExecutor) {
        post(.run(job, executor.asUnownedTaskExecutor()))
    }

    /// Aborts `transfer`: the handle is removed (closing its connection) and it completes as cancelled.
    func cancel(_ transfer: CurlTransfer) {
        transfer.cancelled.store(true, ordering: .releasing)
        post(.cancel(transfer))
    }

    /// Cancels everything in flight, writes the cookie file, frees libcurl's handles and ends the thread.
    /// Waits (at most 10 s) for the thread unless called from it. Later submissions complete as failures.
    /// Every caller waits, not only the first, so "shutdown returned" means "the thread is done".
    func shutdown() {
        control.requestStop()
        control.waitUntilFinished(deadline: .now() + 10)
    }

    /// Whether the caller runs on this engine's network thread.
    var isOnNetworkThread: Bool { control.networkThread.isCurrent }

    /// Whether the network thread has freed its handles and ended (does not wait).
    var isStopped: Bool { control.waitUntilFinished(deadline: .now()) }

    /// Whether process exit would still have to stop this engine's thread.
    var isRegisteredForExit: Bool { CurlEngineRegistry.contains(control) }

    private func post(_ command: CurlInbox.Command) {
        guard inbox.post(command) else {
            command.abandon()
            return
        }
        // Only a loop in (or entering) its wait for sockets needs waking; a busy one reads the inbox before
        // it polls again. That saves a syscall per request when completions submit the next ones.
        if inbox.needsWake() { control.wake() }
    }
}

/// The network thread's loop, set by that thread before the loop runs and read only on it (the
/// invariant behind `@unchecked Sendable`).
final class CurlOwnLoop: @unchecked Sendable {
    var loop: CurlLoop?
}

/// The multi handle pointer, made on the creating thread and used only by the loop (network thread)
/// from then on. That hand-over is the invariant behind `@unchecked Sendable`.
final class CurlMultiPointer: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
    init(_ pointer: UnsafeMutableRawPointer?) { self.pointer = pointer }
}

/// Commands for the network thread, behind a lock.
final class CurlInbox: Sendable {
    enum Command: Sendable {
        case add(CurlTransfer)
        case cancel(CurlTransfer)
        /// A task's job to run on the network thread (see `CurlTaskExecutor`).
        case run(UnownedJob, UnownedTaskExecutor)
        case stop

        /// What becomes of a command the loop will never take: a transfer completes as stopped,
        /// a job runs elsewhere (its task must not stay suspended).
        func abandon() {
            switch self {
            case .add(let transfer): transfer.completeStopped()
            case .run(let job, _): globalConcurrentExecutor.enqueue(job)
            case .cancel, .stop: break
            }
        }
    }

    private struct State {
        var commands: [Command] = []
        var stopping = false
    }

    private let state = Mutex(State())
    /// Whether the loop is in, or about to enter, its wait for sockets (see `prepareToPoll`).
    private let polling = Atomic<Bool>(false)

    /// Queues `command`; returns false when the engine is already stopping (nothing queued).
    func post(_ command: Command) -> Bool {
        state.withLock(ownedBy: self) { state in
            guard !state.stopping else { return false }
            if case .stop = command { state.stopping = true }
            state.commands.append(command)
            return true
        }
    }

    /// Whether commands are waiting.
    var isEmpty: Bool { state.withLock(ownedBy: self) { $0.commands.isEmpty } }

    /// The loop, before polling: returns false (and stays awake) when commands are already waiting.
    /// Together with `needsWake` this is a Dekker handshake over sequentially consistent operations:
    /// a command posted after the loop's check always sees `polling` set and wakes the loop.
    func prepareToPoll() -> Bool {
        polling.store(true, ordering: .sequentiallyConsistent)
        guard isEmpty else {
            polling.store(false, ordering: .relaxed)
            return false
        }
        return true
    }

    /// The loop, after polling.
    func finishedPolling() {
        polling.store(false, ordering: .relaxed)
    }

    /// A poster, after posting: whether the loop must be woken (only the first poster after the loop
    /// went to poll gets true).
    func needsWake() -> Bool {
        polling.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// Takes every queued command.
    func take() -> [Command] {
        state.withLock(ownedBy: self) { state in
            let commands = state.commands
            state.commands.removeAll(keepingCapacity: true)
            return commands
        }
    }
}

/// Remembers which thread is the network thread, so `shutdown()` never waits for itself.
final class CurlThreadMarker: Sendable {
    private let thread = Mutex<pthread_t?>(nil)

    func mark() { thread.withLock(ownedBy: self) { $0 = pthread_self() } }

    var isCurrent: Bool {
        thread.withLock(ownedBy: self) { thread in thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}
