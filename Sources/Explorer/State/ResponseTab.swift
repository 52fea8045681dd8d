/// The tabs of the response pane, in display order.
public enum ResponseTab: Int, CaseIterable, Hashable, Sendable {
    case tree
    case raw
    case headers
    case timings
    case checks
    case history

    public var title: String {
        switch self {
        case .tree: "Tree"
        case .raw: "Raw"
        case .headers: "Headers"
        case .timings: "Timings"
        case .checks: "Checks"
        case .history: "History"
        }
    }
}
