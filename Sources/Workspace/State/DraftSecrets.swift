import Foundation

/// Drafts never hold a credential in clear (issue 35): before a draft is stored, the secret
/// fields of its auth (basic and digest passwords, bearer tokens, API key values) are replaced by
/// `withheld`, unless they are only `{{variable}}` references (the value is then in the secrets
/// store, never in the draft). A recovered draft takes the saved request's value back for a
/// withheld field (empty without one); one typed since the last save is gone, and the recovery
/// says so.
package enum DraftSecrets {
    /// What a withheld field holds in the drafts store.
    package static let withheld = "{{lazer:withheld}}"

    /// A draft (a collection-shaped object with its `requests`) with secret fields withheld.
    package static func withhold(inCollection collection: StoredJSON) -> StoredJSON {
        guard case .object(var members) = collection,
            let index = members.firstIndex(where: { $0.key == "requests" }),
            case .array(let requests) = members[index].value
        else { return collection }
        members[index].value = .array(requests.map(withhold(inRequest:)))
        return .object(members)
    }

    static func withhold(inRequest request: StoredJSON) -> StoredJSON {
        guard case .object(var members) = request, let index = members.firstIndex(where: { $0.key == "auth" }),
            case .object(var auth) = members[index].value
        else { return request }
        let secretKeys: Set<String> =
            auth.contains { $0.key == "type" && $0.value == .string("apiKey") }
            ? ["value"] : ["password", "token", "secretAccessKey", "sessionToken", "secret"]
        for field in auth.indices where secretKeys.contains(auth[field].key) {
            if case .string(let text) = auth[field].value, !text.isEmpty, !isOnlyReferences(text) {
                auth[field].value = .string(withheld)
            }
        }
        members[index].value = .object(auth)
        return .object(members)
    }

    /// Puts the saved request's values back into withheld fields. Returns the draft and whether
    /// any field was withheld (a value typed since the last save may be lost: say so).
    package static func restore(_ draft: SavedRequest, saved: SavedRequest?) -> (SavedRequest, lostSecret: Bool) {
        var draft = draft
        var lost = false
        func back(_ value: String, _ savedValue: String?) -> String {
            guard value == withheld else { return value }
            lost = true
            return savedValue ?? ""
        }
        let savedScheme = saved?.auth.scheme
        switch draft.auth.scheme {
        case .basic(let username, let password):
            var savedPassword: String?
            if case .basic(_, let value)? = savedScheme { savedPassword = value }
            draft.auth.scheme = .basic(username: username, password: back(password, savedPassword))
        case .digest(let username, let password):
            var savedPassword: String?
            if case .digest(_, let value)? = savedScheme { savedPassword = value }
            draft.auth.scheme = .digest(username: username, password: back(password, savedPassword))
        case .bearer(let token):
            var savedToken: String?
            if case .bearer(let value)? = savedScheme { savedToken = value }
            draft.auth.scheme = .bearer(token: back(token, savedToken))
        case .apiKey(let name, let value, let location):
            var savedValue: String?
            if case .apiKey(_, let value, _)? = savedScheme { savedValue = value }
            draft.auth.scheme = .apiKey(name: name, value: back(value, savedValue), location: location)
        case .awsSigV4(var aws):
            var savedAWS: AWSSigV4Auth?
            if case .awsSigV4(let value)? = savedScheme { savedAWS = value }
            aws.secretAccessKey = back(aws.secretAccessKey, savedAWS?.secretAccessKey)
            aws.sessionToken = back(aws.sessionToken, savedAWS?.sessionToken)
            draft.auth.scheme = .awsSigV4(aws)
        case .oauth2(var oauth):
            var savedOAuth: OAuth2Auth?
            if case .oauth2(let value)? = savedScheme { savedOAuth = value }
            oauth.clientSecret = back(oauth.clientSecret, savedOAuth?.clientSecret)
            oauth.password = back(oauth.password, savedOAuth?.password)
            oauth.refreshToken = back(oauth.refreshToken, savedOAuth?.refreshToken)
            draft.auth.scheme = .oauth2(oauth)
        case .jwt(var jwt):
            var savedJWT: JWTAuth?
            if case .jwt(let value)? = savedScheme { savedJWT = value }
            jwt.secret = back(jwt.secret, savedJWT?.secret)
            draft.auth.scheme = .jwt(jwt)
        case .ntlm(var ntlm):
            var savedNTLM: NTLMAuth?
            if case .ntlm(let value)? = savedScheme { savedNTLM = value }
            ntlm.password = back(ntlm.password, savedNTLM?.password)
            draft.auth.scheme = .ntlm(ntlm)
        case .none, .inherit, .command, .negotiate:
            break
        }
        return (draft, lost)
    }

    /// A credential typed as itself: not empty, and not only `{{variable}}` references (the
    /// explorer offers to make it a secret; an import makes it one).
    package static func isWrittenAsItself(_ text: String) -> Bool {
        !text.trimmingCharacters(in: .whitespaces).isEmpty && !isOnlyReferences(text)
    }

    /// A credential header's value typed as itself: as `isWrittenAsItself`, after the scheme
    /// word (`Bearer {{token}}` is a reference: Postman writes its bearer auth so).
    package static func isHeaderWrittenAsItself(_ value: String) -> Bool {
        let trimmed = value.drop { $0 == " " }
        if let space = trimmed.firstIndex(of: " "),
            trimmed[..<space].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }),
            isOnlyReferences(String(trimmed[space...]))
        {
            return false
        }
        return isWrittenAsItself(value)
    }

    /// Whether `text` is nothing but `{{name}}` references (and spaces between them).
    package static func isOnlyReferences(_ text: String) -> Bool {
        var rest = Substring(text).drop { $0 == " " }
        guard !rest.isEmpty else { return false }
        while !rest.isEmpty {
            guard rest.hasPrefix("{{"), let close = rest.range(of: "}}") else { return false }
            rest = rest[close.upperBound...].drop { $0 == " " }
        }
        return true
    }
}
