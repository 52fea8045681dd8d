/// The tabs of the request pane, in display order (`[`/`]` and `Alt+1…7` switch).
package enum RequestTab: Int, CaseIterable, Hashable, Sendable {
    case params
    case headers
    case body
    case auth
    case options
    case checks
    case notes

    package var title: String {
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
