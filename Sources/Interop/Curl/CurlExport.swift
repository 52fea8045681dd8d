import Foundation
import HTTPCore
import TerminalText
package import Workspace

/// Requests as curl command lines that send what Lazer sends: the resolved URL, headers, body
/// (text as `--data-raw`, forms encoded exactly as Lazer encodes them, multipart parts as `-F` /
/// `--form-string`, files as `--data-binary @path` with the Content-Type Lazer would use),
/// authentication and options. A secret variable's value is written as the shell variable
/// `$LAZER_VAR_<name>` (`CurlSecretWords`) and other secret values are masked (`••••••`), unless
/// revealed. Arguments are quoted for POSIX shells; `CurlImport` reads every command back.
package enum CurlExport {
    /// One command per selected request, each after a `# Folder/Name` comment, separated by blank
    /// lines; unresolved variables are listed in comments above their command.
    package static func commands(_ input: ExportInput) -> String {
        String(decoding: output(input).bytes, as: UTF8.self)
    }

    /// ``commands(_:)``, with a warning for each secret variable a request uses that has no value
    /// (written as nothing: `Authorization: Bearer ` sent without a word was a 401 to puzzle over).
    package static func output(_ input: ExportInput) -> ExportOutput {
        var blocks: [String] = []
        var warnings = ExportReport()
        for location in input.selection {
            let resolution = ExportResolution(
                location.request, in: input.document, environment: input.environment,
                processEnvironment: input.processEnvironment)
            let place = (location.folderPath + [location.request.name]).joined(separator: "/")
            var lines = ["# " + comment(place)]
            for problem in resolution.problems { lines.append("# not resolved: " + comment(problem.description)) }
            for item in leftOut(resolution.resolved) {
                lines.append("# " + item.comment)
                warnings.add(item.warning, at: place, kept: "left out")
            }
            for name in resolution.resolved.emptySecrets {
                let variable = CurlSecretWords.shellVariable(for: name)
                lines.append("# no value: the secret {{\(comment(name))}} is empty (set it, or $\(variable))")
                warnings.add(
                    "the secret {{\(name)}} has no value", at: place,
                    kept: "written as nothing; set it in the explorer (F4) or as $\(variable)")
            }
            let made = commandAndVariables(
                resolution.resolved, baseURL: resolution.baseURL, redactor: resolution.redactor,
                reveal: input.revealSecrets, multiline: true)
            if !made.variables.isEmpty {
                lines.append("# secrets as shell variables: set " + made.variables.joined(separator: ", ") + " first")
            }
            // A value holding a secret's value that no shell variable stands for (a Basic
            // credential, a body or URL that contains a secret) is masked: the command does not
            // send what the request sends, which must not go unsaid.
            // (A secret without a value is said above; its credential header is masked whole.)
            if !input.revealSecrets, resolution.resolved.emptySecrets.isEmpty, made.text.contains(Redactor.mask) {
                lines.append("# masked: a value here holds a secret's value (--reveal-secrets writes it as it is)")
                warnings.add(
                    "a value holding a secret's value", at: place,
                    kept: "masked as \(Redactor.mask); --reveal-secrets writes it as it is")
            }
            lines.append(made.text)
            blocks.append(lines.joined(separator: "\n"))
        }
        return ExportOutput(bytes: Array((blocks.joined(separator: "\n\n") + "\n").utf8), warnings: warnings)
    }

    /// What a send makes each time and a curl command cannot carry: its short name (Copy as
    /// curl's notice), the export's comment above the command and its warning on stderr.
    package struct LeftOut: Sendable, Equatable {
        package var name: String
        var comment: String
        var warning: String
    }

    /// The signed JWT, the oauth2 token and the SigV4 signature `request` goes without.
    package static func leftOut(_ request: ResolvedRequest) -> [LeftOut] {
        var items: [LeftOut] = []
        if let jwt = request.jwt {
            items.append(
                LeftOut(
                    name: "the signed JWT",
                    comment:
                        "the \(jwt.algorithm.rawValue) JWT of \(comment(jwt.header)) is signed at each send: left out",
                    warning: "a JWT signed at each send"))
        }
        if let oauth = request.oauth {
            items.append(
                LeftOut(
                    name: "the oauth2 token",
                    comment: "the oauth2 token (\(oauth.grant.rawValue)) is fetched at each send: left out "
                        + "(add -H 'Authorization: Bearer <token>')",
                    warning: "an OAuth 2.0 token fetched at each send"))
        }
        if let signing = request.awsSigning {
            items.append(
                LeftOut(
                    name: "the AWS SigV4 signature",
                    comment: "the AWS SigV4 signature (\(comment(signing.region))/\(comment(signing.service))) "
                        + "is made at each send: left out",
                    warning: "an AWS SigV4 signature made at each send"))
        }
        return items
    }

    /// The command for one resolved request. `multiline` puts each option on its own line with
    /// ` \` continuations.
    package static func command(
        _ request: ResolvedRequest, baseURL: String?, redactor: Redactor, reveal: Bool, multiline: Bool = false
    ) -> String {
        commandAndVariables(request, baseURL: baseURL, redactor: redactor, reveal: reveal, multiline: multiline).text
    }

    /// ``command(_:baseURL:redactor:reveal:multiline:)`` and the shell variables it uses for
    /// secrets (`LAZER_VAR_token`), in order of use: empty when revealed or when no secret has a variable.
    package static func commandAndVariables(
        _ request: ResolvedRequest, baseURL: String?, redactor: Redactor, reveal: Bool, multiline: Bool = false
    ) -> (text: String, variables: [String]) {
        let hide: (String) -> String = reveal ? { $0 } : { redactor.redact($0) }
        var words = CurlSecretWords(request: request, redactor: redactor, reveal: reveal)
        var parts: [[String]] = []
        let hasBody = request.body != .none
        switch request.method {
        case .get where !hasBody, .post where hasBody: break
        case .head where !hasBody: parts.append(["--head"])
        // A custom method may hold characters the shell reads (`$`, `&`, `|`, `'`): quoted.
        default:
            parts.append(["-X", request.method.isStandard ? request.method.rawValue : quote(request.method.rawValue)])
        }
        var url = request.displayURL(baseURL: baseURL)
        if case .path = request.target, baseURL == nil { url = "{{baseURL}}" + url }
        // A URL that starts with `-` would be read as an option: `--url` says what it is.
        parts.append(url.hasPrefix("-") ? ["--url", words.word(url)] : [words.word(url)])
        var headerNames = Set<String>()
        for header in request.headers {
            headerNames.insert(header.name.lowercased())
            parts.append(["-H", words.header(name: header.name, value: header.value)])
        }
        if let command = request.commandAuth {
            // The shell runs the command when the curl command runs: `$(…)` inside double quotes.
            headerNames.insert(command.header.lowercased())
            parts.append([
                "-H", "\"" + doubleQuoted("\(command.header): \(command.prefix)") + "$(\(command.command))\"",
            ])
        }
        func contentType(_ type: String?) {
            if let type, !headerNames.contains("content-type") {
                parts.append(["-H", quote("Content-Type: \(type)")])
            }
        }
        switch request.body {
        case .none:
            break
        case .bytes(let bytes, let type):
            contentType(type)
            parts.append(["--data-raw", words.word(String(decoding: bytes, as: UTF8.self))])
        case .form(let fields):
            let encoded = FormURLEncoding.encode(fields.map { FormField(name: $0.name, value: $0.value) })
            parts.append(["--data-raw", words.word(encoded)])
        case .multipart(let bodyParts):
            for part in bodyParts { parts.append(formPart(part, hide: hide)) }
        case .file(let path, let type):
            if type == "" {
                // No Content-Type at all (`curl -T`): curl's own form type for --data-binary is removed.
                if !headerNames.contains("content-type") { parts.append(["-H", quote("Content-Type:")]) }
            } else {
                contentType(type ?? RequestBody.guessedContentType(forPath: path))
            }
            parts.append(["--data-binary", quote("@" + ExportedFilePath.absolute(path, from: ""))])
        }
        if let credentials = request.digestCredentials {
            let user = "\(credentials.username):\(credentials.password)"
            let hasVariable = request.secretNames[credentials.password] != nil
            let password = reveal || hasVariable ? credentials.password : Redactor.masked(credentials.password)
            parts.append([
                "--digest", "-u", hasVariable ? words.word(user) : quote("\(credentials.username):\(password)"),
            ])
        }
        switch request.challengeAuth {
        case .ntlm(let username, let password)?:
            let hasVariable = request.secretNames[password] != nil
            let shown = reveal || hasVariable ? password : Redactor.masked(password)
            parts.append([
                "--ntlm", "-u", hasVariable ? words.word("\(username):\(password)") : quote("\(username):\(shown)"),
            ])
        case .negotiate?:
            parts.append(["--negotiate", "-u", quote(":")])
        case nil: break
        }
        let options = request.options
        if options.verifyTLS == false { parts.append(["--insecure"]) }
        // curl follows nothing unless told; Lazer follows unless told not to.
        parts.append([options.followRedirects == false ? "--no-location" : "--location"])
        if let count = options.maxRedirects { parts.append(["--max-redirs", String(count)]) }
        if let seconds = options.timeoutSeconds { parts.append(["--max-time", number(seconds)]) }
        if let seconds = options.connectTimeoutSeconds { parts.append(["--connect-timeout", number(seconds)]) }
        if let proxy = options.proxy, !proxy.isEmpty { parts.append(["--proxy", words.word(proxy)]) }
        if let caFile = options.caFile, !caFile.isEmpty { parts.append(["--cacert", words.word(caFile)]) }
        if let certificate = options.clientCertificate, !certificate.isEmpty {
            // A `:` in the file name would start curl's passphrase: escaped as `\:`.
            parts.append(["--cert", words.word(certificate.replacingOccurrences(of: ":", with: "\\:"))])
            if let key = options.clientKey, !key.isEmpty { parts.append(["--key", words.word(key)]) }
            if let passphrase = options.clientKeyPassphrase, !passphrase.isEmpty {
                parts.append(["--pass", words.word(passphrase)])
            }
        }
        switch options.httpVersion {
        case .http10?: parts.append(["--http1.0"])
        case .http11?: parts.append(["--http1.1"])
        case .http2?: parts.append(["--http2"])
        case .http2PriorKnowledge?: parts.append(["--http2-prior-knowledge"])
        case nil: break
        }
        // Lazer always asks for compressed responses and decodes them.
        parts.append(["--compressed"])
        let joined = parts.map { $0.joined(separator: " ") }
        return ("curl " + joined.joined(separator: multiline ? " \\\n  " : " "), words.variables)
    }

    /// `-F` for a file or a text part with a content type, `--form-string` for a plain text part
    /// (so a value starting with `@` or `<` is sent as written).
    private static func formPart(_ part: ResolvedRequest.Part, hide: (String) -> String) -> [String] {
        if let resolved = part.filePath {
            let path = ExportedFilePath.absolute(resolved, from: "")
            var text = "\(part.name)=@\(formValue(path))"
            if let type = part.contentType { text += ";type=\(type)" }
            if let name = part.fileName, name != (path as NSString).lastPathComponent {
                text += ";filename=\(formValue(name))"
            }
            return ["-F", quote(text)]
        }
        let value = hide(part.value ?? "")
        if let type = part.contentType {
            return ["-F", quote("\(part.name)=\(formValue(value, always: true));type=\(type)")]
        }
        return ["--form-string", quote("\(part.name)=\(value)")]
    }

    /// A `-F` value in double quotes when it holds `;`, `,` or `"` (which curl would split on).
    private static func formValue(_ value: String, always: Bool = false) -> String {
        guard always || value.contains(where: { $0 == ";" || $0 == "," || $0 == "\"" }) else { return value }
        return "\"" + ScalarText.map(value) { $0 == "\\" || $0 == "\"" ? "\\" + String($0) : nil } + "\""
    }

    /// Text for a `#` comment: on one line, or the rest would be read as commands, with every
    /// control and invisible character shown by its visible form (`␛`, `<U+202E>`): a comment
    /// printed on a terminal must not drive it.
    /// `text` for the inside of a shell's double quotes (`\\`, `"`, `$` and backquotes escaped).
    private static func doubleQuoted(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\\"$`".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func comment(_ text: String) -> String {
        TerminalText.line(ScalarText.map(text) { $0 == "\n" || $0 == "\r" ? " " : nil })
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Single-quotes `text` for a POSIX shell (a quote inside becomes `'\''`). A control or
    /// invisible character (`TerminalText`'s set, but line feeds and tabs) goes in a `$'…'`
    /// segment as an escape of its UTF-8 bytes (`'a'$'\e''[31m'`, `$'\xc2\x9b'`): the shell
    /// sends the same bytes, and a command printed on a terminal cannot drive it.
    package static func quote(_ text: String) -> String {
        var output = ""
        var open: Character?  // `'` inside a single-quoted segment, `$` inside a `$'…'` one
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let unsafe = scalar != "\n" && scalar != "\t" && TerminalText.isUnsafe(scalar, after: previous)
            previous = scalar
            if unsafe {
                if open == "'" { output += "'" }
                if open != "$" { output += "$'" }
                open = "$"
                for byte in String(scalar).utf8 { output += ansiEscape(byte) }
            } else {
                if open == "$" { output += "'" }
                if open != "'" { output += "'" }
                open = "'"
                if scalar == "'" {
                    output += "'\\''"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return open == nil ? "''" : output + "'"
    }

    /// One byte inside bash's `$'…'`: `\e` and the other C names, else `\xHH`.
    private static func ansiEscape(_ byte: UInt8) -> String {
        switch byte {
        case 0x1B: return "\\e"
        case 0x07: return "\\a"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        case 0x0D: return "\\r"
        case 0x0B: return "\\v"
        default:
            let hex = String(byte, radix: 16)
            return "\\x" + (hex.count == 1 ? "0" : "") + hex
        }
    }
}
