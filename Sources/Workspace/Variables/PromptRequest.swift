import Foundation

/// A value the user gives at send time: `{{$prompt "Label"}}` (any text) or
/// `{{$select "Label" a b c}}` (one of the options). The explorer asks for it before a send;
/// `lazer run` and `lazer send` take it from `--var 'Label=value'`. Answers are keyed by label, so
/// two placeholders with the same label are asked once.
package struct PromptRequest: Sendable, Hashable {
    package var label: String
    /// The choices of a `$select`; nil for a `$prompt`.
    package var options: [String]?

    package init(label: String, options: [String]? = nil) {
        self.label = label
        self.options = options
    }

    /// Words in a label that make it a credential: its answer is typed masked and redacted like a secret.
    static let credentialWords = ["password", "passwd", "secret", "token", "key", "pin", "otp", "credential"]

    /// True when the label reads like a credential (`API key`, `Password`, `OTP`).
    package var isCredential: Bool {
        // Words split at anything not a letter and where camelCase turns upper (`apiKey`).
        var words: [String] = []
        var word = ""
        var previousWasLower = false
        for character in label {
            if !character.isLetter {
                words.append(word)
                word = ""
            } else if character.isUppercase, previousWasLower {
                words.append(word)
                word = String(character)
            } else {
                word.append(character)
            }
            previousWasLower = character.isLowercase
        }
        words.append(word)
        return words.contains { Self.credentialWords.contains($0.lowercased()) }
    }

    /// `{{$prompt "Label"}}` / `{{$select "Label" a b}}` as written.
    package var expression: String {
        options.map { DynamicArguments.expression("select", [label] + $0) }
            ?? DynamicArguments.expression("prompt", [label])
    }

    /// The prompt of `{{$name arguments}}`: nil when `name` is neither `prompt` nor `select`, a
    /// failure saying why when the arguments do not fit.
    package static func parse(_ name: String, _ arguments: [String]) -> Result<PromptRequest, DynamicArguments.Failure>?
    {
        switch name {
        case "prompt":
            guard arguments.count == 1, let label = arguments.first, !label.trimmed.isEmpty else {
                return .failure(.init(text: "takes one argument, a label in quotes: {{$prompt \"Order id\"}}"))
            }
            return .success(PromptRequest(label: label))
        case "select":
            guard let label = arguments.first, !label.trimmed.isEmpty else {
                return .failure(.init(text: "takes a label in quotes, then the options: {{$select \"Region\" eu us}}"))
            }
            let options = Array(arguments.dropFirst())
            guard !options.isEmpty else {
                return .failure(.init(text: "has no options to choose from after its label"))
            }
            return .success(PromptRequest(label: label, options: options))
        default:
            return nil
        }
    }

    /// `'Label=VALUE'`, quoted for a shell: what to pass to `--var`.
    package var varArgument: String {
        "'" + label.replacingOccurrences(of: "'", with: "'\\''") + "=VALUE'"
    }

    /// Why `answer` cannot be this prompt's value (a `$select` answer not among its options), or nil.
    package func problem(with answer: String) -> String? {
        guard let options, !options.contains(answer) else { return nil }
        return "\"\(answer)\" is not one of its options: "
            + options.map(DynamicArguments.quoted).joined(separator: ", ")
    }
}

/// How a resolution treats `{{$prompt}}` and `{{$select}}`.
package enum PromptAnswers: Sendable, Equatable {
    /// Left as written, without a problem: the explorer's preview ("asked at send") and exports.
    case shownAsWritten
    /// Filled from these answers, by label; a prompt without one is a problem that names `--var`.
    case given([String: String])
}

extension String {
    fileprivate var trimmed: Substring {
        self[...].drop { $0 == " " || $0 == "\t" }
    }
}
