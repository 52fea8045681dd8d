package import HTTPCore

/// The error card's texts for a placeholder that cannot be filled, one key per kind:
/// `workspace.unresolvedVariable`, `workspace.variableCycle`, `workspace.unknownDynamicValue`,
/// `workspace.malformedValue`, `workspace.invalidDynamicValue`, `workspace.unansweredPrompt`. Placeholders: `{location}` (where in the request or environment),
/// `{variable}` (as written, `{{token}}`), `{name}`, `{cycle}`, `{known}`, `{text}`, `{reason}`.
extension VariableProblem: TranslatableError {
    package var translationKey: String {
        switch kind {
        case .unresolved: "workspace.unresolvedVariable"
        case .cycle: "workspace.variableCycle"
        case .unknownDynamic: "workspace.unknownDynamicValue"
        case .malformed: "workspace.malformedValue"
        case .invalidDynamic: "workspace.invalidDynamicValue"
        case .unanswered: "workspace.unansweredPrompt"
        }
    }

    package var translationTemplate: TranslationTemplate {
        switch kind {
        case .unresolved:
            TranslationTemplate(
                title: "{variable} is not defined",
                explanation:
                    "{location} uses {variable}, but nothing gives it a value: not the selected environment, the collection's variables, a value captured from an earlier response, or LAZER_VAR_{name} in the environment Lazer was started in.",
                hint:
                    "Check the spelling, pick an environment that defines {name}, add it to the environment or the collection, or start Lazer with LAZER_VAR_{name} set."
            )
        case .cycle:
            TranslationTemplate(
                title: "Variables refer to each other in a loop",
                explanation: "{location}: {cycle}. Each needs the next one's value, so none of them has one.",
                hint: "Give one of them a plain value instead of a reference to another.")
        case .unknownDynamic:
            TranslationTemplate(
                title: "{variable} is not a dynamic value",
                explanation: "{location} uses {variable}, but the values Lazer makes up itself are only {known}.",
                hint: "Use one of those, or drop the $ to refer to an ordinary variable.")
        case .invalidDynamic:
            TranslationTemplate(
                title: "{variable} cannot be computed",
                explanation: "{location} uses {variable}: {reason}.",
                hint:
                    "Fix its arguments or what it reads (docs/collections.md lists every dynamic value with an example)."
            )
        case .unanswered:
            TranslationTemplate(
                title: "{variable} needs an answer",
                explanation:
                    "{location} uses {variable}, which is asked when the request is sent, and no answer was given.",
                hint: "Send it from the explorer to be asked, or pass --var '{name}=VALUE'.")
        case .malformed where location == "body.variables":
            TranslationTemplate(
                title: "The GraphQL variables are not a JSON object",
                explanation: "{text}: {reason}.",
                hint: "Fix them in the request's Body tab (Alt+V goes to the variables), then send again.")
        case .malformed:
            TranslationTemplate(
                title: "Something in {location} cannot be filled in",
                explanation: "{text}: {reason}.",
                hint: location.hasPrefix("environments[")
                    ? "Give the environment an absolute base URL that starts with http:// or https://."
                    : "Write variables as two braces, a name of letters, digits, '_', '-' or '.', and two closing braces; write \\{{ for two literal braces."
            )
        }
    }

    package var translationValues: [String: String] {
        var values = ["location": location]
        switch kind {
        case .unresolved(let name):
            values["name"] = name
            values["variable"] = "{{\(name)}}"
        case .cycle(let names):
            values["cycle"] = names.joined(separator: " → ")
        case .unknownDynamic(let name):
            values["variable"] = "{{$\(name)}}"
            values["known"] = DynamicValues.names.map { "{{$\($0)}}" }.joined(separator: ", ")
        case .invalidDynamic(let expression, let reason):
            values["variable"] = expression
            values["reason"] = reason
        case .malformed(let text, let reason):
            values["text"] = text
            values["reason"] = reason
        case .unanswered(let prompt):
            values["variable"] = prompt.expression
            values["name"] = prompt.label
        }
        return values
    }
}
