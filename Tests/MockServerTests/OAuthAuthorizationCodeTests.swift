import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import MockServer
import Synchronization
import Testing
import Workspace

/// The authorization code grant with PKCE (issue 26) end to end below the explorer: the real
/// loopback listener (`LoopbackRedirects`), the real transport, Authlib as the provider, and the
/// test as the browser following the provider's redirect to the listener.
@Suite("oauth2 authorization code with PKCE: loopback redirect, against Authlib", .serialized)
struct OAuthAuthorizationCodeTests {
    /// Plays the person at the browser: opens the address (optionally changed first) and keeps
    /// what it saw.
    final class Browser: OAuthPerson {
        struct Visit {
            var prompt: OAuthBrowserPrompt
            var status: Int
            var page: String
        }
        let visits = Mutex<[Visit]>([])
        let change: @Sendable (String) -> String

        init(change: @escaping @Sendable (String) -> String = { $0 }) {
            self.change = change
        }

        func showDeviceCode(_ authorization: OAuthDeviceAuthorization) {}

        func showAuthorization(_ prompt: OAuthBrowserPrompt) {
            let change = change
            Thread.detachNewThread { [self] in
                let answer = (try? OAuthTestServer.follow(change(prompt.authorizationURL))) ?? (0, "")
                visits.withLock { $0.append(Visit(prompt: prompt, status: answer.0, page: answer.1)) }
            }
        }

        /// The visit, once the browser has its page.
        func visit() async throws -> Visit {
            for _ in 0..<400 {
                if let visit = visits.withLock({ $0.first }) { return visit }
                try await Task.sleep(for: .milliseconds(50))
            }
            throw CancellationError()
        }
    }

    static func settings(_ server: OAuthTestServer, clientID: String = OAuthTestServer.publicClientID) -> OAuthSettings
    {
        var auth = OAuth2Auth(grant: .authorizationCode)
        auth.issuer = server.issuer()
        auth.clientID = clientID
        auth.scope = "read openid"
        return OAuthSettings(auth) { text, _ in text }
    }

    static func token(
        _ settings: OAuthSettings, _ browser: Browser
    ) async -> Result<OAuthTokenOutcome, any Error> {
        let broker = OAuthTokenBroker(store: nil, redirects: LoopbackRedirects())
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        defer { dispatcher.shutdown() }
        return await broker.token(for: settings, dispatcher: dispatcher, person: browser).fetchResult()
    }

    @Test("the browser comes back to the loopback listener; the code is exchanged with the verifier")
    func codeExchangedForToken() async throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let browser = Browser()
        let outcome = try await Self.token(Self.settings(server), browser).get()
        #expect(outcome.source == .fetched)
        #expect(outcome.token.scope.contains("read"))
        #expect(outcome.steps.map(\.step) == [.discovery, .authorization, .token])
        let visit = try await browser.visit()
        #expect(visit.status == 200)
        #expect(visit.page.contains("Lazer got the authorization"))
        // The request Lazer built: PKCE S256, state, the loopback redirect, the scope.
        let address = try #require(URLComponents(string: visit.prompt.authorizationURL))
        let query = Dictionary((address.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { $1 }
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["code_challenge"]?.count == 43)
        #expect((query["state"] ?? "").count >= 16)
        #expect(query["redirect_uri"] == visit.prompt.redirectURI)
        #expect(visit.prompt.redirectURI.hasPrefix("http://127.0.0.1:"))
        // Form-encoded, as RFC 6749 §4.1.1 asks (a space is "+").
        #expect(query["scope"] == "read+openid")
        #expect(try server.tokenRequests()["authorization_code"] == 1)
        // The code and the verifier appear in no step the Timeline shows.
        let seen = try server.seen()
        let secrets = (seen["codes"] ?? []) + (seen["verifiers"] ?? [])
        #expect(secrets.count == 2)
        for step in outcome.steps { for secret in secrets { #expect(!step.summary.contains(secret)) } }
        // The listener is closed: nothing answers at the redirect URI any more.
        let again = try OAuthTestServer.follow(visit.prompt.redirectURI + "?code=x&state=y")
        #expect(again.status == 0)
    }

    /// Opening the redirect address itself (the card shows it) is not the provider's answer: the
    /// page says so and the flow goes on waiting — it ended as "wrong state".
    @Test("a bare visit to the redirect address does not end the flow")
    func aBareVisitKeepsWaiting() async throws {
        final class CuriousBrowser: OAuthPerson {
            let bare = Mutex<(status: Int, page: String)?>(nil)
            func showDeviceCode(_ authorization: OAuthDeviceAuthorization) {}
            func showAuthorization(_ prompt: OAuthBrowserPrompt) {
                Thread.detachNewThread { [self] in
                    let first = (try? OAuthTestServer.follow(prompt.redirectURI)) ?? (0, "")
                    bare.withLock { $0 = first }
                    _ = try? OAuthTestServer.follow(prompt.authorizationURL)
                }
            }
        }
        let server = try OAuthTestServer()
        defer { server.stop() }
        let browser = CuriousBrowser()
        let broker = OAuthTokenBroker(store: nil, redirects: LoopbackRedirects())
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        defer { dispatcher.shutdown() }
        let outcome = try await broker.token(for: Self.settings(server), dispatcher: dispatcher, person: browser)
            .fetchResult().get()
        #expect(outcome.source == .fetched)
        let bare = try #require(browser.bare.withLock { $0 })
        #expect(bare.status == 400 && bare.page.contains("Lazer is still waiting"), "\(bare)")
    }

    @Test("a refusal (access_denied) is an error page and an error naming the browser step")
    func accessDenied() async throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        let browser = Browser { $0 + "&login_hint=deny" }
        let result = await Self.token(Self.settings(server), browser)
        guard case .failure(let error as OAuthError) = result else {
            Issue.record("not an OAuthError: \(result)")
            return
        }
        #expect(error.step == .authorization)
        #expect(error.description.contains("access_denied (the person refused the request)"))
        let visit = try await browser.visit()
        #expect(visit.status == 400)
        #expect(visit.page.contains("Lazer did not get the authorization"))
        #expect(visit.page.contains("access_denied"))
        #expect(try server.tokenRequests().isEmpty)
    }

    @Test("a state that is not Lazer's is refused: no token request, an error naming the step")
    func stateMismatch() async throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        // The provider sends the browser back with the state it was given: change it on the way out.
        let browser = Browser { address in
            address.replacingOccurrences(of: "&state=", with: "&state=forged")
        }
        let result = await Self.token(Self.settings(server), browser)
        guard case .failure(let error as OAuthError) = result else {
            Issue.record("not an OAuthError: \(result)")
            return
        }
        #expect(error.reason == .stateMismatch)
        #expect(error.description.contains("a state Lazer did not send"))
        let visit = try await browser.visit()
        #expect(visit.status == 400)
        #expect(try server.tokenRequests().isEmpty)
    }

    @Test("a cancelled flow closes the listener and caches nothing")
    func cancelled() async throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        final class Nobody: OAuthPerson {
            let prompt = Mutex<OAuthBrowserPrompt?>(nil)
            func showDeviceCode(_ authorization: OAuthDeviceAuthorization) {}
            func showAuthorization(_ prompt: OAuthBrowserPrompt) { self.prompt.withLock { $0 = prompt } }
        }
        let nobody = Nobody()
        let broker = OAuthTokenBroker(store: nil, redirects: LoopbackRedirects())
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        defer { dispatcher.shutdown() }
        let settings = Self.settings(server)
        let future = broker.token(for: settings, dispatcher: dispatcher, person: nobody)
        _ = future.send()
        var prompt: OAuthBrowserPrompt?
        for _ in 0..<200 where prompt == nil {
            prompt = nobody.prompt.withLock { $0 }
            try await Task.sleep(for: .milliseconds(50))
        }
        let redirect = try #require(prompt).redirectURI
        future.cancel()
        var closed = false
        for _ in 0..<100 where !closed {
            closed = try OAuthTestServer.follow(redirect + "?code=x&state=y").status == 0
            if !closed { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(closed)
        #expect(broker.cached(settings.cacheKey) == nil)
    }

    @Test("a configured redirectPort in use: a clear error, no hang")
    func portInUse() async throws {
        let server = try OAuthTestServer()
        defer { server.stop() }
        var settings = Self.settings(server)
        settings.redirectPort = server.port
        let result = await Self.token(settings, Browser())
        guard case .failure(let error as OAuthError) = result else {
            Issue.record("not an OAuthError: \(result)")
            return
        }
        #expect(error.description.contains("cannot listen on 127.0.0.1:\(server.port)"))
    }
}
