/// What changed in a collection's environments and variables between two versions, one line per
/// change ("environment staging: baseURL changed", "variable token (secret) added"): the unsaved
/// list of the environment manager and the save's notice. Secret values are never in a line.
package enum EnvironmentChanges {
    package static func lines(from saved: RequestCollection, to current: RequestCollection) -> [String] {
        var out: [String] = []
        let currentNames = current.environments.map(\.name)
        var removed = saved.environments.filter { !currentNames.contains($0.name) }
        var renames: [String: String] = [:]
        for environment in current.environments {
            guard let before = saved.environment(named: environment.name) else {
                // A rename: an environment gone with the same content under another name.
                if let index = removed.firstIndex(where: { same($0, environment) }) {
                    out.append("environment \(removed[index].name) renamed to \(environment.name)")
                    renames[removed[index].name] = environment.name
                    removed.remove(at: index)
                } else if let twin = saved.environments.first(where: { same($0, environment) }) {
                    // What a rename followed by a new environment under the old name leaves, and
                    // a copy followed by edits to the original: the lines below for `twin` say
                    // what changed there, this one that nothing of it was lost.
                    out.append(
                        "environment \(environment.name) (\(environment.kind.rawValue)) added, as \(twin.name) was saved"
                    )
                } else {
                    out.append("environment \(environment.name) (\(environment.kind.rawValue)) added")
                }
                continue
            }
            let label = "environment \(environment.name)"
            if before.baseURL != environment.baseURL { out.append("\(label): baseURL changed") }
            if before.kind != environment.kind { out.append("\(label): kind \(environment.kind.rawValue)") }
            if before.routes.count > environment.routes.count {
                let count = before.routes.count - environment.routes.count
                out.append("\(label): \(count) route\(count == 1 ? "" : "s") deleted")
            } else if before.routes != environment.routes {
                out.append("\(label): routes changed")
            }
            out += variables(from: before.variables, to: environment.variables, prefix: label + ": ")
        }
        out += removed.map { "environment \($0.name) deleted" }
        // The default following its environment's rename is not a change of its own.
        if saved.defaultEnvironment != current.defaultEnvironment,
            saved.defaultEnvironment.flatMap({ renames[$0] }) != current.defaultEnvironment
        {
            out.append("default environment: \(current.defaultEnvironment ?? "none")")
        }
        out += variables(from: saved.variables, to: current.variables, prefix: "")
        return out
    }

    private static func same(_ one: Environment, _ other: Environment) -> Bool {
        var renamed = one
        renamed.name = other.name
        return renamed == other
    }

    private static func variables(from saved: [Variable], to current: [Variable], prefix: String) -> [String] {
        var out: [String] = []
        for variable in current {
            let name = "variable \(variable.name)" + (variable.secret ? " (secret)" : "")
            guard let before = saved.first(where: { $0.name == variable.name }) else {
                out.append(prefix + name + " added")
                continue
            }
            if before.secret != variable.secret {
                out.append(
                    prefix + "variable \(variable.name) " + (variable.secret ? "made secret" : "no longer secret"))
            } else if before.value != variable.value {
                out.append(prefix + name + ": value changed")
            }
        }
        for variable in saved where !current.contains(where: { $0.name == variable.name }) {
            out.append(prefix + "variable \(variable.name)" + (variable.secret ? " (secret)" : "") + " deleted")
        }
        return out
    }
}
