import Crypto
import CryptoExtras
import Foundation

/// The JWS algorithms `jwt` auth and oauth2's `private_key_jwt` sign with (RFC 7518): HMAC, RSA
/// PKCS#1 v1.5, RSA-PSS (salt as long as the digest, as §3.5 wants) and ECDSA P-256, each over SHA-256.
package enum JWTAlgorithm: String, Sendable, CaseIterable {
    case hs256 = "HS256"
    case rs256 = "RS256"
    case es256 = "ES256"
    case ps256 = "PS256"

    /// Whether its key is a shared secret (HS256) rather than a private key in PEM.
    package var usesSharedSecret: Bool { self == .hs256 }
}

/// Signs JSON Web Tokens (RFC 7519, compact JWS) with a key read once: the token a `jwt` auth
/// sends. Knows nothing of collections: it gets the header's and claims' JSON bytes as they are
/// to be encoded.
package struct JWTSigner: Sendable {
    private enum Key: Sendable {
        case hmac(SymmetricKey)
        case rsa(_RSA.Signing.PrivateKey)
        case ecdsa(P256.Signing.PrivateKey)
    }

    package let algorithm: JWTAlgorithm
    private let key: Key

    /// - Parameter key: HS256's shared secret (its UTF-8 bytes), or RS256's / PS256's / ES256's private key
    ///   in PEM (`BEGIN PRIVATE KEY`, `BEGIN RSA PRIVATE KEY`, `BEGIN EC PRIVATE KEY`).
    package init(algorithm: JWTAlgorithm, key: String) throws(JWTSigningError) {
        self.algorithm = algorithm
        switch algorithm {
        case .hs256:
            guard !key.isEmpty else { throw .emptySecret }
            self.key = .hmac(SymmetricKey(data: Array(key.utf8)))
        case .rs256, .ps256:
            guard key.contains("-----BEGIN") else { throw .notPEM(algorithm) }
            do {
                self.key = .rsa(try _RSA.Signing.PrivateKey(pemRepresentation: key))
            } catch {
                throw .unreadableKey(algorithm, "\(error)")
            }
        case .es256:
            guard key.contains("-----BEGIN") else { throw .notPEM(algorithm) }
            do {
                self.key = .ecdsa(try P256.Signing.PrivateKey(pemRepresentation: key))
            } catch {
                throw .unreadableKey(algorithm, "\(error)")
            }
        }
    }

    /// `base64url(header).base64url(claims).base64url(signature)`.
    package func token(header: [UInt8], claims: [UInt8]) throws(JWTSigningError) -> String {
        let input = Self.base64URL(header) + "." + Self.base64URL(claims)
        return input + "." + Self.base64URL(try signature(of: Array(input.utf8)))
    }

    /// The JWS signature of `input` (the encoded header and claims with their dot): ECDSA's as
    /// the 64 bytes of r and s, as RFC 7518 §3.4 wants (not DER).
    package func signature(of input: [UInt8]) throws(JWTSigningError) -> [UInt8] {
        do {
            switch key {
            case .hmac(let secret):
                return Array(HMAC<SHA256>.authenticationCode(for: input, using: secret))
            case .rsa(let privateKey):
                let padding: _RSA.Signing.Padding = algorithm == .ps256 ? .PSS : .insecurePKCS1v1_5
                return Array(try privateKey.signature(for: input, padding: padding).rawRepresentation)
            case .ecdsa(let privateKey):
                return Array(try privateKey.signature(for: input).rawRepresentation)
            }
        } catch {
            throw .signingFailed("\(error)")
        }
    }

    /// Whether `token`'s signature is right for this key (tests check tokens made elsewhere).
    package func verifies(_ token: String) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = Self.decodeBase64URL(String(parts[2])) else { return false }
        let input = Array("\(parts[0]).\(parts[1])".utf8)
        switch key {
        case .hmac(let secret):
            return HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: input, using: secret)
        case .rsa(let privateKey):
            let rsa = _RSA.Signing.RSASignature(rawRepresentation: signature)
            let padding: _RSA.Signing.Padding = algorithm == .ps256 ? .PSS : .insecurePKCS1v1_5
            return privateKey.publicKey.isValidSignature(rsa, for: input, padding: padding)
        case .ecdsa(let privateKey):
            guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return privateKey.publicKey.isValidSignature(ecdsa, for: input)
        }
    }

    /// Base64url without padding (RFC 7515 §2).
    package static func base64URL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    package static func decodeBase64URL(_ text: String) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map(Array.init)
    }
}

/// Why a JWT could not be signed: said as the send's problem.
package enum JWTSigningError: Error, Sendable, Equatable, CustomStringConvertible {
    case emptySecret
    case notPEM(JWTAlgorithm)
    case unreadableKey(JWTAlgorithm, String)
    case signingFailed(String)

    package var description: String {
        switch self {
        case .emptySecret: "the JWT's HS256 secret is empty"
        case .notPEM(let algorithm):
            "the JWT's \(algorithm.rawValue) key is not a PEM private key (-----BEGIN PRIVATE KEY----- …)"
        case .unreadableKey(let algorithm, let reason):
            "the JWT's key is not a \(algorithm == .es256 ? "P-256 EC" : "RSA") private key (\(reason))"
        case .signingFailed(let reason): "the JWT could not be signed (\(reason))"
        }
    }
}
