/// The tabs of the response pane, in display order.
package enum ResponseTab: Int, CaseIterable, Hashable, Sendable {
    case tree
    case raw
    case headers
    /// The exchange stage by stage (live while in flight); the Timings tab of earlier versions.
    case timeline
    case checks
    /// What the request's scripts wrote with `console`, stage by stage (issue 32).
    case console
    case history

    package var title: String {
        switch self {
        case .tree: "Tree"
        case .raw: "Raw"
        case .headers: "Headers"
        case .timeline: "Timeline"
        case .checks: "Checks"
        case .console: "Console"
        case .history: "History"
        }
    }
}
