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
}
