/// The three regions of the explorer, in focus order (`Tab` moves forward through them).
package enum Pane: Int, CaseIterable, Hashable, Sendable {
    case collections
    case request
    case response

    /// The next pane in focus order (wrapping), or the previous one with `backwards`.
    package func cycled(backwards: Bool) -> Pane {
        let all = Pane.allCases
        let step = backwards ? all.count - 1 : 1
        return all[(rawValue + step) % all.count]
    }

    package var title: String {
        switch self {
        case .collections: "Collections"
        case .request: "Request"
        case .response: "Response"
        }
    }
}
