import AnnotatedLocks
package import Foundation
package import Futures
package import HTTPCore
import Synchronization

/// Hands out access tokens: a cached one while it is fresh, else one fetch per client at a time
/// — concurrent requests that need the same token wait for the same fetch — and keeps what it got
/// in memory and in the token cache (`OAuthTokenStore`). One per application
/// (`WorkspaceServices.tokens`). Thread-safe.
package final class OAuthTokenBroker: Sendable {
    private struct State {
        var loaded = false
        var tokens: [String: OAuthToken] = [:]
        /// The futures waiting for the fetch in flight, by cache key.
        var waiting: [String: [ResponseFuture<OAuthTokenOutcome>]] = [:]
        var discovered: [String: OAuthDiscovery] = [:]
        /// The fetch in flight by cache key: cancelled when every future waiting for it is.
        var fetches: [String: Task<Void, Never>] = [:]
        /// The steps of the fetch in flight by cache key, for sends that join it to observe.
        var logs: [String: OAuthTokenFetch.Log] = [:]
    }

    private let state = Mutex(State())
    private let store: OAuthTokenStore?
    private let now: @Sendable () -> Date
    private let redirects: (any OAuthRedirectListening)?

    /// - Parameters:
    ///   - store: where tokens persist; nil keeps them in memory only.
    ///   - redirects: the loopback listener of the authorization code grant (nil: that grant fails).
    ///   - now: the wall clock (tests pass their own to expire tokens).
    package init(
        store: OAuthTokenStore?, redirects: (any OAuthRedirectListening)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.redirects = redirects
        self.now = now
    }

    /// The token cached for `key`, fresh or not.
    package func cached(_ key: String) -> OAuthToken? {
        withState { $0.tokens[key] }
    }

    /// Forgets the token of `key` (memory and file).
    package func forget(_ key: String) {
        let tokens = withState { state -> [String: OAuthToken] in
            state.tokens[key] = nil
            return state.tokens
        }
        try? store?.save(tokens)
    }

    /// Marks the token of `key` expired so the next request refreshes it (its refresh token is kept).
    package func expire(_ key: String) {
        let tokens = withState { state -> [String: OAuthToken] in
            state.tokens[key]?.expiresAt = Date(timeIntervalSince1970: 0)
            return state.tokens
        }
        try? store?.save(tokens)
    }

    /// A cold future of a token for `settings`. When sent: a fresh cached token at once, else the
    /// fetch in flight for the same client, else a new fetch through `dispatcher`. `rejected`,
    /// the access token a server just refused (a 401 with `invalid_token`), is not handed out
    /// again; `renew` skips the cache (the explorer's "get a new token"). `onStep` hears each
    /// request of the fetch as it ends (those made before this send joined it first), on the
    /// fetch's thread: it must only hand the record on.
    package func token(
        for settings: OAuthSettings, dispatcher: any DataDispatcher, person: (any OAuthPerson)? = nil,
        rejected: String? = nil, renew: Bool = false, onStep: (@Sendable (OAuthStepRecord) -> Void)? = nil
    ) -> ResponseFuture<OAuthTokenOutcome> {
        let key = settings.cacheKey
        return ResponseFuture(scheduler: dispatcher.scheduler) { [self] future in
            let now = self.now()
            enum Decision {
                case cached(OAuthToken)
                case start(previous: OAuthToken?)
                case wait
            }
            let decision = withState { state -> Decision in
                if let rejected, state.tokens[key]?.accessToken == rejected {
                    state.tokens[key]?.expiresAt = Date(timeIntervalSince1970: 0)
                }
                if !renew, let token = state.tokens[key], token.isFresh(at: now) { return .cached(token) }
                state.waiting[key, default: []].append(future)
                let starts = state.waiting[key]?.count == 1
                if starts { state.logs[key] = OAuthTokenFetch.Log() }
                if let onStep { state.logs[key]?.observe(onStep) }
                return starts ? .start(previous: renew ? nil : state.tokens[key]) : .wait
            }
            let previous: OAuthToken?
            switch decision {
            case .cached(let token):
                future.succeed(with: OAuthTokenOutcome(token: token, source: .cached, grant: settings.grant))
                return
            case .wait:
                future.onCancel { [weak self] in self?.abandon(key, future) }
                return
            case .start(let token): previous = token
            }
            future.onCancel { [weak self] in self?.abandon(key, future) }
            let fetch = OAuthTokenFetch(
                settings: settings, dispatcher: dispatcher, person: person, redirects: redirects, now: self.now,
                discovered: { [weak self] issuer in self?.withState { $0.discovered[issuer] } },
                remember: { [weak self] issuer, found in self?.withState { $0.discovered[issuer] = found } })
            let log = withState { $0.logs[key] } ?? OAuthTokenFetch.Log()
            let task = Task {
                let result: Result<OAuthTokenOutcome, OAuthError>
                do throws(OAuthError) {
                    result = .success(try await fetch.run(previous: previous, log: log))
                } catch {
                    var error = error
                    error.steps = log.all
                    result = .failure(error)
                }
                self.finish(key, result)
            }
            withState { state in
                // Ended already (nobody waits): nothing to cancel later.
                if state.waiting[key] != nil { state.fetches[key] = task }
            }
        }
    }

    /// A waiting future was cancelled: the fetch stops when nobody waits for it any more (a
    /// device code grant stops polling).
    private func abandon(_ key: String, _ future: ResponseFuture<OAuthTokenOutcome>) {
        let task = withState { state -> Task<Void, Never>? in
            state.waiting[key]?.removeAll { $0 === future }
            guard state.waiting[key]?.isEmpty == true else { return nil }
            state.waiting[key] = nil
            state.logs[key] = nil
            return state.fetches.removeValue(forKey: key)
        }
        task?.cancel()
    }

    private func finish(_ key: String, _ result: Result<OAuthTokenOutcome, OAuthError>) {
        let (waiters, tokens) = withState { state -> ([ResponseFuture<OAuthTokenOutcome>], [String: OAuthToken]?) in
            let waiters = state.waiting.removeValue(forKey: key) ?? []
            state.fetches[key] = nil
            state.logs[key] = nil
            switch result {
            case .success(let outcome):
                state.tokens[key] = outcome.token
                return (waiters, state.tokens)
            case .failure(let error):
                // A refused grant or refresh: the cached token is no use any more.
                if case .provider(let code, _, _) = error.reason, code == "invalid_grant" { state.tokens[key] = nil }
                return (waiters, nil)
            }
        }
        if let tokens { try? store?.save(tokens) }
        for waiter in waiters {
            switch result {
            case .success(let outcome): waiter.succeed(with: outcome)
            case .failure(let error): waiter.fail(with: error)
            }
        }
    }

    private func withState<Result>(_ body: (inout State) -> sending Result) -> sending Result {
        state.withLock(ownedBy: self) { state in
            if !state.loaded {
                state.loaded = true
                state.tokens = (try? store?.load()) ?? [:]
            }
            return body(&state)
        }
    }
}
