import ArgumentParser
import Foundation
import HTTPCore
import Interop
import JSONTree
import RegularFiles
import TerminalText
import Workspace

/// Turns `lazer send`'s arguments into an `HTTPRequest`, or a `ValidationError` (exit 2) that says
/// exactly which argument is wrong.
struct SendRequestBuilder {
    let command: SendCommand
    /// Fills `{{…}}` in the URL, headers and body from `--var` (see `SendTemplates`).
    let templates: SendTemplates

    init(command: SendCommand, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.command = command
        templates = try SendTemplates(vars: command.variables, environment: environment)
    }

    func request() throws -> HTTPRequest {
        var templates = templates
        let (methodText, rawURL) = try methodAndURL()
        let urlText = templates.fill(rawURL, at: "the URL")
        var request = HTTPRequest(method: try method(methodText), url: try url(urlText))
        for (index, rawHeader) in command.headers.enumerated() {
            let header = templates.fill(rawHeader, at: "-H #\(index + 1)")
            guard let colon = header.firstIndex(of: ":") else {
                throw ValidationError(TerminalText.line("-H '\(header)': expected 'Name: value'."))
            }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                throw ValidationError(TerminalText.line("-H '\(header)': the header name is empty."))
            }
            request.headers.add(name: name, value: value)
        }
        do {
            try request.headers.validate()
        } catch {
            let translation = ErrorTranslator.standard.translate(error)
            throw ValidationError(TerminalText.line("\(translation.title): \(translation.explanation)"))
        }
        try setBody(&request, &templates)
        try templates.check()
        var options = RequestOptions()
        if let timeout = command.timeout {
            // At most 2^31 - 1 ms (24.8 days): the transport's limit, and no Double → Int64 overflow.
            guard timeout > 0, timeout <= Self.maximumTimeout else {
                throw ValidationError(
                    "--timeout must be a positive number of seconds, at most \(Int(Self.maximumTimeout)).")
            }
            // Rounded up: a fraction of a millisecond must not become 0 ("no timeout").
            options.totalTimeout = .milliseconds(max(1, Int64((timeout * 1000).rounded(.up))))
        }
        options.verifyTLS = !command.insecure
        if let caCert = command.caCert {
            guard FileManager.default.isReadableFile(atPath: caCert) else {
                throw ValidationError("--cacert \(caCert): no such readable file.")
            }
            options.caFile = caCert
        }
        if command.clientKey != nil, command.clientCert == nil {
            throw ValidationError("--key needs --cert (the certificate it belongs to).")
        }
        if let certificate = command.clientCert {
            for (option, path) in [("--cert", certificate), ("--key", command.clientKey)] {
                guard let path else { continue }
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw ValidationError("\(option) \(path): no such readable file.")
                }
            }
            options.clientCertificate = ClientCertificate(
                certificatePath: certificate, privateKeyPath: command.clientKey)
        }
        if let proxy = command.proxy {
            guard let proxyURL = URL(string: proxy), let scheme = proxyURL.scheme?.lowercased(),
                ["http", "https", "socks5", "socks5h", "socks4", "socks4a"].contains(scheme)
            else {
                throw ValidationError(
                    "--proxy \(proxy): expected http://, https://, socks5:// or socks5h:// and a host.")
            }
            options.proxy = proxy
        }
        if let proxyCACert = command.proxyCACert {
            guard FileManager.default.isReadableFile(atPath: proxyCACert) else {
                throw ValidationError("--proxy-cacert \(proxyCACert): no such readable file.")
            }
            options.proxyCAFile = proxyCACert
        }
        if command.http2 { options.httpVersion = .http2 }
        if command.follow, command.noFollow { throw ValidationError("--follow and --no-follow contradict each other.") }
        options.followRedirects = !command.noFollow
        options.maxRedirects = SavedOptions.defaultMaxRedirects
        if let most = command.maxRedirects {
            guard (0...100).contains(most) else { throw ValidationError("--max-redirects must be from 0 to 100.") }
            options.maxRedirects = most
        }
        request.options = options
        return request
    }

    /// `[METHOD] URL`: one or two positional arguments.
    private func methodAndURL() throws -> (String?, String) {
        switch command.target.count {
        case 1:
            let only = command.target[0]
            if HTTPMethod.standard.contains(where: { $0.rawValue == only }) {
                throw ValidationError("Missing URL after \(only).")
            }
            return (nil, only)
        case 2: return (command.target[0], command.target[1])
        default: throw ValidationError("Expected [METHOD] URL, got \(command.target.count) arguments.")
        }
    }

    private var hasBody: Bool {
        command.data != nil || command.json != nil || command.dataFile != nil || !command.form.isEmpty
            || command.graphql != nil
    }

    private func method(_ text: String?) throws -> HTTPMethod {
        guard let text else { return hasBody ? .post : .get }
        do {
            return try HTTPMethod(token: text.uppercased() == text.lowercased() ? text : text.uppercased())
        } catch {
            throw ValidationError("'\(text)' is not an HTTP method.")
        }
    }

    /// The longest `--timeout`, in seconds: 2^31 - 1 milliseconds.
    static let maximumTimeout = Double(Int32.max) / 1000

    /// Accepts `host/path` and `:8080/path` shorthands for `http://`.
    private func url(_ text: String) throws -> URL {
        var candidate = text
        if candidate.hasPrefix(":") { candidate = "localhost" + candidate }
        if !candidate.contains("://") { candidate = "http://" + candidate }
        // The serializer keeps valid %XX escapes and encodes only what must be (URL(string:)
        // would turn `%41|` into `%2541%7C`).
        let url: URL
        do {
            url = try URLSerializer.url(absolute: candidate)
        } catch .unsupportedScheme {
            throw ValidationError("'\(text)': only http:// and https:// URLs can be sent.")
        } catch {
            throw ValidationError("'\(text)' is not a valid URL.")
        }
        if let port = url.port, !(0...65535).contains(port) {
            throw ValidationError("'\(text)': the port \(port) is not between 0 and 65535.")
        }
        return url
    }

    private func setBody(_ request: inout HTTPRequest, _ templates: inout SendTemplates) throws {
        let bodies = [
            command.data != nil, command.json != nil, command.dataFile != nil, !command.form.isEmpty,
            command.graphql != nil,
        ]
        guard bodies.filter({ $0 }).count <= 1 else {
            throw ValidationError("Give only one of -d, --json, --data-file, -F/--form and --graphql.")
        }
        if let graphql = command.graphql {
            try SendGraphQL(command: command, path: graphql).apply(to: &request)
            return
        }
        if let data = command.data.map({ templates.fill($0, at: "--data") }) {
            request.setBody(data: Data(data.utf8))
            if !request.headers.contains("Content-Type") {
                request.headers["Content-Type"] = "application/x-www-form-urlencoded"
            }
        } else if let json = command.json.map({ templates.fill($0, at: "--json") }) {
            do {
                _ = try JSONDocument(text: json)
            } catch {
                throw ValidationError("--json is not valid JSON: \(error.description)")
            }
            request.setJSONBody(string: json)
            if !request.headers.contains("Accept") { request.headers["Accept"] = "application/json" }
        } else if let path = command.dataFile {
            try Self.checkUpload(path, option: "--data-file \(path)")
            let contentType = request.headers["Content-Type"]
            request.setFileBody(path: path, contentType: contentType)
        } else if !command.form.isEmpty {
            let fields = command.form.enumerated().map { templates.fill($1, at: "-F #\($0 + 1)") }
            request.setMultipartBody(try fields.map(Self.part))
        }
    }

    private static func part(_ field: String) throws -> MultipartPart {
        guard let equals = field.firstIndex(of: "="), equals != field.startIndex else {
            throw ValidationError("-F '\(field)': expected name=value or name=@path.")
        }
        let name = String(field[..<equals])
        let value = String(field[field.index(after: equals)...])
        // curl's `;type=` and `;filename=` after the content (`doc=@f.csv;type=text/csv`).
        guard value.hasPrefix("@") else {
            let (text, parameters) = CurlFormField.split(value)
            // A text keeps its `;` unless all that follows is a `;type=` (`a;b` is sent as it is).
            guard let type = parameters["type"], parameters.count == 1 else { return .text(name, value) }
            return MultipartPart(name: name, content: .text(text), contentType: type)
        }
        let (path, parameters) = CurlFormField.split(String(value.dropFirst()))
        if let unknown = parameters.keys.sorted().first(where: { $0 != "type" && $0 != "filename" }) {
            throw ValidationError(
                TerminalText.line("-F '\(field)': ;\(unknown)= is not supported (only ;type= and ;filename=)."))
        }
        try checkUpload(path, option: "-F '\(field)'")
        return .file(name, path: path, filename: parameters["filename"], contentType: parameters["type"])
    }

    /// An upload must be a readable regular file: its size is sent first and it is read on the
    /// network thread, where a FIFO or a device would block or never end. A pipe or a process
    /// substitution is refused rather than sent short.
    private static func checkUpload(_ path: String, option: String) throws {
        do {
            try RegularFile.check(path, limit: Int.max)
        } catch {
            // A system error (missing, unreadable) keeps the plain message; a refusal says why.
            guard error.errorNumber == nil else {
                throw ValidationError(TerminalText.line("\(option): no such readable file."))
            }
            throw ValidationError(TerminalText.line("\(option): \(error.reason).") + " Save the data to a file first.")
        }
    }
}
