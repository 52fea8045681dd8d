import Foundation
import HTTPCore

/// RFC 8628: asks for a device code, shows the person the code and where to enter it, then polls
/// the token endpoint at the interval given — five seconds more after each `slow_down`, on through
/// `authorization_pending`, stopping at `expired_token`, `access_denied` or a cancel.
struct OAuthDeviceFlow: Sendable {
    let fetch: OAuthTokenFetch
    let settings: OAuthSettings
    let log: OAuthTokenFetch.Log

    func run() async throws(OAuthError) -> OAuthToken {
        guard !settings.deviceAuthorizationURL.isEmpty else {
            throw OAuthError(
                .deviceAuthorization, .settings("no deviceAuthorizationUrl (nor an issuer that names one)"))
        }
        var form: [FormField] = []
        if !settings.scope.isEmpty { form.append(FormField(name: "scope", value: settings.scope)) }
        let (status, bytes) = try await fetch.post(
            settings.deviceAuthorizationURL, form: form + settings.parameters, settings: settings,
            step: .deviceAuthorization, log: log)
        guard (200..<300).contains(status),
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let deviceCode = object["device_code"] as? String, let userCode = object["user_code"] as? String,
            let verification = (object["verification_uri"] ?? object["verification_url"]) as? String
        else { throw OAuthTokenFetch.failure(.deviceAuthorization, status: status, bytes: bytes, settings: settings) }
        let authorization = OAuthDeviceAuthorization(
            userCode: userCode, verificationURI: verification,
            verificationURIComplete: object["verification_uri_complete"] as? String,
            expiresIn: (object["expires_in"] as? NSNumber)?.intValue ?? 600,
            interval: max(1, (object["interval"] as? NSNumber)?.intValue ?? 5))
        fetch.person?.showDeviceCode(authorization)
        var interval = authorization.interval
        let deadline = ContinuousClock.now + .seconds(authorization.expiresIn)
        let poll = [
            FormField(name: "grant_type", value: "urn:ietf:params:oauth:grant-type:device_code"),
            FormField(name: "device_code", value: deviceCode),
        ]
        while true {
            do {
                try await Task.sleep(for: .seconds(interval))
            } catch {
                throw OAuthError(.devicePolling, .cancelled)
            }
            guard ContinuousClock.now < deadline else {
                throw OAuthError(.devicePolling, .provider(code: "expired_token", description: nil, status: 400))
            }
            do throws(OAuthError) {
                return try await fetch.tokenRequest(settings, step: .devicePolling, form: poll, previous: nil, log: log)
            } catch {
                guard case .provider(let code, _, _) = error.reason else { throw error }
                switch code {
                case "authorization_pending": continue
                case "slow_down": interval += 5
                default: throw error
                }
            }
        }
    }
}
