import AnnotatedLocks
import Foundation
import Futures
import HTTPCore
import Synchronization

/// The requests that obtain one token: discovery when an issuer stands for the URLs, then the
/// refresh grant when a refresh token is at hand (falling back to the grant when it is refused),
/// else the grant itself — device code polling included. Sent through the environment's
/// dispatcher like any request, so it knows nothing of the transport.
struct OAuthTokenFetch: Sendable {
    var settings: OAuthSettings
    let dispatcher: any DataDispatcher
    let person: (any OAuthPerson)?
    /// The loopback redirect listener of the authorization code grant (none: the grant cannot run).
    let redirects: (any OAuthRedirectListening)?
    let now: @Sendable () -> Date
    /// Discovered endpoint URLs by issuer, shared by the broker's fetches.
    let discovered: @Sendable (String) -> OAuthDiscovery?
    let remember: @Sendable (String, OAuthDiscovery) -> Void

    /// The steps taken so far (the sub-exchange the Timeline shows), told to its observers as
    /// each ends: a device code grant's polls reach the explorer while it waits for the person.
    final class Log: Sendable {
        private struct Records {
            var all: [OAuthStepRecord] = []
            var observers: [@Sendable (OAuthStepRecord) -> Void] = []
        }

        /// When the fetch started: each record's `start` is from here.
        let origin = ContinuousClock.now
        private let records = Mutex(Records())

        /// Observers are called with the lock held, so each hears every record once and in
        /// order: they must only hand it on (no blocking, no call back into the log).
        func append(_ record: OAuthStepRecord) {
            records.withLock(ownedBy: self) { records in
                records.all.append(record)
                for observer in records.observers { observer(record) }
            }
        }

        /// `observer` hears the steps taken so far at once, then each new one.
        func observe(_ observer: @escaping @Sendable (OAuthStepRecord) -> Void) {
            records.withLock(ownedBy: self) { records in
                for record in records.all { observer(record) }
                records.observers.append(observer)
            }
        }

        var all: [OAuthStepRecord] { records.withLock(ownedBy: self) { $0.all } }
    }

    func run(previous: OAuthToken?, log: Log) async throws(OAuthError) -> OAuthTokenOutcome {
        var settings = self.settings
        if !settings.issuer.isEmpty { try await discover(into: &settings, log: log) }
        guard !settings.tokenURL.isEmpty else {
            throw OAuthError(.discovery, .settings("the provider names no token endpoint"))
        }
        if let refresh = previous?.refreshToken, !refresh.isEmpty {
            do throws(OAuthError) {
                let token = try await tokenRequest(
                    settings, step: .refresh,
                    form: [
                        FormField(name: "grant_type", value: "refresh_token"),
                        .init(name: "refresh_token", value: refresh),
                    ],
                    previous: previous, log: log)
                return OAuthTokenOutcome(token: token, source: .refreshed, grant: settings.grant, steps: log.all)
            } catch let error where error.reason.isProviderRefusal {
                // A refused refresh token (expired, rotated away, revoked): the grant starts over.
            }
        }
        let token = try await grant(settings, log: log)
        return OAuthTokenOutcome(token: token, source: .fetched, grant: settings.grant, steps: log.all)
    }

    private func grant(_ settings: OAuthSettings, log: Log) async throws(OAuthError) -> OAuthToken {
        var form: [FormField] = []
        func add(_ name: String, _ value: String) {
            if !value.isEmpty { form.append(FormField(name: name, value: value)) }
        }
        switch settings.grant {
        case .clientCredentials:
            add("grant_type", "client_credentials")
        case .password:
            add("grant_type", "password")
            add("username", settings.username)
            form.append(FormField(name: "password", value: settings.password))
        case .refreshToken:
            add("grant_type", "refresh_token")
            add("refresh_token", settings.refreshToken)
        case .deviceCode:
            guard person != nil else { throw OAuthError(.token, .needsPerson(.deviceCode)) }
            return try await OAuthDeviceFlow(fetch: self, settings: settings, log: log).run()
        case .authorizationCode:
            guard let person else { throw OAuthError(.token, .needsPerson(.authorizationCode)) }
            guard let redirects else {
                throw OAuthError(.authorization, .settings("this program has no loopback redirect listener"))
            }
            return try await OAuthAuthorizationCodeFlow(
                fetch: self, settings: settings, listening: redirects, person: person, log: log
            ).run()
        }
        if settings.grant != .refreshToken {
            add("scope", settings.scope)
            add("audience", settings.audience)
            add("resource", settings.resource)
        }
        return try await tokenRequest(settings, step: .token, form: form + settings.parameters, previous: nil, log: log)
    }

    /// POSTs `form` to the token endpoint and reads the token.
    func tokenRequest(
        _ settings: OAuthSettings, step: OAuthError.Step, form: [FormField], previous: OAuthToken?, log: Log
    ) async throws(OAuthError) -> OAuthToken {
        let (status, bytes) = try await post(settings.tokenURL, form: form, settings: settings, step: step, log: log)
        if (200..<300).contains(status),
            let token = OAuthToken.parse(bytes, now: now(), previous: previous, askedScope: settings.scope)
        {
            return token
        }
        throw Self.failure(step, status: status, bytes: bytes, settings: settings)
    }

    /// The error a non-token answer stands for; a refused client learns how it authenticated and,
    /// when discovery listed them, the methods the provider offers.
    static func failure(_ step: OAuthError.Step, status: Int, bytes: [UInt8], settings: OAuthSettings) -> OAuthError {
        var error = failure(step, status: status, bytes: bytes)
        if case .provider(let code, _, _) = error.reason, code == "invalid_client" || code == "unauthorized_client" {
            error.clientAuthentication = settings.authMethodName
            error.advertisedAuthMethods = settings.advertisedAuthMethods
        }
        return error
    }

    /// The error a non-token answer stands for.
    static func failure(_ step: OAuthError.Step, status: Int, bytes: [UInt8]) -> OAuthError {
        if let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let code = object["error"] as? String
        {
            return OAuthError(
                step, .provider(code: code, description: object["error_description"] as? String, status: status))
        }
        let excerpt = String(decoding: bytes.prefix(120), as: UTF8.self)
        return OAuthError(step, .unreadable(status: status, excerpt: excerpt))
    }

    /// A form POST with the client's authentication; the answer's status and body.
    func post(
        _ address: String, form: [FormField], settings: OAuthSettings, step: OAuthError.Step, log: Log
    ) async throws(OAuthError) -> (Int, [UInt8]) {
        var form = form
        var headers = HTTPHeaders([("Accept", "application/json")])
        if settings.clientAuthentication == .privateKeyJWT {
            do throws(OAuthClientAssertionError) {
                form += try OAuthClientAssertion.fields(settings, now: now())
            } catch {
                throw OAuthError(step, .settings(error.description))
            }
        } else if settings.clientSecret.isEmpty || settings.clientAuthentication == .body {
            form.append(FormField(name: "client_id", value: settings.clientID))
            if !settings.clientSecret.isEmpty {
                form.append(FormField(name: "client_secret", value: settings.clientSecret))
            }
        } else {
            // RFC 6749 §2.3.1: each part form-encoded before Base64.
            let pair =
                FormURLEncoding.encode(component: settings.clientID) + ":"
                + FormURLEncoding.encode(component: settings.clientSecret)
            headers.set(name: "Authorization", value: "Basic " + Data(pair.utf8).base64EncodedString())
        }
        return try await send(
            HTTPRequest(method: .post, url: try url(address, step), headers: headers, body: .formURLEncoded(form)),
            step: step, log: log)
    }

    func url(_ address: String, _ step: OAuthError.Step) throws(OAuthError) -> URL {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            url.host != nil
        else { throw OAuthError(step, .settings("\"\(address)\" is not an http(s) URL")) }
        return url
    }

    func send(_ request: HTTPRequest, step: OAuthError.Step, log: Log) async throws(OAuthError) -> (Int, [UInt8]) {
        let started = ContinuousClock.now
        let result = await dispatcher.dataFuture(from: request).fetchResult()
        let shown = (try? request.url().absoluteString) ?? ""
        switch result {
        case .success(let response):
            let bytes = (try? response.body.bytes()) ?? []
            var code: String?
            if !(200..<300).contains(response.statusCode.rawValue),
                let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
            {
                code = object["error"] as? String
            }
            log.append(
                OAuthStepRecord(
                    step: step, method: request.method.rawValue, url: shown, status: response.statusCode.rawValue,
                    start: started - log.origin, duration: ContinuousClock.now - started, error: code))
            return (response.statusCode.rawValue, bytes)
        case .failure(let error):
            if error is CancellationError { throw OAuthError(step, .cancelled) }
            let words = ErrorTranslator.standard.translate(error).title
            log.append(
                OAuthStepRecord(
                    step: step, method: request.method.rawValue, url: shown, status: nil,
                    start: started - log.origin, duration: ContinuousClock.now - started, error: words))
            throw OAuthError(step, .transport(words))
        }
    }

    /// Fills the URLs the settings leave empty from the issuer's OpenID Connect metadata.
    private func discover(into settings: inout OAuthSettings, log: Log) async throws(OAuthError) {
        let needed =
            settings.tokenURL.isEmpty || (settings.grant == .authorizationCode && settings.authorizationURL.isEmpty)
            || (settings.grant == .deviceCode && settings.deviceAuthorizationURL.isEmpty)
        guard needed else { return }
        let metadata: OAuthDiscovery
        if let known = discovered(settings.issuer) {
            metadata = known
        } else {
            var issuer = settings.issuer
            while issuer.hasSuffix("/") { issuer.removeLast() }
            let address = issuer + "/.well-known/openid-configuration"
            let (status, bytes) = try await send(
                HTTPRequest(
                    method: .get, url: try url(address, .discovery),
                    headers: HTTPHeaders([("Accept", "application/json")])),
                step: .discovery, log: log)
            guard (200..<300).contains(status), let found = OAuthDiscovery(bytes) else {
                throw Self.failure(.discovery, status: status, bytes: bytes)
            }
            guard found.isFor(settings.issuer) else {
                let named = found.issuer.map { "names the issuer \($0)" } ?? "names no issuer"
                throw OAuthError(
                    .discovery,
                    .settings(
                        "the discovery document at \(address) \(named), not \(settings.issuer): it is refused, "
                            + "as OpenID Connect requires (its endpoints could be someone else's)"))
            }
            metadata = found
            remember(settings.issuer, found)
        }
        settings.advertisedAuthMethods = metadata.tokenEndpointAuthMethods
        if settings.tokenURL.isEmpty { settings.tokenURL = metadata.tokenEndpoint }
        if settings.authorizationURL.isEmpty { settings.authorizationURL = metadata.authorizationEndpoint ?? "" }
        if settings.deviceAuthorizationURL.isEmpty {
            settings.deviceAuthorizationURL = metadata.deviceAuthorizationEndpoint ?? ""
        }
    }
}

extension OAuthError.Reason {
    /// The provider answered with an OAuth error (not a transport failure).
    var isProviderRefusal: Bool {
        if case .provider = self { return true }
        return false
    }
}
