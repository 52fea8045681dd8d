/// Fills `{{placeholders}}` from a `VariableScope`, following references inside values (a value
/// may itself use `{{other}}`), detecting loops, and collecting every problem with its location
/// so the user sees them all before anything is sent. It also notes every secret value used, so
/// displays and history can redact them.
package struct VariableResolver: Sendable {
    /// Values nest at most this deep; deeper chains are reported as a loop.
    package static let maximumDepth = 32

    package var scope: VariableScope
    package private(set) var problems: [VariableProblem] = []
    /// Secret values that went into resolved text (but those in `alreadyMasked`).
    package private(set) var secretValues: Set<String> = []
    /// Secret values the caller masks already (a preparer's collection secrets): not noted again,
    /// so a request that uses only those makes no set of its own (every request of a signed run
    /// uses the secret access key).
    package var alreadyMasked: Set<String> = []
    /// The secret variable each secret value came from (the first one, when two share a value):
    /// an export can then write `$LAZER_VAR_token` where the value would have gone.
    package private(set) var secretNames: [String: String] = [:]
    /// Secret variables that were used but have no value (resolved to nothing), in order of use.
    package private(set) var emptySecrets: [String] = []
    /// The `{{$prompt}}` and `{{$select}}` met, once per label, in order: what a send must ask first.
    package private(set) var prompts: [PromptRequest] = []
    /// Whether a value new at each resolution went in (`{{$uuid}}`, `{{$timestamp}}`, `{{$randomInt}}`,
    /// `{{$dotenv}}` read again…; not `{{$processEnv}}`): the resolved text cannot be sent again as it is.
    package private(set) var usesFreshValues = false

    /// The `.env` beside the collection, read on the first `{{$dotenv}}` of this resolution.
    private var dotenv: Result<DotEnvFile?, DynamicArguments.Failure>?

    package init(scope: VariableScope) {
        self.scope = scope
    }

    private mutating func evaluate(_ name: String, _ arguments: [String]) -> DynamicValues.Outcome {
        if !DynamicValues.isStill(name) { usesFreshValues = true }
        var loaded = dotenv
        let outcome = scope.dynamic.evaluate(name, arguments, processEnvironment: scope.processEnvironment) {
            [folder = scope.dotenvFolder, given = scope.dotenv] in
            if let given { return .success(given) }
            guard let folder else { return nil }
            if loaded == nil { loaded = DotEnvFile.load(folder: folder) }
            return loaded
        }
        dotenv = loaded
        return outcome
    }

    /// The text with every placeholder replaced; unresolvable ones are left as written and reported.
    /// `location` is worked out only when there is something to report.
    package mutating func resolve(_ text: String, at location: @autoclosure () -> String) -> String {
        // Fast path: most fields have no placeholders and no escapes.
        if !Template.mayHavePlaceholders(text) { return text }
        return expand(text, location: location, chain: [])
    }

    /// Fills `text`'s placeholders as the template is scanned (no segment list is made).
    private mutating func expand(_ text: String, location: () -> String, chain: [String]) -> String {
        var output = ""
        Template.forEachSegment(of: text) { segment in
            switch segment {
            case .literal(let literal):
                output += literal
            case .malformed(let raw, let reason):
                report(.malformed(raw, reason: reason), location())
                output += raw
            case .dynamic(let name, let arguments):
                if let prompt = PromptRequest.parse(DynamicValues.canonical(name) ?? name, arguments) {
                    output += answer(prompt, name: name, arguments: arguments, location: location)
                    return
                }
                switch evaluate(name, arguments) {
                case .value(let value, let secret):
                    // No name in `secretNames`: an export masks it (there is no LAZER_VAR_ to write).
                    if secret, !value.isEmpty, !alreadyMasked.contains(value) { secretValues.insert(value) }
                    output += value
                case .unknown:
                    report(.unknownDynamic(name), location())
                    output += DynamicArguments.expression(name, arguments)
                case .invalid(let reason):
                    let expression = DynamicArguments.expression(name, arguments)
                    report(.invalidDynamic(expression, reason: reason), location())
                    output += expression
                }
            case .variable(let name):
                if let loopStart = chain.firstIndex(of: name) {
                    report(.cycle(Array(chain[loopStart...]) + [name]), location())
                    output += "{{\(name)}}"
                    return
                }
                guard chain.count < Self.maximumDepth else {
                    report(.cycle(chain + [name]), location())
                    output += "{{\(name)}}"
                    return
                }
                guard let value = scope.lookup(name) else {
                    report(.unresolved(name), location())
                    output += "{{\(name)}}"
                    return
                }
                let expanded =
                    Template.mayHavePlaceholders(value.text)
                    ? expand(value.text, location: location, chain: chain + [name]) : value.text
                if value.secret { noteSecret(expanded, of: name) }
                output += expanded
            }
        }
        return output
    }

    /// The answer to a `{{$prompt}}` / `{{$select}}` (or the expression as written, when the scope
    /// shows prompts as written or there is no usable answer, which is then reported).
    private mutating func answer(
        _ parsed: Result<PromptRequest, DynamicArguments.Failure>, name: String, arguments: [String],
        location: () -> String
    ) -> String {
        let expression = DynamicArguments.expression(name, arguments)
        let prompt: PromptRequest
        switch parsed {
        case .failure(let failure):
            report(.invalidDynamic(expression, reason: failure.text), location())
            return expression
        case .success(let value): prompt = value
        }
        if !prompts.contains(where: { $0.label == prompt.label }) { prompts.append(prompt) }
        guard case .given(let answers) = scope.prompts else { return expression }
        guard let answer = answers[prompt.label] else {
            report(.unanswered(prompt), location())
            return expression
        }
        if let reason = prompt.problem(with: answer) {
            report(.invalidDynamic(expression, reason: reason), location())
            return expression
        }
        if prompt.isCredential, !answer.isEmpty, !alreadyMasked.contains(answer) { secretValues.insert(answer) }
        return answer
    }

    /// A problem found outside a placeholder (an empty path parameter).
    package mutating func report(_ problem: VariableProblem) {
        if !problems.contains(problem) { problems.append(problem) }
    }

    private mutating func report(_ kind: VariableProblem.Kind, _ location: String) {
        let problem = VariableProblem(kind: kind, location: location)
        if !problems.contains(problem) { problems.append(problem) }
    }
}

extension VariableResolver {
    /// Notes that secret variable `name`, resolved to `value`, went into resolved text.
    mutating func noteSecret(_ value: String, of name: String) {
        if value.isEmpty {
            if !emptySecrets.contains(name) { emptySecrets.append(name) }
        } else if !alreadyMasked.contains(value) {
            secretValues.insert(value)
            if secretNames[value] == nil { secretNames[value] = name }
        }
    }

    /// The same resolver, also treating `value` (a form derived from secrets, such as a Basic credential) as secret.
    func noting(secret value: String) -> VariableResolver {
        guard !alreadyMasked.contains(value) else { return self }
        var copy = self
        copy.secretValues.insert(value)
        return copy
    }
}
