import HTTPCore
import Workspace

/// The title of the dialog that says a send was stopped: "Unresolved variables" only when that is
/// what every problem is; a bad dynamic-value argument (`{{$randomInt 5 1}}`) says its own problem.
enum SendBlockHeading {
    /// nil for unresolved variables (the dialog's usual title), else the problem's own title, or a count.
    static func of(_ problems: [VariableProblem]) -> String? {
        let unresolved = problems.allSatisfy { if case .unresolved = $0.kind { true } else { false } }
        if unresolved { return nil }
        if problems.count == 1, let problem = problems.first {
            return ErrorTranslator.standard.translate(problem).title
        }
        return "\(problems.count) placeholders cannot be filled"
    }
}
