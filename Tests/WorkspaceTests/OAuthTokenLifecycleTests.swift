import Foundation
import Futures
import HTTPCore
import Synchronization
import Testing
import Workspace

/// The token stage of a send (issue 26) against a scripted provider: one fetch shared by
/// concurrent requests, the cached token reused while fresh and refreshed before it expires, a
/// 401 `invalid_token` answered by one new token and one retry, provider errors named with their
/// step, and a grant that needs a person failing at once where there is none.
@Suite struct OAuthTokenLifecycleTests {
    /// A token endpoint and an API behind it. Tokens are `t1`, `t2`, …; refresh tokens `r1`, `r2`, ….
    final class Provider: DataDispatcher {
        let scheduler: any Scheduler = ImmediateScheduler()
        struct State {
            var issued = 0
            var forms: [[String: String]] = []
            var apiTokens: [String] = []
            var valid: Set<String> = []
            var error: String?
            var expiresIn = 3600
            /// Token answers held back until `release()` (to make requests meet while one is in flight).
            var held: [@Sendable () -> Void] = []
            var hold = false
        }
        let state = Mutex(State())

        func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
            ResponseFuture(scheduler: scheduler) { future in
                let url = try request.url()
                @Sendable func answer(_ status: Int, _ json: String, _ headers: [(String, String)] = []) {
                    future.succeed(
                        with: Response(
                            request: request, statusCode: StatusCode(status), headers: HTTPHeaders(headers), url: url,
                            body: .data(Data(json.utf8))))
                }
                if url.path == "/token" {
                    guard case .formURLEncoded(let fields) = request.body else { return answer(400, "{}") }
                    let form = Dictionary(fields.map { ($0.name, $0.value) }) { $1 }
                    let reply: @Sendable () -> Void = {
                        let (status, json) = self.state.withLock { state -> (Int, String) in
                            state.forms.append(form)
                            if let error = state.error {
                                return (400, #"{"error": "\#(error)", "error_description": "no"}"#)
                            }
                            state.issued += 1
                            let token = "t\(state.issued)"
                            state.valid.insert(token)
                            return (
                                200,
                                #"{"access_token": "\#(token)", "token_type": "Bearer", "expires_in": \#(state.expiresIn), "refresh_token": "r\#(state.issued)", "scope": "read"}"#
                            )
                        }
                        answer(status, json)
                    }
                    let held = self.state.withLock { state in
                        if state.hold { state.held.append(reply) }
                        return state.hold
                    }
                    if !held { reply() }
                    return
                }
                let token = String((request.headers["Authorization"] ?? "").dropFirst("Bearer ".count))
                let valid = self.state.withLock { state in
                    state.apiTokens.append(token)
                    return state.valid.contains(token)
                }
                if valid { return answer(200, #"{"ok": true}"#) }
                answer(401, #"{"error": "invalid_token"}"#, [("WWW-Authenticate", #"Bearer error="invalid_token""#)])
            }
        }

        func release() {
            let held = state.withLock { state in
                state.hold = false
                defer { state.held = [] }
                return state.held
            }
            for reply in held { reply() }
        }
    }

    final class Clock: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
        var read: @Sendable () -> Date { { self.now.withLock { $0 } } }
    }

    static func settings(_ grant: OAuth2Auth.Grant = .clientCredentials) -> OAuthSettings {
        var auth = OAuth2Auth(grant: grant)
        auth.tokenURL = "http://id.test/token"
        auth.deviceAuthorizationURL = "http://id.test/device"
        auth.clientID = "app"
        auth.clientSecret = "app-secret"
        auth.scope = "read"
        var settings = OAuthSettings(auth) { text, _ in text }
        settings.collectionID = "c"
        settings.environment = "live"
        return settings
    }

    static func preparation(
        _ provider: Provider, _ broker: OAuthTokenBroker, _ settings: OAuthSettings = settings()
    ) -> (SendPreparation, HTTPRequest) {
        let request = HTTPRequest(url: URL(string: "http://api.test/me") ?? URL(fileURLWithPath: "/"))
        var preparation = SendPreparation(
            collectionID: "c", saved: SavedRequest(name: "me", url: "http://api.test/me"), environment: nil,
            resolved: RequestResolver(scope: VariableScope(), baseFolder: "").resolve(
                SavedRequest(name: "me", url: "http://api.test/me")
            ).request,
            problems: [], request: request, dispatcher: provider, redactor: .none)
        preparation.oauth = settings
        preparation.tokens = broker
        return (preparation, request)
    }

    @Test func concurrentRequestsShareOneFetchAndLaterOnesUseTheCache() async throws {
        let provider = Provider()
        let broker = OAuthTokenBroker(store: nil)
        let (preparation, request) = Self.preparation(provider, broker)
        provider.state.withLock { $0.hold = true }
        let futures = (0..<5).map { _ in preparation.future(for: request)! }
        for future in futures { _ = future.send() }
        provider.release()
        for future in futures {
            let response = try await future.fetchResult().get()
            #expect(response.statusCode.rawValue == 200)
        }
        #expect(provider.state.withLock { $0.forms.count } == 1)
        let sources = Mutex<[OAuthTokenOutcome.Source]>([])
        _ = try await preparation.future(
            for: request, onToken: { outcome in sources.withLock { $0.append(outcome.source) } })!
            .fetchResult().get()
        #expect(provider.state.withLock { $0.forms.count } == 1)
        #expect(sources.withLock { $0 } == [.cached])
        #expect(provider.state.withLock { $0.apiTokens }.allSatisfy { $0 == "t1" })
    }

    @Test func aTokenAboutToExpireIsRefreshedWithItsRefreshToken() async throws {
        let provider = Provider()
        let clock = Clock()
        let broker = OAuthTokenBroker(store: nil, now: clock.read)
        let (preparation, request) = Self.preparation(provider, broker)
        _ = try await preparation.future(for: request)!.fetchResult().get()
        clock.advance(3600 - 10)
        let sources = Mutex<[OAuthTokenOutcome.Source]>([])
        _ = try await preparation.future(
            for: request, onToken: { outcome in sources.withLock { $0.append(outcome.source) } })!
            .fetchResult().get()
        #expect(sources.withLock { $0 } == [.refreshed])
        let forms = provider.state.withLock { $0.forms }
        #expect(forms.map { $0["grant_type"] } == ["client_credentials", "refresh_token"])
        #expect(forms.last?["refresh_token"] == "r1")
        #expect(broker.cached(Self.settings().cacheKey)?.accessToken == "t2")
    }

    @Test func aRejectedTokenIsReplacedOnceAndTheRequestRetried() async throws {
        let provider = Provider()
        let broker = OAuthTokenBroker(store: nil)
        let (preparation, request) = Self.preparation(provider, broker)
        _ = try await preparation.future(for: request)!.fetchResult().get()
        // The provider forgets every token (revoked, restarted): the API answers 401 invalid_token.
        provider.state.withLock { $0.valid = [] }
        let response = try await preparation.future(for: request)!.fetchResult().get()
        #expect(response.statusCode.rawValue == 200)
        #expect(provider.state.withLock { $0.apiTokens } == ["t1", "t1", "t2"])
    }

    @Test func providerErrorsNameTheStepAndSayWhatToDo() async throws {
        let provider = Provider()
        provider.state.withLock { $0.error = "invalid_client" }
        let (preparation, request) = Self.preparation(provider, OAuthTokenBroker(store: nil))
        let result = await preparation.future(for: request)!.fetchResult()
        let error = try #require(result.failure as? OAuthError)
        #expect(error.step == .token)
        #expect(error.reason == .provider(code: "invalid_client", description: "no", status: 400))
        let translation = ErrorTranslator.standard.translate(error)
        #expect(translation.title == "No OAuth token: token request failed: invalid_client")
        #expect(translation.explanation.contains("token request failed: invalid_client"))
        #expect(translation.hint.contains("clientId and clientSecret"))
        #expect(!translation.explanation.contains("app-secret"))
    }

    @Test func aGrantThatNeedsAPersonFailsAtOnceWithoutOne() async throws {
        let provider = Provider()
        let (preparation, request) = Self.preparation(
            provider, OAuthTokenBroker(store: nil), Self.settings(.deviceCode))
        let result = await preparation.future(for: request)!.fetchResult()
        let error = try #require(result.failure as? OAuthError)
        #expect(error.needsPerson)
        #expect(provider.state.withLock { $0.forms.isEmpty })
    }

    @Test func theClientAuthenticatesWithBasicOrInTheBody() async throws {
        let provider = Provider()
        var settings = Self.settings()
        settings.clientAuthentication = .body
        let (preparation, request) = Self.preparation(provider, OAuthTokenBroker(store: nil), settings)
        _ = try await preparation.future(for: request)!.fetchResult().get()
        let form = try #require(provider.state.withLock { $0.forms.first })
        #expect(form["client_id"] == "app" && form["client_secret"] == "app-secret")
        #expect(form["scope"] == "read")
    }

    @Test func tokensPersistInTheCacheFileWithMode0600() async throws {
        let folder = try TemporaryFolder()
        let store = OAuthTokenStore(path: folder.path + "/config/oauth-tokens.json")
        let provider = Provider()
        let (preparation, request) = Self.preparation(provider, OAuthTokenBroker(store: store))
        _ = try await preparation.future(for: request)!.fetchResult().get()
        let attributes = try FileManager.default.attributesOfItem(atPath: store.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // Another process (lazer run after the explorer) finds it there.
        let later = OAuthTokenBroker(store: store)
        #expect(later.cached(Self.settings().cacheKey)?.accessToken == "t1")
        later.forget(Self.settings().cacheKey)
        #expect(OAuthTokenBroker(store: store).cached(Self.settings().cacheKey) == nil)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
