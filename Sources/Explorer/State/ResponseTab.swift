/// The tabs of the response pane, in display order.
package enum ResponseTab: Int, CaseIterable, Hashable, Sendable {
    case tree
    case raw
    case headers
    /// The exchange stage by stage (live while in flight); the Timings tab of earlier versions.
    case timeline
    case checks
    case history

    package var title: String {
        switch self {
        case .tree: "Tree"
        case .raw: "Raw"
        case .headers: "Headers"
        case .timeline: "Timeline"
        case .checks: "Checks"
        case .history: "History"
        }
    }
}
