import Foundation
package import HTTPCore

extension Redactor {
    /// The credentials a client sent in `headers` — `Authorization` and `Proxy-Authorization` (the
    /// whole value, the credential after its scheme, a Basic credential's decoded password), each
    /// cookie's value, and the other headers `HTTPHeaders.sensitiveNames` holds (`X-API-Key` …) —
    /// for masking wherever a server echoes them: a recorded body, a report.
    package static func credentials(sentIn headers: HTTPHeaders) -> [String] {
        var values: [String] = []
        for field in headers.fields {
            let name = field.name.lowercased()
            let value = field.value.trimmingCharacters(in: .whitespaces)
            guard HTTPHeaders.sensitiveNames.contains(name), name != "set-cookie", !value.isEmpty else { continue }
            switch name {
            case "cookie":
                for pair in value.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 { values.append(parts[1].trimmingCharacters(in: .whitespaces)) }
                }
            case "authorization", "proxy-authorization":
                values.append(value)
                guard let space = value.firstIndex(of: " ") else { continue }
                let credential = value[value.index(after: space)...].trimmingCharacters(in: .whitespaces)
                values.append(credential)
                if value[..<space].lowercased() == "basic", let data = Data(base64Encoded: credential),
                    let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":")
                {
                    values.append(String(decoded[decoded.index(after: colon)...]))
                }
            default:
                values.append(value)
            }
        }
        return values
    }

    /// Query item names that carry a credential by convention (`?api_key=…`, `?access_token=…`,
    /// AWS's presigned `X-Amz-Signature`), compared lower-cased with `-` and `_` left out.
    static let credentialQueryNames: Set<String> = [
        "apikey", "key", "token", "accesstoken", "authtoken", "idtoken", "refreshtoken", "secret", "clientsecret",
        "password", "pass", "signature", "sig", "xamzsignature", "xamzcredential", "xamzsecuritytoken", "code",
    ]

    /// The values of query items named as credentials in `query` (the URL's query text, still
    /// percent-encoded): the recording proxy masks them wherever they would be written (the
    /// route's matcher, its body file's name, an echo in the body), as it masks `Authorization`.
    package static func credentials(sentInQuery query: String) -> [String] {
        query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let name = (String(parts[0]).removingPercentEncoding ?? String(parts[0])).lowercased()
                .filter { $0 != "-" && $0 != "_" }
            guard credentialQueryNames.contains(name) else { return nil }
            let value = String(parts[1]).removingPercentEncoding ?? String(parts[1])
            return value.isEmpty ? nil : value
        }
    }
}
