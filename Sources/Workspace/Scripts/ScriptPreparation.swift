import HTTPCore

/// What scripts read of a request and its variables, and what a pre-request script's changes make
/// of the saved request — the glue between the collection's model and `ScriptJob`.
extension RequestPreparer {
    /// The variables scripts see: the environment's and the collection's as saved (secret values
    /// filled), and the run's handed-on values in every scope.
    package func scriptVariables(captures: [String: VariableScope.Value]) -> ScriptVariables {
        var secretNames = Set<String>()
        func values(_ variables: [Variable]) -> [String: String] {
            var values: [String: String] = [:]
            for variable in variables {
                values[variable.name] = variable.value
                if variable.secret { secretNames.insert(variable.name) }
            }
            return values
        }
        var environmentValues = values(environment?.variables ?? [])
        var collectionValues = values(document.collection.variables)
        var globals: [String: String] = [:]
        var local: [String: String] = [:]
        // The run keeps one set of values handed on (captures, `--var`, what scripts set in any
        // scope): each scope shows them, so `pm.environment.get('token')` reads the token an
        // earlier script set with `pm.environment.set` — over the environment's own value, as
        // `{{token}}` does; the collection's own values stay its own.
        for (name, value) in captures {
            local[name] = value.text
            environmentValues[name] = value.text
            globals[name] = value.text
            if collectionValues[name] == nil { collectionValues[name] = value.text }
            if value.secret { secretNames.insert(name) }
        }
        return ScriptVariables(
            environment: environmentValues, collection: collectionValues, globals: globals, local: local,
            secretNames: secretNames)
    }
}

extension SavedRequest {
    /// The request as a pre-request script sees it: as saved, `{{variables}}` unresolved.
    package var scriptRequest: ScriptRequest {
        ScriptRequest(
            method: method.rawValue, url: url,
            headers: headers.filter(\.enabled).map { ScriptHeader($0.name, $0.value) }, body: scriptBody)
    }

    /// The body as text, when it is text.
    var scriptBody: String? {
        switch body.content {
        case .json(let json): json.prettyPrinted()
        case .jsonText(let text), .text(let text, _): text
        case .none, .formURLEncoded, .multipart, .file, .graphql: nil
        }
    }

    /// The request with what a pre-request script changed: its method, URL, headers (the enabled
    /// ones, as the script left them) and, for a text body, the text.
    package func applying(_ changed: ScriptRequest) -> SavedRequest {
        var request = self
        if let method = RequestMethod(rawValue: changed.method.uppercased()) { request.method = method }
        if changed.url != url {
            request.url = changed.url
            // A query the script wrote in the URL replaces the saved rows (they would be sent twice).
            if changed.url.contains("?") { request.query = [] }
        }
        if changed.headers != scriptRequest.headers {
            request.headers =
                headers.filter { !$0.enabled } + changed.headers.map { KeyValueRow(name: $0.name, value: $0.value) }
        }
        if changed.body != scriptBody, let text = changed.body {
            switch body.content {
            case .json, .jsonText: request.body = SavedBody(.jsonText(text), unknownFields: body.unknownFields)
            case .text(_, let contentType):
                request.body = SavedBody(.text(text, contentType: contentType), unknownFields: body.unknownFields)
            case .none: request.body = SavedBody(.text(text, contentType: nil))
            case .formURLEncoded, .multipart, .file, .graphql: break
            }
        }
        return request
    }
}

extension ScriptOutcome {
    /// The values its variable changes leave for the requests after it (unsets as nil), each
    /// secret when the name was.
    package var changedValues: [String: VariableScope.Value?] {
        var values: [String: VariableScope.Value?] = [:]
        for change in changes {
            values[change.name] = .some(change.value.map { VariableScope.Value($0, secret: change.secret) })
        }
        return values
    }
}

extension ScriptOutcome {
    /// Applies variable changes (unsets as nil) to `values`.
    package static func apply(
        _ changes: [String: VariableScope.Value?], to values: inout [String: VariableScope.Value]
    ) {
        for (name, value) in changes {
            if let value { values[name] = value } else { values.removeValue(forKey: name) }
        }
    }

    /// The values its scripts set for secret names: masked wherever the outcome is shown.
    package var secretValues: [String] { changes.filter(\.secret).compactMap(\.value) }
}

extension ScriptLogLine {
    /// The line as a console shows it: its level unless a plain `log`, the text redacted.
    package func shown(redactor: Redactor) -> String {
        (level == .log ? "" : "\(level.rawValue): ") + redactor.redact(text)
    }
}

extension ScriptError {
    /// Its place and message without its origin, for where the script is named already.
    package var placedMessage: String {
        guard let line else { return message }
        return "line \(line)\(column.map { ":\($0)" } ?? ""): \(message)"
    }
}

extension ScriptResponse {
    /// A duration in milliseconds, rounded to a thousandth (`pm.response.responseTime`).
    package static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return (value * 1000).rounded() / 1000
    }
}
