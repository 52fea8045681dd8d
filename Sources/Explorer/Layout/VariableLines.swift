import TUI
import Workspace

/// The variables view: every variable in scope of the selected request's collection and
/// environment, its value (secrets masked) and where it comes from.
enum VariableLines {
    /// `width`: the box's inner width; the value column narrows so the source still shows at 80
    /// columns.
    static func lines(_ state: ExplorerState, width: Int = 98) -> [Line] {
        let valueWidth = max(16, min(44, width - 22 - 14))
        let theme = state.theme
        guard let id = state.currentCollectionID, let document = state.document(collectionID: id) else {
            return [Line("No collection selected.", style: theme[.muted])]
        }
        var lines: [Line] = []
        func row(_ name: String, _ value: String, secret: Bool, source: String) {
            // An unset secret's blank column read as an empty value: say where one comes from.
            let shown =
                secret && value.isEmpty
                ? "(not set: secrets file or $LAZER_VAR_\(name))" : secret ? Redactor.masked(value) : value
            lines.append(
                Line([
                    Span(name.padding(22), style: theme[.jsonKey]),
                    Span(shown.padding(valueWidth), style: theme[secret && value.isEmpty ? .muted : .text]),
                    Span(source, style: theme[.muted]),
                ]))
        }
        var seen = Set<String>()
        let captured = state.captures[id] ?? [:]
        let kept = state.environmentName(collectionID: id).map { "captured, kept for \($0)" } ?? "captured, kept"
        for (name, value) in captured.sorted(by: { $0.key < $1.key }) {
            row(name, value.text, secret: value.secret, source: kept)
            seen.insert(name)
        }
        if !captured.isEmpty {
            lines.append(Line("  x: forget the captured values (kept across restarts)", style: theme[.muted]))
        }
        if let environment = state.environment(collectionID: id) {
            for variable in environment.variables {
                row(
                    variable.name, variable.value, secret: variable.secret,
                    source: "environment \(environment.name)" + (seen.contains(variable.name) ? " (hidden)" : ""))
                seen.insert(variable.name)
            }
            row("(base URL)", environment.baseURL, secret: false, source: "environment \(environment.name)")
        }
        for variable in document.collection.variables {
            row(
                variable.name, variable.value, secret: variable.secret,
                source: "collection" + (seen.contains(variable.name) ? " (hidden)" : ""))
            seen.insert(variable.name)
        }
        // A variable declared secret stays masked where its value comes from the process environment.
        let secrets = Set(
            (document.collection.variables + document.collection.environments.flatMap(\.variables)).filter(\.secret)
                .map(\.name))
        for (name, value) in state.processEnvironment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("LAZER_VAR_")
        {
            let variable = String(name.dropFirst(10))
            // The lowest layer: a name defined above wins (a secret's value comes from here, though).
            let hidden = seen.contains(variable) && !secrets.contains(variable)
            row(
                variable, value, secret: secrets.contains(variable),
                source: hidden ? "hidden: $\(name)" : "process ($\(name))")
        }
        for (usage, summary) in DynamicValues.usages { row(usage, summary, secret: false, source: "dynamic") }
        return lines
    }
}
