/// The tabs of the request pane, in display order (`[`/`]` and `Alt+1…8` switch).
package enum RequestTab: Int, CaseIterable, Hashable, Sendable {
    case params
    case headers
    case body
    case auth
    case options
    case checks
    case notes
    /// The request's pre-request and test scripts (issue 32).
    case scripts

    package var title: String {
        switch self {
        case .params: "Params"
        case .headers: "Headers"
        case .body: "Body"
        case .auth: "Auth"
        case .options: "Options"
        case .checks: "Checks"
        case .notes: "Notes"
        case .scripts: "Scripts"
        }
    }
}
