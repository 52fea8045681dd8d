import ArgumentParser
import TerminalText
import Workspace

/// `lazer send`'s `{{…}}`: plain variables from `--var NAME=VALUE` (and `LAZER_VAR_NAME`, as
/// everywhere), dynamic values (`{{$uuid}}`), and prompts answered by label (`--var 'Label=…'`).
/// Nothing is ever asked: a name no `--var` gives is a usage error (exit 2) that names it.
struct SendTemplates {
    private var resolver: VariableResolver

    init(vars: [String], environment: [String: String]) throws {
        let given = try VarArguments.parse(vars)
        let scope = VariableScope(
            captures: given.variables.mapValues { VariableScope.Value($0) },
            process: ProcessVariables.exposed(from: environment), processEnvironment: environment,
            prompts: .given(given.answers))
        resolver = VariableResolver(scope: scope)
    }

    /// `text` with its placeholders filled (left as written where they cannot be: `check` says why).
    mutating func fill(_ text: String, at location: String) -> String {
        resolver.resolve(text, at: location)
    }

    /// Throws a usage error listing every placeholder that could not be filled.
    func check() throws {
        guard !resolver.problems.isEmpty else { return }
        let lines = resolver.problems.map { problem in
            switch problem.kind {
            case .unresolved(let name):
                "\(problem.location): {{\(name)}} has no value: pass --var \(name)=VALUE"
            default: problem.description
            }
        }
        throw ValidationError(lines.map(TerminalText.line).joined(separator: "\n"))
    }
}
