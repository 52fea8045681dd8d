import Foundation
import Futures
import HTTPCore
import Synchronization
import Testing
import Workspace

/// The device code grant (RFC 8628) against a scripted provider: the person is shown the code
/// and where to enter it, polling goes on through `authorization_pending` and ends with the
/// token, or with the provider's refusal named as the approval step's.
@Suite struct OAuthDeviceFlowTests {
    /// Answers the device authorization, then each poll with the next of `polls` (an error
    /// code, or nil for a token).
    final class Provider: DataDispatcher {
        let scheduler: any Scheduler = ImmediateScheduler()
        let polls: Mutex<[String?]>
        let polled = Mutex(0)

        init(polls: [String?]) {
            self.polls = Mutex(polls)
        }

        func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
            ResponseFuture(scheduler: scheduler) { future in
                let url = try request.url()
                @Sendable func answer(_ status: Int, _ json: String) {
                    future.succeed(
                        with: Response(
                            request: request, statusCode: StatusCode(status), url: url, body: .data(Data(json.utf8))))
                }
                if url.path == "/device" {
                    return answer(
                        200,
                        #"{"device_code": "dc", "user_code": "WDJB-MJHT", "verification_uri": "http://id.test/activate", "verification_uri_complete": "http://id.test/activate?user_code=WDJB-MJHT", "expires_in": 60, "interval": 1}"#
                    )
                }
                self.polled.withLock { $0 += 1 }
                let next = self.polls.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                if let next { return answer(400, #"{"error": "\#(next)"}"#) }
                answer(200, #"{"access_token": "device-token", "token_type": "Bearer", "expires_in": 60}"#)
            }
        }
    }

    final class Person: OAuthPerson {
        let shown = Mutex<[OAuthDeviceAuthorization]>([])
        func showDeviceCode(_ authorization: OAuthDeviceAuthorization) { shown.withLock { $0.append(authorization) } }
        func showAuthorization(_ prompt: OAuthBrowserPrompt) {}
    }

    static func settings() -> OAuthSettings {
        var auth = OAuth2Auth(grant: .deviceCode)
        auth.tokenURL = "http://id.test/token"
        auth.deviceAuthorizationURL = "http://id.test/device"
        auth.clientID = "tv"
        return OAuthSettings(auth) { text, _ in text }
    }

    @Test func theCodeIsShownAndPollingEndsWithTheToken() async throws {
        let provider = Provider(polls: ["authorization_pending"])
        let person = Person()
        let outcome = try await OAuthTokenBroker(store: nil).token(
            for: Self.settings(), dispatcher: provider, person: person
        ).fetchResult().get()
        #expect(outcome.token.accessToken == "device-token")
        #expect(outcome.source == .fetched)
        #expect(provider.polled.withLock { $0 } == 2)
        let shown = try #require(person.shown.withLock { $0.first })
        #expect(shown.userCode == "WDJB-MJHT" && shown.verificationURI == "http://id.test/activate")
        #expect(shown.verificationURIComplete == "http://id.test/activate?user_code=WDJB-MJHT")
        #expect(outcome.steps.map(\.step) == [.deviceAuthorization, .devicePolling, .devicePolling])
    }

    @Test func aRefusalEndsThePollingNamingTheStep() async throws {
        let provider = Provider(polls: ["access_denied"])
        let result = await OAuthTokenBroker(store: nil).token(
            for: Self.settings(), dispatcher: provider, person: Person()
        ).fetchResult()
        guard case .failure(let error as OAuthError) = result else {
            Issue.record("not an OAuthError: \(result)")
            return
        }
        #expect(error.step == .devicePolling)
        #expect(error.description.contains("device approval failed: access_denied (the person refused the request)"))
        #expect(provider.polled.withLock { $0 } == 1)
    }
}

extension OAuthDeviceFlowTests {
    /// The person's part, and a second send of the same client joining the fetch once the code
    /// is shown.
    final class Joining: OAuthPerson {
        let onCode: @Sendable () -> Void
        init(onCode: @escaping @Sendable () -> Void) { self.onCode = onCode }
        func showDeviceCode(_ authorization: OAuthDeviceAuthorization) { onCode() }
        func showAuthorization(_ prompt: OAuthBrowserPrompt) {}
    }

    /// The Timeline shows each request of the fetch as it ends, while the send still waits for
    /// the person: the device authorization is heard before the code is shown, each poll after
    /// it; a send that joins the fetch later hears the earlier requests first, then the rest.
    /// What the observers heard.
    final class Heard: Sendable {
        let steps = Mutex<[OAuthError.Step]>([])
        let whenShown = Mutex<[OAuthError.Step]>([])
        let joined = Mutex<[OAuthError.Step]>([])
        let joining = Mutex<Task<Void, Never>?>(nil)
    }

    @Test func eachRequestIsHeardAsItEndsAndAJoiningSendHearsTheEarlierOnesFirst() async throws {
        let provider = Provider(polls: ["authorization_pending"])
        let broker = OAuthTokenBroker(store: nil)
        let heard = Heard()
        let person = Joining {
            heard.whenShown.withLock { $0 = heard.steps.withLock { $0 } }
            let task = Task { @Sendable in
                _ = await broker.token(
                    for: Self.settings(), dispatcher: provider, person: nil,
                    onStep: { step in heard.joined.withLock { $0.append(step.step) } }
                ).fetchResult()
            }
            heard.joining.withLock { $0 = task }
        }
        let outcome = try await broker.token(
            for: Self.settings(), dispatcher: provider, person: person,
            onStep: { step in heard.steps.withLock { $0.append(step.step) } }
        ).fetchResult().get()
        let joining = heard.joining.withLock { $0 }
        await joining?.value
        let steps = heard.steps.withLock { $0 }
        #expect(heard.whenShown.withLock { $0 } == [.deviceAuthorization])
        #expect(steps == [.deviceAuthorization, .devicePolling, .devicePolling])
        #expect(steps == outcome.steps.map(\.step))
        #expect(heard.joined.withLock { $0 } == steps)
    }
}
