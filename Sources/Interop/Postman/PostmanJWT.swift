import Workspace

/// Postman's `jwt` auth (algorithm, secret or private key, payload, header prefix) as Lazer's
/// `jwt` auth, and back. Postman sends the payload as written; Lazer adds `iat` and `exp` unless
/// they are set, which the report says.
enum PostmanJWT {
    static func read(
        _ parameter: (String) -> String?, at location: ImportLocation, report: inout ImportReport
    ) -> PostmanAuth {
        let name = (parameter("algorithm") ?? "HS256").uppercased()
        guard let algorithm = JWTAuth.Algorithm(rawValue: name) else {
            report.add(
                "JWT signed with \(name) (Lazer signs HS256, RS256 and ES256)", at: location, kept: "sent without auth")
            return .auth(SavedAuth(.none))
        }
        var jwt = JWTAuth(algorithm: algorithm)
        jwt.secret = (algorithm == .hs256 ? parameter("secret") : parameter("privateKey")) ?? ""
        if parameter("isSecretBase64Encoded") == "true" {
            report.add(
                "a base64-encoded JWT secret", at: location,
                kept: "used as written: put the decoded secret in its place")
        }
        if let payload = parameter("payload"), !payload.isEmpty {
            if let claims = try? StoredJSON(parsing: payload), case .object = claims {
                jwt.claims = claims
            } else {
                report.add("a JWT payload that is not a JSON object", at: location, kept: "no claims")
            }
        }
        if let text = parameter("header"), let header = try? StoredJSON(parsing: text),
            case .object(let members) = header
        {
            for member in members {
                if member.key == "kid", let kid = member.value.stringValue {
                    jwt.keyID = kid
                } else if member.key != "alg", member.key != "typ" {
                    report.add("JWT header field \"\(member.key)\"", at: location, kept: "left out")
                }
            }
        }
        let prefix = parameter("headerPrefix") ?? "Bearer"
        jwt.prefix = prefix.isEmpty ? "" : prefix + " "
        if parameter("addTokenTo") == "queryParam" {
            report.add("a JWT sent in the query string", at: location, kept: "sent in the Authorization header instead")
        }
        return .auth(SavedAuth(.jwt(jwt)))
    }

    /// Postman's parameters for `jwt`, with what Postman cannot hold reported.
    static func parameters(
        _ jwt: JWTAuth, place: String, report: inout ExportReport
    ) -> [(String, String)] {
        var pairs = [
            ("algorithm", jwt.algorithm.rawValue), ("isSecretBase64Encoded", "false"),
            ("payload", jwt.claims.prettyPrinted().trimmingTrailingNewline), ("addTokenTo", "header"),
            ("headerPrefix", jwt.prefix.hasSuffix(" ") ? String(jwt.prefix.dropLast()) : jwt.prefix),
            ("queryParamKey", "token"),
            (
                "header",
                jwt.keyID.isEmpty ? "{}" : StoredJSON.object([StoredJSON.Member("kid", .string(jwt.keyID))]).compact()
            ),
        ]
        if jwt.algorithm == .hs256 {
            pairs.append(("secret", jwt.secret))
        } else if !jwt.privateKeyFile.isEmpty {
            report.add(
                "JWT private key file \(jwt.privateKeyFile) (Postman holds the PEM text itself)", at: place,
                kept: "left out: paste the key into Postman")
        } else {
            pairs.append(("privateKey", jwt.secret))
        }
        if jwt.header != CommandAuth.defaultHeader {
            report.add("JWT sent in the \(jwt.header) header", at: place, kept: "Postman sends it in Authorization")
        }
        report.add(
            "JWT iat and exp added at each send (lifetime \(StoredJSON.double(jwt.lifetimeSeconds).compact()) s)",
            at: place, kept: "Postman sends the payload as written")
        return pairs
    }
}

extension String {
    fileprivate var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
