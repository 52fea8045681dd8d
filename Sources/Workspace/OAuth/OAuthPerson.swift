/// Someone who can take part in a flow that needs a person: the explorer. `lazer run` and
/// `lazer send` have none, so the authorization code and device code grants fail there at once
/// (`OAuthError.Reason.needsPerson`) instead of waiting for nobody.
package protocol OAuthPerson: Sendable {
    /// The device code grant got its codes: show `authorization` until the token comes (or the
    /// flow ends). Called once per flow, on any thread.
    func showDeviceCode(_ authorization: OAuthDeviceAuthorization)
    /// The authorization code grant waits for the browser: show `prompt` (and open it where a
    /// desktop is) until the browser comes back (or the flow ends). Called once per flow, on any thread.
    func showAuthorization(_ prompt: OAuthBrowserPrompt)
}

/// A device authorization response (RFC 8628 §3.2): what the person types, and where.
package struct OAuthDeviceAuthorization: Sendable, Equatable {
    package var userCode: String
    package var verificationURI: String
    /// The URI with the code in it, when the provider gives one (a QR code or a click).
    package var verificationURIComplete: String?
    package var expiresIn: Int
    package var interval: Int

    package init(
        userCode: String, verificationURI: String, verificationURIComplete: String?, expiresIn: Int, interval: Int
    ) {
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }
}
