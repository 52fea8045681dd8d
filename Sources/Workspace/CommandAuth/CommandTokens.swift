import AnnotatedLocks
package import Foundation
package import RegularFiles
import Synchronization

/// The tokens of `command` auth: whether a collection may run its commands, the tokens fetched
/// (for each command's `cacheSeconds`: in memory, and in the private `CommandTokenStore` so the
/// next process uses them too; never written anywhere else), and the fetch itself, off the
/// caller's thread.
///
/// A preparer asks `cachedToken`; without one the send first awaits `fetch` (the explorer on its
/// work queue, `lazer run` in its task), which stores the token, then prepares again. A token just
/// fetched is used at least once, even with `cacheSeconds` 0.
package final class CommandTokens: Sendable {
    private struct Cached {
        var token: String
        var expires: ContinuousClock.Instant
        var used: Bool
    }

    private struct State {
        /// `--trust`: every collection of this process may run its commands.
        var trustsEverything = false
        var tokens: [String: Cached] = [:]
    }

    package let trustStore: CommandTrustStore
    /// Where tokens outlive the process (nil: memory only).
    private let store: CommandTokenStore?
    private let state = Mutex(State())
    private let now: @Sendable () -> ContinuousClock.Instant
    private let wallClock: @Sendable () -> Date
    /// Runs a command (the real shell; a stand-in in tests).
    private let runner: @Sendable (String, Double, String?, CommandStop?) -> Result<String, CommandTokenError>

    package init(
        trustStore: CommandTrustStore, store: CommandTokenStore? = nil,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        wallClock: @escaping @Sendable () -> Date = { Date() },
        runner: @escaping @Sendable (String, Double, String?, CommandStop?) -> Result<String, CommandTokenError> = {
            CommandTokenRunner.run($0, timeout: $1, folder: $2, stop: $3)
        }
    ) {
        self.trustStore = trustStore
        self.store = store
        self.now = now
        self.wallClock = wallClock
        self.runner = runner
    }

    /// `lazer run --trust` / `lazer send --trust`: every collection this process opens may run
    /// its auth commands.
    package func trustEveryCollection() {
        state.withLock(ownedBy: self) { $0.trustsEverything = true }
    }

    /// Whether `document` may run its auth commands (it has none, `--trust` was given, or the
    /// user trusted this file with exactly these commands).
    package func isTrusted(_ document: CollectionDocument) -> Bool {
        // `--trust` first: a run asks for every request, and the walk over the collection is not free.
        if state.withLock(ownedBy: self, { $0.trustsEverything }) { return true }
        let commands = document.collection.authCommands
        return commands.isEmpty || trustStore.isTrusted(file: document.path, commands: commands)
    }

    /// Trusts `document`'s auth commands as they are now, for this user (the explorer's question).
    package func trust(_ document: CollectionDocument) throws(FileSystemError) {
        try trustStore.trust(file: document.path, commands: document.collection.authCommands)
    }

    static func key(_ command: CommandAuth, folder: String) -> String {
        folder + "\u{0}" + command.command
    }

    /// A token taken from the cache: whether this is its first use (the command just ran) and
    /// how long it is kept after this send.
    package struct CachedToken: Sendable, Equatable {
        package var token: String
        package var firstUse: Bool
        package var remaining: Duration
    }

    /// The token `command` printed, while it is fresh (or not used yet).
    package func cachedToken(for command: CommandAuth, folder: String) -> String? {
        cachedEntry(for: command, folder: folder)?.token
    }

    /// ``cachedToken(for:folder:)`` with what the Timeline says of it.
    package func cachedEntry(for command: CommandAuth, folder: String) -> CachedToken? {
        let key = Self.key(command, folder: folder)
        let now = now()
        // Another process's token, still fresh: used as if this one had run the command.
        let stored = state.withLock(ownedBy: self) { $0.tokens[key] } == nil ? storedToken(key, now: now) : nil
        return state.withLock(ownedBy: self) { state in
            if state.tokens[key] == nil, let stored { state.tokens[key] = stored }
            guard var cached = state.tokens[key] else { return nil }
            guard now < cached.expires || !cached.used else {
                state.tokens[key] = nil
                return nil
            }
            let firstUse = !cached.used
            cached.used = true
            state.tokens[key] = cached
            return CachedToken(token: cached.token, firstUse: firstUse, remaining: max(.zero, cached.expires - now))
        }
    }

    /// Runs `command` (blocking this thread) and keeps its token for `cacheSeconds`; `stop` ends
    /// it early.
    package func fetchNow(
        _ command: CommandAuth, folder: String, stop: CommandStop? = nil
    ) -> Result<String, CommandTokenError> {
        let result = runner(command.command, command.timeoutSeconds, folder.isEmpty ? nil : folder, stop)
        if case .success(let token) = result {
            let seconds = min(command.cacheSeconds, 86_400 * 365)
            let expires = now() + .milliseconds(Int64(seconds * 1000))
            let key = Self.key(command, folder: folder)
            state.withLock(ownedBy: self) { $0.tokens[key] = Cached(token: token, expires: expires, used: false) }
            if seconds > 0 {
                let wall = wallClock()
                try? store?.store(
                    key, CommandTokenStore.Entry(token: token, expiresAt: wall.addingTimeInterval(seconds)), now: wall)
            }
        }
        return result
    }

    /// The store's token for `key` as a used cache entry on this process's clock.
    private func storedToken(_ key: String, now: ContinuousClock.Instant) -> Cached? {
        let wall = wallClock()
        guard let entry = store?.load(now: wall)[key] else { return nil }
        let left = entry.expiresAt.timeIntervalSince(wall)
        return Cached(token: entry.token, expires: now + .milliseconds(Int64(left * 1000)), used: true)
    }

    /// `fetchNow` on a thread of its own: the caller's (the network thread, a task) never waits on a program.
    /// Cancelling the task stops the command.
    package func fetch(_ command: CommandAuth, folder: String) async -> Result<String, CommandTokenError> {
        let stop = CommandStop()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: self.fetchNow(command, folder: folder, stop: stop))
                }
            }
        } onCancel: {
            stop.stop()
        }
    }

    /// Forgets every token fetched (they are fetched again at the next send).
    package func forgetTokens() {
        state.withLock(ownedBy: self) { $0.tokens = [:] }
        try? store?.clear()
    }
}
