import Foundation
import HTTPCore
import JWTSigning
import RegularFiles

/// `private_key_jwt` client authentication (RFC 7523 §2.2, OpenID Connect Core §9): the form
/// fields that stand for the client secret — a JWT signed with the client's private key, made
/// anew for every token request so no two carry the same `jti`. iss = sub = the client id, aud =
/// the token endpoint, a life of two minutes. The key is read at each request (file or secret
/// text) and never kept.
enum OAuthClientAssertion {
    static let assertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// Well under the five minutes providers accept.
    static let lifetimeSeconds = 120

    /// `client_id`, `client_assertion_type` and `client_assertion` for a POST to `settings.tokenURL`.
    static func fields(
        _ settings: OAuthSettings, now: Date, jti: String = UUID().uuidString
    ) throws(OAuthClientAssertionError) -> [FormField] {
        let token = try make(settings, now: now, jti: jti)
        return [
            FormField(name: "client_id", value: settings.clientID),
            FormField(name: "client_assertion_type", value: assertionType),
            FormField(name: "client_assertion", value: token),
        ]
    }

    static func make(_ settings: OAuthSettings, now: Date, jti: String) throws(OAuthClientAssertionError) -> String {
        let key = try keyText(settings)
        let algorithm: JWTAlgorithm =
            switch settings.assertionAlgorithm {
            case .rs256: .rs256
            case .es256: .es256
            case .ps256: .ps256
            }
        var header = [StoredJSON.Member("alg", .string(algorithm.rawValue))]
        if !settings.keyID.isEmpty { header.append(StoredJSON.Member("kid", .string(settings.keyID))) }
        header.append(StoredJSON.Member("typ", .string("JWT")))
        let issued = Int(now.timeIntervalSince1970.rounded(.down))
        let claims: [StoredJSON.Member] = [
            .init("iss", .string(settings.clientID)), .init("sub", .string(settings.clientID)),
            .init("aud", .string(settings.tokenURL)), .init("jti", .string(jti)), .init("iat", .integer(issued)),
            .init("exp", .integer(issued + lifetimeSeconds)),
        ]
        do throws(JWTSigningError) {
            let signer = try JWTSigner(algorithm: algorithm, key: key)
            return try signer.token(
                header: Array(StoredJSON.object(header).compact().utf8),
                claims: Array(StoredJSON.object(claims).compact().utf8))
        } catch {
            throw .signing(error.description)
        }
    }

    private static func keyText(_ settings: OAuthSettings) throws(OAuthClientAssertionError) -> String {
        guard !settings.privateKeyFile.isEmpty else {
            guard !settings.privateKey.isEmpty else { throw .noKey }
            return settings.privateKey
        }
        let bytes: [UInt8]?
        do throws(FileSystemError) {
            bytes = try RegularFile.read(settings.privateKeyFile, limit: JWTToken.keyFileLimit)
        } catch {
            throw .unreadableKeyFile(error.description)
        }
        guard let bytes else { throw .noKeyFile(settings.privateKeyFile) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why no assertion could be made: a settings problem of the token request.
enum OAuthClientAssertionError: Error, CustomStringConvertible {
    case noKey
    case noKeyFile(String)
    case unreadableKeyFile(String)
    case signing(String)

    var description: String {
        switch self {
        case .noKey: "private_key_jwt needs a privateKey or a privateKeyFile, and both are empty"
        case .noKeyFile(let path): "the private_key_jwt key file \(path) does not exist"
        case .unreadableKeyFile(let reason): "the private_key_jwt key file could not be read: \(reason)"
        case .signing(let reason): "private_key_jwt: " + reason.replacingOccurrences(of: "the JWT's", with: "the")
        }
    }
}
