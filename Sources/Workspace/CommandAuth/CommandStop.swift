import Glibc
import Synchronization

/// A way to stop a running auth command before its timeout: the send that waits for it was
/// cancelled, or Lazer quits. Its whole process group is killed then (it ran on until its timeout,
/// up to a day, and past the process that started it).
package final class CommandStop: Sendable {
    private let state = Mutex<(group: pid_t?, stopped: Bool)>((nil, false))

    package init() {}

    /// Kills the command's process group now, or as soon as it starts.
    package func stop() {
        let group = state.withLock { state in
            state.stopped = true
            return state.group
        }
        if let group { Self.kill(group) }
    }

    package var isStopped: Bool { state.withLock { $0.stopped } }

    /// The command started as `group`: false when a stop came first (the group is killed then).
    func started(_ group: pid_t) -> Bool {
        let stopped = state.withLock { state in
            state.group = group
            return state.stopped
        }
        if stopped { Self.kill(group) }
        return !stopped
    }

    static func kill(_ group: pid_t) {
        Glibc.kill(-group, SIGKILL)
        Glibc.kill(group, SIGKILL)
    }
}
