import TUI
import Workspace

/// The tab titles as drawn, with their counts ("Headers 3", "Body json"): one definition for the
/// views and the mouse's hit-testing.
package enum TabTitles {
    /// The titles that fit in `width` columns: full ("Headers 3") where they can be, shortened
    /// ("Hdr 3") from the last tab back, all of them short when nothing else fits.
    package static func fitting(_ full: [String], _ short: [String], width: Int) -> [String] {
        func needed(_ titles: [String]) -> Int { Tabs.rowWidth(titleWidths: titles.map(CharacterWidth.of)) }
        var titles = full
        for index in full.indices.reversed() where index < short.count && needed(titles) > width {
            titles[index] = short[index]
        }
        return titles
    }

    static func request(_ state: ExplorerState, width: Int) -> [String] {
        let full = request(state)
        let short = zip(full, ["Par", "Hdr", "Body", "Auth", "Opt", "Chk", "Note", "Scr"]).map { title, abbreviation in
            shortTitle(title, abbreviation)
        }
        return fitting(full, short, width: width)
    }

    static func response(_ state: ExplorerState, width: Int) -> [String] {
        let full = response(state)
        let short = zip(
            full, [state.shownStream == nil ? "Tree" : "Strm", "Raw", "Hdr", "Time", "Chk", "Cons", "Hist"]
        ).map {
            title, abbreviation in
            shortTitle(title, abbreviation)
        }
        return fitting(full, short, width: width)
    }

    /// The abbreviation, with the title's count when it has one ("Hdr 3", "Chk ✗1"; "Body" alone).
    private static func shortTitle(_ title: String, _ abbreviation: String) -> String {
        let parts = title.split(separator: " ", maxSplits: 1)
        guard parts.count > 1, let first = parts[1].first,
            first.isNumber || first == "✓" || first == "✗" || first == "•"
        else { return abbreviation }
        return abbreviation + " " + parts[1]
    }

    static func request(_ state: ExplorerState) -> [String] {
        let request = state.selectedRequest
        return RequestTab.allCases.map { tab in
            guard let request else { return tab.title }
            switch tab {
            case .params:
                let count = request.query.count + request.pathParams.count + URLQuerySync.split(request.url).pairs.count
                return count > 0 ? "Params \(count)" : "Params"
            case .headers: return request.headers.isEmpty ? "Headers" : "Headers \(request.headers.count)"
            case .body: return "Body " + bodyKind(request.body)
            case .auth:
                // An inheriting request shows the auth it is sent with, marked ↑ (from above).
                guard request.auth.scheme == .inherit,
                    let inForce = state.selection.flatMap({ state.document(collectionID: $0.collectionID) })?
                        .collection.authInForce(for: request), inForce.origin != .nowhere
                else { return "Auth " + authKind(request.auth) }
                return "Auth ↑" + authKind(inForce.auth)
            case .options: return "Options"
            case .checks:
                let count = request.expectations.count + request.captures.count
                return count > 0 ? "Checks \(count)" : "Checks"
            case .notes: return (request.notes ?? "").isEmpty ? "Notes" : "Notes •"
            case .scripts:
                let count = [ScriptJob.Stage.preRequest, .test].count { request.scripts?.text(for: $0) != nil }
                return count > 0 ? "Scripts \(count)" : "Scripts"
            }
        }
    }

    static func response(_ state: ExplorerState) -> [String] {
        let response = state.shownResult?.response
        return ResponseTab.allCases.map { tab in
            switch tab {
            case .tree:
                guard let stream = state.shownStream else { return tab.title }
                return "Stream \(CountText.format(stream.total))"
            case .headers: return response.map { "Headers \($0.headers.count)" } ?? "Headers"
            case .checks:
                guard let checks = response?.checks, !checks.isEmpty else { return "Checks" }
                let failed = checks.filter { !$0.passed }.count
                return failed == 0 ? "Checks ✓\(checks.count)" : "Checks ✗\(failed)"
            case .console:
                guard let lines = state.shownResult?.scripts?.console, !lines.isEmpty else { return tab.title }
                return "Console \(lines.count)"
            case .history: return state.response.history.isEmpty ? "History" : "History \(state.response.history.count)"
            default: return tab.title
            }
        }
    }

    static func bodyKind(_ body: SavedBody) -> String {
        BodyKind(body).rawValue
    }

    static func authKind(_ auth: SavedAuth) -> String {
        switch auth.scheme {
        case .inherit: "none"
        case .none: "none"
        case .basic: "basic"
        case .bearer: "bearer"
        case .apiKey: "api key"
        case .digest: "digest"
        case .awsSigV4: "aws-sigv4"
        case .oauth2: "oauth2"
        case .command: "command"
        case .jwt: "jwt"
        case .ntlm: "ntlm"
        case .negotiate: "negotiate"
        }
    }
}
