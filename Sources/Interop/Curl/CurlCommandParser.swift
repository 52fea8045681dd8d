import Workspace

/// Reads the words of one `curl` command into invocations (one per `--next` section): options in
/// their long (`--header`), short (`-H`), attached (`-XPOST`, `-H'A: b'`) and clustered (`-sSL`)
/// forms, `--no-…` negations, and URLs. Unknown options and options Lazer cannot carry go to the
/// report with their position.
struct CurlCommandParser {
    let file: String
    var report = ImportReport()

    init(file: String) {
        self.file = file
    }

    private func location(_ word: ShellWord) -> ImportLocation {
        ImportLocation(file: file, line: word.line, column: word.column)
    }

    /// Parses the words after `curl`.
    mutating func parse(_ words: ArraySlice<ShellWord>) throws(ImportError) -> [CurlInvocation] {
        var invocations: [CurlInvocation] = []
        var current = CurlInvocation()
        var index = words.startIndex
        var endOfOptions = false
        while index < words.endIndex {
            let word = words[index]
            index += 1
            let text = word.text
            if endOfOptions || !text.hasPrefix("-") || text == "-" || word.quoted && !text.hasPrefix("-") {
                current.urls.append(.init(text: text, word: word))
                continue
            }
            if text == "--" {
                endOfOptions = true
                continue
            }
            if text.hasPrefix("--") {
                var name = String(text.dropFirst(2))
                var negated = false
                if CurlOptionSpec.byLong[name] == nil, name.hasPrefix("no-"),
                    CurlOptionSpec.byLong[String(name.dropFirst(3))] != nil
                {
                    name = String(name.dropFirst(3))
                    negated = true
                }
                guard let spec = CurlOptionSpec.byLong[name] else {
                    report.add("curl option \(text) (unknown)", at: location(word), kept: "ignored")
                    continue
                }
                var argument: CurlInvocation.Value?
                if spec.takesArgument {
                    guard index < words.endIndex else {
                        throw ImportError("curl option \(text) needs a value", at: location(word))
                    }
                    argument = .init(text: words[index].text, word: words[index])
                    index += 1
                }
                if spec.long == "next" {
                    invocations.append(current)
                    current = CurlInvocation()
                    continue
                }
                apply(spec, argument, negated: negated, word: word, to: &current)
                continue
            }
            // Short options, possibly clustered (`-sSL`) or with the value attached (`-XPOST`).
            var letters = Substring(text.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                guard let spec = CurlOptionSpec.byShort[letter] else {
                    report.add("curl option -\(letter) (unknown)", at: location(word), kept: "ignored")
                    continue
                }
                var argument: CurlInvocation.Value?
                if spec.takesArgument {
                    if !letters.isEmpty {
                        var attached = word
                        attached.text = String(letters)
                        argument = .init(text: String(letters), word: attached)
                        letters = ""
                    } else {
                        guard index < words.endIndex else {
                            throw ImportError("curl option -\(letter) needs a value", at: location(word))
                        }
                        argument = .init(text: words[index].text, word: words[index])
                        index += 1
                    }
                }
                if spec.long == "next" {
                    invocations.append(current)
                    current = CurlInvocation()
                    continue
                }
                apply(spec, argument, negated: false, word: word, to: &current)
            }
        }
        invocations.append(current)
        return invocations.filter { !$0.urls.isEmpty }
    }

    private mutating func apply(
        _ spec: CurlOptionSpec, _ argument: CurlInvocation.Value?, negated: Bool, word: ShellWord,
        to invocation: inout CurlInvocation
    ) {
        switch spec.role {
        case .ignored:
            return
        case .notCarried(let reason):
            // A passphrase or proxy credential is not repeated in the report.
            let secret = ["pass", "proxy-user", "proxy-header"].contains(spec.long)
            let shown = "--\(spec.long)" + (argument.map { " " + (secret ? Redactor.mask : $0.text) } ?? "")
            report.add("curl option \(shown): \(reason)", at: location(word))
            return
        case .handled:
            break
        }
        let value = argument ?? .init(text: "", word: word)
        switch spec.long {
        case "request": invocation.method = value
        case "header": invocation.headers.append(value)
        case "data", "data-ascii": invocation.data.append((.ascii, value))
        case "data-raw": invocation.data.append((.raw, value))
        case "data-binary": invocation.data.append((.binary, value))
        case "data-urlencode": invocation.data.append((.urlencode, value))
        case "json": invocation.data.append((.json, value))
        case "form": invocation.forms.append((value, false))
        case "form-string": invocation.forms.append((value, true))
        case "user": invocation.user = value
        case "get": invocation.get = !negated
        case "head": invocation.head = !negated
        case "upload-file": invocation.upload = value
        case "compressed": break  // Lazer always asks for (and decodes) compressed responses.
        case "insecure": invocation.options.verifyTLS = negated ? nil : false
        case "location": invocation.options.followRedirects = !negated
        case "max-time": seconds(value) { invocation.options.timeoutSeconds = $0 }
        case "connect-timeout": seconds(value) { invocation.options.connectTimeoutSeconds = $0 }
        case "max-redirs":
            if let count = Int(value.text), (0...100).contains(count) {
                invocation.options.maxRedirects = count
            } else if value.text != "-1" {
                report.add(
                    "curl option --max-redirs \(value.text): not a count from 0 to 100", at: location(value.word))
            }
        case "cookie": invocation.cookies.append(value)
        case "user-agent": invocation.userAgent = value
        case "referer": invocation.referer = value
        case "proxy": invocation.options.proxy = value.text.contains("://") ? value.text : "http://" + value.text
        case "cacert": invocation.options.caFile = value.text
        case "cert":
            let (path, passphrase) = Self.certificateAndPassphrase(value.text)
            invocation.options.clientCertificate = path
            if passphrase != nil {
                report.add(
                    "curl option --cert \(path):\(Redactor.mask): the passphrase is not stored: "
                        + "set options.clientKeyPassphrase to a {{variable}}", at: location(value.word))
            }
        case "key": invocation.options.clientKey = value.text
        case "url": invocation.urls.append(value)
        case "oauth2-bearer": invocation.bearer = value
        case "url-query": invocation.urlQueries.append(value)
        case "range": invocation.range = value
        case "digest": invocation.digest = !negated
        case "basic": invocation.digest = false
        case "ntlm": invocation.ntlm = !negated
        case "negotiate": invocation.negotiate = !negated
        case "http1.0": invocation.options.httpVersion = .http10
        case "http1.1": invocation.options.httpVersion = .http11
        case "http2": invocation.options.httpVersion = .http2
        case "http2-prior-knowledge": invocation.options.httpVersion = .http2PriorKnowledge
        default: break
        }
    }

    private mutating func seconds(_ value: CurlInvocation.Value, _ set: (Double) -> Void) {
        if let seconds = Double(value.text), seconds.isFinite, seconds > 0, seconds <= 86_400 * 365 {
            set(seconds)
        } else {
            report.add("curl time \(value.text): not a number of seconds", at: location(value.word))
        }
    }

    /// curl's `--cert FILE[:PASSPHRASE]`: the first `:` not escaped as `\:` ends the file name.
    static func certificateAndPassphrase(_ text: String) -> (path: String, passphrase: String?) {
        var path = ""
        var escaped = false
        for (offset, character) in zip(text.indices, text) {
            if escaped {
                if character != ":" { path.append("\\") }
                path.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                return (path, String(text[text.index(after: offset)...]))
            } else {
                path.append(character)
            }
        }
        if escaped { path.append("\\") }
        return (path, nil)
    }
}
