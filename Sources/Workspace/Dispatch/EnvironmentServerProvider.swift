import AnnotatedLocks
package import Foundation
import HTTPCore
import Synchronization

/// The `ServerProvider` of the selected environment: relative request paths are joined to its
/// base URL when they are sent.
///
/// The application keeps one provider and hands it to every request it builds. Selecting another
/// environment changes where the next request goes — even requests already built — without
/// rebuilding requests or dispatchers. Thread-safe: transports read `baseURL` on their own thread.
package final class EnvironmentServerProvider: ServerProvider {
    private struct State {
        var environmentName: String?
        var baseURL: URL?
        var problems: [VariableProblem] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// A provider already pointing at `environment`.
    package convenience init(environment: Environment, scope: VariableScope) {
        self.init()
        select(environment, scope: scope)
    }

    package var baseURL: URL? { state.withLock(ownedBy: self) { $0.baseURL } }

    /// The selected environment's name, or nil before one is selected.
    package var environmentName: String? { state.withLock(ownedBy: self) { $0.environmentName } }

    /// Problems resolving the selected environment's base URL (`{{host}}` undefined, …).
    package var problems: [VariableProblem] { state.withLock(ownedBy: self) { $0.problems } }

    /// Points the provider at `environment`; its base URL may use variables, resolved in `scope`.
    /// Returns the problems (also kept in `problems`); with problems, `baseURL` is nil so nothing
    /// is sent to a half-resolved address.
    @discardableResult
    package func select(_ environment: Environment, scope: VariableScope) -> [VariableProblem] {
        let (url, problems) = Self.baseURL(of: environment, scope: scope)
        state.withLock(ownedBy: self) { state in
            state.environmentName = environment.name
            state.baseURL = url
            state.problems = problems
        }
        return problems
    }

    /// `environment`'s base URL resolved in `scope`, or nil with the problems that stop it.
    static func baseURL(of environment: Environment, scope: VariableScope) -> (URL?, [VariableProblem]) {
        var resolver = VariableResolver(scope: scope)
        let text = resolver.resolve(environment.baseURL, at: "environments[\(environment.name)].baseURL")
        var problems = resolver.problems
        guard problems.isEmpty else { return (nil, problems) }
        var url = URL(string: text)
        if url?.scheme == nil || url?.host == nil {
            url = nil
            problems.append(
                VariableProblem(
                    kind: .malformed(text, reason: "not an absolute http(s) URL"),
                    location: "environments[\(environment.name)].baseURL"))
        }
        return (url, problems)
    }

    /// Forgets the selection: relative requests fail with "no base URL" until one is selected.
    package func clear() {
        state.withLock(ownedBy: self) { $0 = State() }
    }
}
