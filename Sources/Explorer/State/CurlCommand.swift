import Foundation
import Workspace

/// A resolved request as a `curl` command line a user can paste into a shell: single-quoted
/// arguments, one option per header, the body inline (files as `@path`). Secrets are masked
/// unless `reveal` is asked for explicitly.
public enum CurlCommand {
    public static func make(_ preview: RequestPreview, reveal: Bool) -> String {
        let request = preview.resolved
        let hide: (String) -> String = reveal ? { $0 } : { preview.redactor.redact($0) }
        var url = request.displayURL(baseURL: preview.baseURL)
        url = hide(url)
        var parts = ["curl"]
        if request.method != .get { parts += ["-X", request.method.rawValue] }
        parts.append(quote(url))
        for header in request.headers {
            let value =
                reveal ? header.value : preview.redactor.redactHeader(name: header.name, value: header.value)
            parts += ["-H", quote("\(header.name): \(value)")]
        }
        switch request.body {
        case .none: break
        case .bytes(let bytes, let contentType):
            if let contentType, !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                parts += ["-H", quote("Content-Type: \(contentType)")]
            }
            parts += ["--data-raw", quote(hide(String(decoding: bytes, as: UTF8.self)))]
        case .form(let fields):
            for field in fields { parts += ["--data-urlencode", quote(hide("\(field.name)=\(field.value)"))] }
        case .multipart(let partsOfBody):
            for part in partsOfBody {
                if let path = part.filePath {
                    parts += ["-F", quote("\(part.name)=@\(path)" + (part.contentType.map { ";type=\($0)" } ?? ""))]
                } else {
                    parts += ["-F", quote(hide("\(part.name)=\(part.value ?? "")"))]
                }
            }
        case .file(let path, _):
            parts += ["--data-binary", quote("@" + path)]
        }
        if let credentials = request.digestCredentials {
            let password = reveal ? credentials.password : Redactor.masked(credentials.password)
            parts += ["--digest", "-u", quote("\(credentials.username):\(password)")]
        }
        if request.options.verifyTLS == false { parts.append("--insecure") }
        if request.options.followRedirects == true { parts.append("--location") }
        return parts.joined(separator: " ")
    }

    /// Single-quotes `text` for a POSIX shell (a quote inside becomes `'\''`).
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
