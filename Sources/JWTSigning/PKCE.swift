import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636) with S256: a random verifier the client keeps, and its
/// SHA-256 challenge that travels in the authorization URL. Here because this module holds the
/// project's SHA-256 and base64url for tokens.
package enum PKCE {
    /// 32 random bytes as base64url: 43 characters of the unreserved set (§4.1).
    package static func verifier() -> String {
        randomToken(bytes: 32)
    }

    /// `BASE64URL(SHA256(ASCII(verifier)))` (§4.2).
    package static func challenge(for verifier: String) -> String {
        JWTSigner.base64URL(Array(SHA256.hash(data: Array(verifier.utf8))))
    }

    /// `bytes` random bytes as base64url (the authorization request's `state` too).
    package static func randomToken(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return JWTSigner.base64URL((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
