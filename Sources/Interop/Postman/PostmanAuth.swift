import Workspace

/// A Postman `auth` object in Lazer's terms. Postman lets folders and the collection carry auth
/// that requests inherit, and so does Lazer: the importer keeps it where it was set.
enum PostmanAuth {
    /// No `auth` here, or `"type": "inherit"`: the parent's auth applies.
    case inherit
    case auth(SavedAuth)

    /// Reads `value` (v2.1: parameters as `[{key, value}]`; v2.0: as an object), reporting schemes
    /// Lazer does not run. `rewrite` turns Postman placeholders into Lazer's.
    static func read(
        _ value: JSONValue?, report: inout ImportReport, rewrite: (String, String) -> String
    ) -> PostmanAuth {
        guard let value, value.isObject, let type = value["type"]?.string else { return .inherit }
        func parameter(_ name: String) -> String? {
            guard let section = value[type] else { return nil }
            if section.isArray {
                for item in section.items where item["key"]?.string == name {
                    return item["value"]?.text.map { rewrite($0, item.path) }
                }
                return nil
            }
            return section[name]?.text.map { rewrite($0, section.path) }
        }
        switch type {
        case "inherit": return .inherit
        case "noauth": return .auth(SavedAuth(.none))
        case "basic":
            return .auth(
                SavedAuth(.basic(username: parameter("username") ?? "", password: parameter("password") ?? "")))
        case "digest":
            if let realm = parameter("realm"), !realm.isEmpty {
                report.add(
                    "digest auth parameters (realm, nonce, …)", at: value.location,
                    kept: "username and password; the server's challenge supplies the rest")
            }
            return .auth(
                SavedAuth(.digest(username: parameter("username") ?? "", password: parameter("password") ?? "")))
        case "bearer":
            return .auth(SavedAuth(.bearer(token: parameter("token") ?? "")))
        case "apikey":
            let location: SavedAuth.APIKeyLocation = parameter("in") == "query" ? .query : .header
            return .auth(
                SavedAuth(
                    .apiKey(name: parameter("key") ?? "X-API-Key", value: parameter("value") ?? "", location: location))
            )
        case "awsv4":
            if parameter("addAuthDataToQuery") == "true" {
                report.add(
                    "AWS Signature v4 in the query string (presigned URL)", at: value.location,
                    kept: "signed in the Authorization header instead")
            }
            return .auth(
                SavedAuth(
                    .awsSigV4(
                        AWSSigV4Auth(
                            accessKeyID: parameter("accessKey") ?? "", secretAccessKey: parameter("secretKey") ?? "",
                            sessionToken: parameter("sessionToken") ?? "",
                            region: parameter("region").flatMap { $0.isEmpty ? nil : $0 } ?? "us-east-1",
                            service: parameter("service") ?? ""))))
        case "oauth2":
            switch PostmanOAuth2.read(parameter) {
            case .auth(let oauth):
                if let token = parameter("accessToken"), !token.isEmpty {
                    report.add(
                        "OAuth 2.0 access token saved in the collection", at: value.location,
                        kept: "the flow; Lazer fetches its own token when sending")
                }
                return .auth(SavedAuth(.oauth2(oauth)))
            case .unsupported(let what):
                report.add(what, at: value.location, kept: "sent without auth")
                return .auth(SavedAuth(.none))
            }
        case "ntlm":
            if let workstation = parameter("workstation"), !workstation.isEmpty {
                report.add(
                    "NTLM workstation \"\(workstation)\"", at: value.location, kept: "left out: libcurl sends its own")
            }
            return .auth(
                SavedAuth(
                    .ntlm(
                        NTLMAuth(
                            username: parameter("username") ?? "", password: parameter("password") ?? "",
                            domain: parameter("domain") ?? ""))))
        case "jwt":
            return PostmanJWT.read(parameter, at: value.location, report: &report)
        default:
            let names = [
                "oauth1": "OAuth 1.0 signature", "hawk": "Hawk auth", "akamai": "Akamai EdgeGrid auth",
                "edgegrid": "Akamai EdgeGrid auth", "asap": "ASAP auth",
            ]
            report.add(names[type] ?? "auth type \"\(type)\"", at: value.location, kept: "sent without auth")
            return .auth(SavedAuth(.none))
        }
    }
}
