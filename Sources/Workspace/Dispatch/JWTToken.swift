import JWTSigning
import RegularFiles

/// The token of `jwt` auth, made when the request is prepared: the header
/// (`{"alg":…,"kid":…,"typ":"JWT"}`, members sorted as PyJWT writes them), the claims with `iat`
/// and `exp` added unless set, signed with the secret or the PEM key file.
enum JWTToken {
    /// Larger than any PEM private key.
    static let keyFileLimit = 64 * 1024

    static func make(_ jwt: ResolvedRequest.JWTSigning, now: Double) throws(JWTTokenError) -> String {
        let key: String
        if jwt.privateKeyFile.isEmpty {
            key = jwt.secret
        } else {
            let bytes: [UInt8]?
            do throws(FileSystemError) {
                bytes = try RegularFile.read(jwt.privateKeyFile, limit: keyFileLimit)
            } catch {
                throw .unreadableKeyFile(error.description)
            }
            guard let bytes else { throw .noKeyFile(jwt.privateKeyFile) }
            key = String(decoding: bytes, as: UTF8.self)
        }
        let algorithm: JWTAlgorithm =
            switch jwt.algorithm {
            case .hs256: .hs256
            case .rs256: .rs256
            case .es256: .es256
            }
        do throws(JWTSigningError) {
            let signer = try JWTSigner(algorithm: algorithm, key: key)
            return try signer.token(
                header: Array(header(jwt).compact().utf8), claims: Array(claims(jwt, now: now).compact().utf8))
        } catch {
            throw .signing(error.description)
        }
    }

    static func header(_ jwt: ResolvedRequest.JWTSigning) -> StoredJSON {
        var members = [StoredJSON.Member("alg", .string(jwt.algorithm.rawValue))]
        if !jwt.keyID.isEmpty { members.append(StoredJSON.Member("kid", .string(jwt.keyID))) }
        members.append(StoredJSON.Member("typ", .string("JWT")))
        return .object(members)
    }

    /// The claims as written, then `iat` (now, whole seconds) and `exp` (`iat` + the lifetime)
    /// where the claims do not set them.
    static func claims(_ jwt: ResolvedRequest.JWTSigning, now: Double) -> StoredJSON {
        guard case .object(var members) = jwt.claims else { return jwt.claims }
        let issued = Int(now.rounded(.down))
        if !members.contains(where: { $0.key == "iat" }) { members.append(StoredJSON.Member("iat", .integer(issued))) }
        if !members.contains(where: { $0.key == "exp" }) {
            members.append(StoredJSON.Member("exp", .integer(issued + Int(jwt.lifetimeSeconds.rounded(.up)))))
        }
        return .object(members)
    }
}

/// Why a `jwt` auth's token could not be made: a send's problem.
enum JWTTokenError: Error, CustomStringConvertible {
    case noKeyFile(String)
    case unreadableKeyFile(String)
    case signing(String)

    var description: String {
        switch self {
        case .noKeyFile(let path): "the JWT's private key file \(path) does not exist"
        case .unreadableKeyFile(let reason): "the JWT's private key file could not be read: \(reason)"
        case .signing(let reason): reason
        }
    }
}
