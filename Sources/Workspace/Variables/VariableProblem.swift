/// A placeholder that cannot be filled, found before anything is sent.
package struct VariableProblem: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// No layer defines the name.
        case unresolved(String)
        /// The names refer to each other in a loop: `a → b → a`.
        case cycle([String])
        /// `{{$name}}` is not one of the dynamic values.
        case unknownDynamic(String)
        /// `{{$name …}}` is a dynamic value, but its arguments do not fit or its value is missing
        /// (`{{$randomInt 9 1}}`, an unset `{{$processEnv NAME}}`): the expression as written, and why.
        case invalidDynamic(String, reason: String)
        case malformed(String, reason: String)
        /// `{{$prompt "Label"}}` / `{{$select …}}` with no answer given (headless: no `--var 'Label=…'`).
        case unanswered(PromptRequest)
    }

    package var kind: Kind
    /// Where in the request: `url`, `headers[2].value`, `body`, `auth.token`, `environment.baseURL`.
    package var location: String

    package init(kind: Kind, location: String) {
        self.kind = kind
        self.location = location
    }

    package var description: String {
        switch kind {
        case .unresolved(let name):
            "\(location): {{\(name)}} is not defined in the environment, the collection or LAZER_VAR_\(name)"
        case .cycle(let names):
            "\(location): variables refer to each other in a loop: \(names.joined(separator: " → "))"
        case .unknownDynamic(let name):
            "\(location): {{$\(name)}} is not a dynamic value (known: \(DynamicValues.knownList))"
        case .invalidDynamic(let expression, let reason): "\(location): \(expression): \(reason)"
        case .malformed(let text, let reason): "\(location): \(text): \(reason)"
        case .unanswered(let prompt):
            "\(location): \(prompt.expression) is asked at send; without asking, pass --var "
                + prompt.varArgument
                + (prompt.options.map { " (one of: " + $0.map(DynamicArguments.quoted).joined(separator: ", ") + ")" }
                    ?? "")
        }
    }
}
