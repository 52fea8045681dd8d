import Foundation
import HTTPCore
import Workspace

/// A selected request resolved for a load script (Locust, k6) the way a send resolves it, except
/// for what must be read when the script runs: secret variables (from `LAZER_VAR_<name>` in the
/// load test's environment, never written in the file unless `--reveal-secrets`) and variables a
/// capture sets (per user, from the earlier response). Everything else — collection, environment
/// and process variables, auth as headers — is filled in at export.
struct ScriptRequest {
    /// `Folder/Name`: the request's name in the script's statistics and in the report.
    var place: String
    var saved: SavedRequest
    var method: String
    /// An absolute URL, or a path joined to the script's host (`isPath`).
    var url: [ScriptPiece]
    var isPath: Bool
    var headers: [(name: String, value: [ScriptPiece])]
    /// The body as text; nil without one.
    var body: [ScriptPiece]?

    /// Every selected request, reporting what a load script cannot send, with warnings for what
    /// it sends as written or the same each time (unresolved variables, prompts, dynamic values).
    static func all(
        _ input: ExportInput, format: String, report: inout ExportReport, warnings: inout ExportReport
    ) -> [ScriptRequest] {
        let captured = Set(input.selection.flatMap { $0.request.captures.map(\.variable) })
        var document = input.document
        var environment = input.environment
        var processEnvironment = input.processEnvironment
        var dotenv: DotEnvFile?
        if !input.revealSecrets {
            document.collection.variables = document.collection.variables.map(marked)
            let environmentVariables = (environment?.variables ?? []).map(marked)
            environment?.variables = environmentVariables
            // A secret set as LAZER_VAR_<name> when exporting must not be resolved into the file either.
            for variable in document.collection.variables + (environment?.variables ?? []) where variable.secret {
                processEnvironment[CurlSecretWords.shellVariable(for: variable.name)] = nil
                processEnvironment[ProcessVariables.prefix + variable.name] = nil
            }
            // `{{$processEnv NAME}}` (a secret at send) is read from the script's own environment when
            // it runs, as Lazer reads it at send: its value is neither written into the file nor masked
            // there (a masked header sends bullets).
            for name in processEnvironment.keys where !name.hasPrefix(ProcessVariables.prefix) {
                processEnvironment[name] = ScriptPiece.marker("s", name)
            }
            // `{{$dotenv NAME}}` too: the script reads NAME from its environment (load the .env into it).
            let names = DotEnvFile.names(readIn: document.collection.fileText())
            if !names.isEmpty {
                dotenv = DotEnvFile(
                    path: DotEnvFile.fileName,
                    values: Dictionary(uniqueKeysWithValues: names.map { ($0, ScriptPiece.marker("s", $0)) }))
                warnings.add(
                    "{{$dotenv \(names.sorted().joined(separator: "}}, {{$dotenv "))}} read from the .env beside the collection",
                    at: document.collection.name,
                    kept: "read from the script's environment when it runs: load the .env into it")
            }
        }
        let captures = Dictionary(
            captured.map { ($0, VariableScope.Value(ScriptPiece.marker("c", $0))) }, uniquingKeysWith: { a, _ in a })
        return input.selection.map { location in
            let place = (location.folderPath + [location.request.name]).joined(separator: "/")
            let resolution = ExportResolution(
                location.request, in: document, environment: environment, captures: captures,
                processEnvironment: processEnvironment, dotenv: dotenv)
            for problem in resolution.problems {
                warnings.add(problem.description, at: place, kept: "sent as written")
            }
            for prompt in resolution.prompts {
                warnings.add("the prompt \"\(prompt.label)\"", at: place, kept: "sent as written")
            }
            for name in dynamicValues(in: location.request) {
                warnings.add(
                    "{{$\(name)}} is new at each send in Lazer", at: place,
                    kept: "computed once at export: every request of the script sends the same value")
            }
            let secrets = resolution.resolved.secretValues.filter { !$0.contains("\u{E000}") }
            let redactor =
                input.revealSecrets ? Redactor.none : Redactor(secrets: input.document.secretValues + secrets)
            return ScriptRequest(
                location.request, place: place, resolved: resolution.resolved, redactor: redactor, format: format,
                report: &report)
        }
    }

    /// The dynamic values written in the request that change at each send (`{{$uuid}}`,
    /// `{{$timestamp}}`…): the export computes them once.
    private static func dynamicValues(in request: SavedRequest) -> [String] {
        var texts = [request.url] + request.headers.map(\.value) + request.query.map(\.value)
        switch request.body.content {
        case .json(let json): texts.append(json.compact())
        case .jsonText(let text), .text(let text, _): texts.append(text)
        default: break
        }
        var names: [String] = []
        for text in texts {
            for part in text.components(separatedBy: "{{").dropFirst() {
                let inner = part.drop { $0 == " " }
                guard inner.first == "$" else { continue }
                let name = String(inner.dropFirst().prefix { $0.isLetter || $0 == "." })
                let steady = ["processEnv", "dotenv", "prompt", "select"]
                // Only the values Lazer computes: another name is sent as written (said once, by
                // the resolution's problem), not "computed once".
                let known = DynamicValues.names.contains(name) || DynamicValues.aliases[name] != nil
                if known, !steady.contains(name), !name.hasPrefix("env."), !names.contains(name) {
                    names.append(name)
                }
            }
        }
        return names
    }

    /// A secret variable's value replaced by its marker.
    private static func marked(_ variable: Variable) -> Variable {
        guard variable.secret else { return variable }
        var copy = variable
        copy.value = ScriptPiece.marker("s", CurlSecretWords.shellVariable(for: variable.name))
        return copy
    }

    private init(
        _ saved: SavedRequest, place: String, resolved: ResolvedRequest, redactor: Redactor, format: String,
        report: inout ExportReport
    ) {
        // A secret's value masked outside `{{references}}` (they name variables, holding no secret).
        let mask = { (literal: String) in PlaceholderText.mapLiterals(literal) { redactor.redact($0) } }
        let split = { (text: String) in ScriptPiece.split(text, literal: mask) }
        self.place = place
        self.saved = saved
        method = resolved.method.rawValue
        var target: String
        switch resolved.target {
        case .absolute(let text):
            target = text
            isPath = false
        case .path(let path):
            target = path
            isPath = true
        }
        var url = split(target)
        for (index, item) in resolved.query.enumerated() {
            url.append(.text(index == 0 && !target.contains("?") ? "?" : "&"))
            url += Self.encoded(split(item.name))
            url.append(.text("="))
            url += Self.encoded(split(item.value))
        }
        self.url = url
        var headers = resolved.headers.map { header in (name: header.name, value: Self.header(header, split: split)) }
        let hasContentType = headers.contains { $0.name.lowercased() == "content-type" }
        switch resolved.body {
        case .none: body = nil
        case .bytes(let bytes, let contentType):
            body = split(String(decoding: bytes, as: UTF8.self))
            // Lazer fills a JSON body's strings as JSON: a value read at run time is escaped there too.
            switch saved.body.content {
            case .json, .graphql:
                body = body?.map { piece in if case .text = piece { piece } else { .jsonEscaped([piece]) } }
            default: break
            }
            if let contentType, !hasContentType { headers.append((name: "Content-Type", value: [.text(contentType)])) }
        case .form(let fields):
            let encoded = fields.map {
                Self.formEncoded(split($0.name)) + [.text("=")] + Self.formEncoded(split($0.value))
            }
            body = Array(encoded.joined(separator: [.text("&")]))
            if !hasContentType {
                headers.append((name: "Content-Type", value: [.text("application/x-www-form-urlencoded")]))
            }
        case .multipart, .file:
            body = nil
            report.add("a multipart or file body (\(format) export sends text bodies only)", at: place)
        }
        self.headers = Self.joiningRepeated(headers, place: place, format: format, report: &report)
        Self.reportAuth(resolved, place: place, format: format, report: &report)
    }

    /// A header named more than once becomes one, its values joined as HTTP allows (`, `; a
    /// Cookie's with `; `): a script's headers are an object, whose later key would replace the earlier.
    private static func joiningRepeated(
        _ headers: [(name: String, value: [ScriptPiece])], place: String, format: String, report: inout ExportReport
    ) -> [(name: String, value: [ScriptPiece])] {
        var joined: [(name: String, value: [ScriptPiece])] = []
        var reported: Set<String> = []
        for header in headers {
            let key = header.name.lowercased()
            guard let at = joined.firstIndex(where: { $0.name.lowercased() == key }) else {
                joined.append(header)
                continue
            }
            var value = joined[at].value
            for piece in [.text(key == "cookie" ? "; " : ", ")] + header.value {
                // Neighbouring texts as one literal: `"one, two"`, not `"one" + ", " + "two"`.
                if case .text(let next) = piece, case .text(let last)? = value.last {
                    value[value.count - 1] = .text(last + next)
                } else {
                    value.append(piece)
                }
            }
            joined[at].value = value
            if reported.insert(key).inserted {
                report.add(
                    "the header \(header.name) given more than once (\(format) sends one value a name)", at: place,
                    kept: "sent once, its values joined with \(key == "cookie" ? "\"; \"" : "\", \"")")
            }
        }
        return joined
    }

    /// A header's value; a Basic credential holding a marker is rebuilt in base64 when the script runs.
    private static func header(_ header: ResolvedRequest.NameValue, split: (String) -> [ScriptPiece]) -> [ScriptPiece] {
        if header.name.lowercased() == "authorization", header.value.hasPrefix("Basic "),
            let data = Data(base64Encoded: String(header.value.dropFirst(6))),
            let decoded = String(data: data, encoding: .utf8), decoded.contains("\u{E000}")
        {
            return [.text("Basic "), .base64(split(decoded))]
        }
        return split(header.value)
    }

    /// Literal parts percent-encoded now, runtime parts when the script runs.
    private static func encoded(_ pieces: [ScriptPiece]) -> [ScriptPiece] {
        pieces.map { piece in
            if case .text(let text) = piece {
                .text(PlaceholderText.percentEncoded(text))
            } else {
                .queryEncoded([piece])
            }
        }
    }

    private static func formEncoded(_ pieces: [ScriptPiece]) -> [ScriptPiece] {
        pieces.map { piece in
            if case .text(let text) = piece {
                .text(FormURLEncoding.encode(component: text))
            } else {
                .queryEncoded([piece])
            }
        }
    }

    /// Auth a load script cannot do: it needs a token flow, a command, a signature or a challenge.
    private static func reportAuth(
        _ resolved: ResolvedRequest, place: String, format: String, report: inout ExportReport
    ) {
        let kept = "sent without it"
        if resolved.oauth != nil {
            report.add("OAuth 2.0 auth (\(format) export fetches no token)", at: place, kept: kept)
        }
        if resolved.awsSigning != nil { report.add("AWS Signature v4 auth", at: place, kept: kept) }
        if resolved.commandAuth != nil { report.add("command auth", at: place, kept: kept) }
        if resolved.jwt != nil { report.add("JWT auth signed at each send", at: place, kept: kept) }
        if resolved.digestCredentials != nil { report.add("Digest auth", at: place, kept: kept) }
        if resolved.challengeAuth != nil { report.add("NTLM or Negotiate auth", at: place, kept: kept) }
    }
}
