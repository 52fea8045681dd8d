/// The tabs of the request pane, in display order (`[`/`]` and `Alt+1…7` switch).
public enum RequestTab: Int, CaseIterable, Hashable, Sendable {
    case params
    case headers
    case body
    case auth
    case options
    case checks
    case notes

    public var title: String {
        switch self {
        case .params: "Params"
        case .headers: "Headers"
        case .body: "Body"
        case .auth: "Auth"
        case .options: "Options"
        case .checks: "Checks"
        case .notes: "Notes"
        }
    }
}
