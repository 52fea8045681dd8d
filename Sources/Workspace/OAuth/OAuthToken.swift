package import Foundation

/// An access token as a provider gave it, with when it was obtained and when it expires.
/// Kept in the token cache (`OAuthTokenStore`), never in collection files, drafts or history.
package struct OAuthToken: Sendable, Equatable, Codable {
    package var accessToken: String
    package var tokenType: String
    package var refreshToken: String?
    /// nil when the provider did not say (`expires_in` absent): used until a 401 says otherwise.
    package var expiresAt: Date?
    /// The scopes granted (the provider's `scope`, else those asked for).
    package var scope: String
    package var obtainedAt: Date

    package init(
        accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, expiresAt: Date? = nil,
        scope: String = "", obtainedAt: Date
    ) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
        self.obtainedAt = obtainedAt
    }

    /// How long before expiry a token is refreshed rather than used: a request sent with a token
    /// about to expire would meet a 401 on the way.
    package static let refreshMargin: TimeInterval = 30

    /// Whether the token can be sent at `now` (not expired, nor about to).
    package func isFresh(at now: Date) -> Bool {
        guard let expiresAt else { return true }
        return expiresAt.timeIntervalSince(now) > min(Self.refreshMargin, lifetime / 2)
    }

    /// Its whole lifetime (a 2-second token is refreshed at 1 s, not 30 s before it expires).
    private var lifetime: TimeInterval { expiresAt.map { $0.timeIntervalSince(obtainedAt) } ?? .infinity }

    /// Reads a token endpoint's success answer (RFC 6749 §5.1); nil when it is not one.
    /// `previous` keeps a refresh token the provider did not rotate; `askedScope` stands for an absent `scope`.
    package static func parse(
        _ bytes: [UInt8], now: Date, previous: OAuthToken? = nil, askedScope: String = ""
    ) -> OAuthToken? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let access = object["access_token"] as? String, !access.isEmpty
        else { return nil }
        var expiresAt: Date?
        if let seconds = (object["expires_in"] as? NSNumber)?.doubleValue
            ?? (object["expires_in"] as? String).flatMap(Double.init)
        {
            expiresAt = now.addingTimeInterval(seconds)
        }
        return OAuthToken(
            accessToken: access, tokenType: object["token_type"] as? String ?? "Bearer",
            refreshToken: object["refresh_token"] as? String ?? previous?.refreshToken, expiresAt: expiresAt,
            scope: object["scope"] as? String ?? askedScope, obtainedAt: now)
    }
}
