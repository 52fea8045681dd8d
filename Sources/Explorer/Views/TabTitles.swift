import Workspace

/// The tab titles as drawn, with their counts ("Headers 3", "Body json"): one definition for the
/// views and the mouse's hit-testing.
enum TabTitles {
    static func request(_ state: ExplorerState) -> [String] {
        let request = state.selectedRequest
        return RequestTab.allCases.map { tab in
            guard let request else { return tab.title }
            switch tab {
            case .params:
                let count = request.query.count + request.pathParams.count
                return count > 0 ? "Params \(count)" : "Params"
            case .headers: return request.headers.isEmpty ? "Headers" : "Headers \(request.headers.count)"
            case .body: return "Body " + bodyKind(request.body)
            case .auth: return "Auth " + authKind(request.auth)
            case .options: return "Options"
            case .checks:
                let count = request.expectations.count + request.captures.count
                return count > 0 ? "Checks \(count)" : "Checks"
            case .notes: return (request.notes ?? "").isEmpty ? "Notes" : "Notes •"
            }
        }
    }

    static func response(_ state: ExplorerState) -> [String] {
        let response = state.exchange?.result?.response
        return ResponseTab.allCases.map { tab in
            switch tab {
            case .headers: return response.map { "Headers \($0.headers.count)" } ?? "Headers"
            case .checks:
                guard let checks = response?.checks, !checks.isEmpty else { return "Checks" }
                let failed = checks.filter { !$0.passed }.count
                return failed == 0 ? "Checks ✓\(checks.count)" : "Checks ✗\(failed)"
            case .history: return state.response.history.isEmpty ? "History" : "History \(state.response.history.count)"
            default: return tab.title
            }
        }
    }

    static func bodyKind(_ body: SavedBody) -> String {
        switch body.content {
        case .none: "none"
        case .json, .jsonText: "json"
        case .text: "text"
        case .formURLEncoded: "form"
        case .multipart: "multipart"
        case .file: "file"
        }
    }

    static func authKind(_ auth: SavedAuth) -> String {
        switch auth.scheme {
        case .none: "none"
        case .basic: "basic"
        case .bearer: "bearer"
        case .apiKey: "api key"
        case .digest: "digest"
        }
    }
}
