import Foundation
import HTTPCore

/// One edit of a collection's environments or variables, as the explorer's environment manager
/// and editor make them (applied to the collection in memory: an unsaved change until saved).
/// `scope` nil is the collection's own variables, else an environment's name.
package enum EnvironmentEdit: Sendable, Equatable {
    case create(name: String, kind: Environment.Kind, baseURL: String)
    case rename(String, to: String)
    /// A copy with every variable (secret values too: the save files them under the new name).
    case duplicate(String, as: String)
    case delete(String)
    case setBaseURL(environment: String, String)
    case setKind(environment: String, Environment.Kind)
    case addVariable(scope: String?, Variable)
    case replaceVariable(scope: String?, index: Int, Variable)
    case deleteVariable(scope: String?, index: Int)
    case deleteRoute(environment: String, index: Int)
}

/// Why an edit was refused, said as it is (the collection is left as it was).
package struct EnvironmentEditError: Error, Sendable, Equatable {
    package var message: String

    package init(_ message: String) { self.message = message }
}

extension RequestCollection {
    /// Applies `edit`, or throws without changing anything. Returns what happened, for a notice.
    @discardableResult
    package mutating func apply(_ edit: EnvironmentEdit) throws(EnvironmentEditError) -> String {
        var copy = self
        let said = try copy.applying(edit)
        self = copy
        return said
    }

    private mutating func applying(_ edit: EnvironmentEdit) throws(EnvironmentEditError) -> String {
        switch edit {
        case .create(let name, let kind, let baseURL):
            let name = try newEnvironmentName(name)
            environments.append(Environment(name: name, kind: kind, baseURL: baseURL))
            return "Environment \(name) added"
        case .rename(let old, let new):
            let index = try environmentIndex(old)
            let new = try newEnvironmentName(new, except: old)
            environments[index].name = new
            if defaultEnvironment == old { defaultEnvironment = new }
            return "Environment \(old) renamed to \(new)"
        case .duplicate(let source, let new):
            let index = try environmentIndex(source)
            let new = try newEnvironmentName(new)
            var copy = environments[index]
            copy.name = new
            environments.insert(copy, at: index + 1)
            return "Environment \(source) copied as \(new), with its variables"
        case .delete(let name):
            let index = try environmentIndex(name)
            guard environments.count > 1 else {
                throw EnvironmentEditError("\(name) is the only environment: add another before deleting it")
            }
            environments.remove(at: index)
            guard defaultEnvironment == name else { return "Environment \(name) deleted" }
            defaultEnvironment = environments[0].name
            return "Environment \(name) deleted; the default is now \(environments[0].name)"
        case .setBaseURL(let name, let url):
            let index = try environmentIndex(name)
            let url = url.trimmingCharacters(in: .whitespaces)
            guard !url.isEmpty else { throw EnvironmentEditError("A base URL is needed (http://host:port)") }
            environments[index].baseURL = url
            return "\(name): base URL \(url)"
        case .setKind(let name, let kind):
            let index = try environmentIndex(name)
            environments[index].kind = kind
            return "\(name) is \(kind == .mock ? "a mock (answered from its routes)" : "live (sent over the network)")"
        case .addVariable(let scope, let variable):
            var list = try variables(in: scope)
            try checkVariableName(variable.name, in: list, except: nil)
            list.append(variable)
            try setVariables(list, in: scope)
            return "Variable \(variable.name) added"
        case .replaceVariable(let scope, let index, let variable):
            var list = try variables(in: scope)
            guard list.indices.contains(index) else { throw EnvironmentEditError("The variable is gone") }
            try checkVariableName(variable.name, in: list, except: index)
            list[index] = variable
            try setVariables(list, in: scope)
            return "Variable \(variable.name) changed"
        case .deleteVariable(let scope, let index):
            var list = try variables(in: scope)
            guard list.indices.contains(index) else { throw EnvironmentEditError("The variable is gone") }
            let removed = list.remove(at: index)
            try setVariables(list, in: scope)
            return "Variable \(removed.name) deleted"
        case .deleteRoute(let name, let index):
            let environment = try environmentIndex(name)
            guard environments[environment].routes.indices.contains(index) else {
                throw EnvironmentEditError("The route is gone")
            }
            let route = environments[environment].routes.remove(at: index)
            return "Route \(route.method?.rawValue ?? "*") \(route.path) deleted from \(name)"
        }
    }

    private func environmentIndex(_ name: String) throws(EnvironmentEditError) -> Int {
        guard let index = environments.firstIndex(where: { $0.name == name }) else {
            throw EnvironmentEditError("No environment \(name) in \(self.name)")
        }
        return index
    }

    private func newEnvironmentName(_ name: String, except old: String? = nil) throws(EnvironmentEditError) -> String {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw EnvironmentEditError("A name is needed") }
        if name != old, environments.contains(where: { $0.name == name }) {
            throw EnvironmentEditError("\(self.name) already has an environment \(name)")
        }
        return name
    }

    private func variables(in scope: String?) throws(EnvironmentEditError) -> [Variable] {
        guard let scope else { return variables }
        return environments[try environmentIndex(scope)].variables
    }

    private mutating func setVariables(_ list: [Variable], in scope: String?) throws(EnvironmentEditError) {
        guard let scope else {
            variables = list
            return
        }
        environments[try environmentIndex(scope)].variables = list
    }

    private func checkVariableName(_ name: String, in list: [Variable], except index: Int?)
        throws(EnvironmentEditError)
    {
        guard VariableName.isValid(name) else {
            throw EnvironmentEditError("\"\(name)\" is not a variable name (\(VariableName.rule))")
        }
        if list.indices.contains(where: { $0 != index && list[$0].name == name }) {
            throw EnvironmentEditError("There is already a variable \(name) here")
        }
    }
}
