import ArgumentParser
import Workspace

/// `--var` values of `lazer run` and `lazer send`: `NAME=VALUE` sets a variable, and every pair
/// answers the `{{$prompt}}` / `{{$select}}` with that label (`--var 'Order id=42'`), so a label
/// may hold spaces where a variable name may not.
struct VarArguments: Equatable {
    /// The pairs whose name is a valid variable name.
    var variables: [String: String] = [:]
    /// Every pair, by label.
    var answers: [String: String] = [:]

    /// Reads `pairs`; one without `=`, or with nothing before it, is a usage error naming it.
    static func parse(_ pairs: [String]) throws -> VarArguments {
        var result = VarArguments()
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--var \(pair): expected NAME=VALUE (or 'Label=VALUE' for a {{$prompt}}).")
            }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            result.answers[name] = value
            if VariableName.isValid(name) { result.variables[name] = value }
        }
        return result
    }
}
