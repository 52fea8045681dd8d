package import Foundation

/// What the Auth tab shows of a token: never the token itself — when it was obtained and
/// expires, the scopes granted, whether it can be refreshed, and, for a JWT, its header and
/// claims (decoded, not verified: Lazer holds no key to check the signature with).
package struct OAuthTokenState: Sendable, Equatable {
    package var obtainedAt: Date
    package var expiresAt: Date?
    package var scope: String
    package var refreshable: Bool
    /// The JWT's header and claims as `name: value` lines (objects and arrays as JSON), in name order.
    package var jwtHeader: [String]?
    package var jwtClaims: [String]?

    package init(_ token: OAuthToken) {
        obtainedAt = token.obtainedAt
        expiresAt = token.expiresAt
        scope = token.scope
        refreshable = !(token.refreshToken ?? "").isEmpty
        let parts = token.accessToken.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 3, let header = Self.object(parts[0]), let claims = Self.object(parts[1]) {
            jwtHeader = Self.lines(header)
            jwtClaims = Self.lines(claims)
        }
    }

    /// "valid until 14:03:11 (in 59 min 3 s)", "expired at 14:03:11", "valid (no expiry given)".
    package func validity(now: Date, timeZone: TimeZone = .current) -> String {
        guard let expiresAt else { return "valid (the provider gave no expiry)" }
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        formatter.timeZone = timeZone
        let time = formatter.string(from: expiresAt)
        let left = Int(expiresAt.timeIntervalSince(now).rounded(.down))
        guard left > 0 else { return "expired at \(time)" + (refreshable ? " (refreshed at the next send)" : "") }
        let countdown = left >= 60 ? "\(left / 60) min \(left % 60) s" : "\(left) s"
        return "valid until \(time) (in \(countdown))"
    }

    private static func object(_ segment: Substring) -> [String: Any]? {
        var text = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        guard let data = Data(base64Encoded: text) else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    private static func lines(_ object: [String: Any]) -> [String] {
        object.keys.sorted().map { key in
            let value = object[key] ?? NSNull()
            let text: String
            if let string = value as? String {
                text = string
            } else if JSONSerialization.isValidJSONObject(value),
                let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
            {
                text = String(decoding: data, as: UTF8.self)
            } else {
                text = "\(value)"
            }
            return "\(key): \(text)"
        }
    }
}
