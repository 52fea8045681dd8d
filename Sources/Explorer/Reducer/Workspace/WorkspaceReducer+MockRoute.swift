import Foundation
import HTTPCore
import TUI
import Workspace

/// "Save the response as a mock route" (`M` in the response pane, or the palette): the shown
/// response becomes a route of a mock environment of the request's collection — method, path and
/// query items as sent (Workspace's `RecordedMatchers`, as `lazer record`; a GraphQL request's
/// operation and variables too), status, the headers that
/// describe the body, the body inline — so the same request answers offline. A prompt names the
/// environment (a new name creates a mock environment). When that environment already has a route
/// for the same request, a dialog asks: replace its answer, keep both (the new answer joins its
/// sequence), or cancel — never a silent overwrite, never a duplicate. Secrets never reach the
/// file: credential and cookie headers are left out, secret values in the body are masked, and a
/// path segment or query value holding one is not matched on. The workspace slice does it (the
/// route is a document edit): the shown result comes in the `Context`, the prompt, the question
/// and the file's save go back in the `Outcome`.
extension WorkspaceReducer {
    /// Bodies larger than this are not put inline in a collection file (`lazer record` writes files).
    static let maxInlineMockBody = 256 << 10

    /// What to do with an existing route for the same request.
    enum MockRouteChoice {
        /// Not decided yet: ask when there is one.
        case ask
        /// Its answers become the new one.
        case replace
        /// The new answer is added after its answers (a sequence).
        case keepBoth
    }

    /// Opens the prompt for the mock environment's name.
    static func promptMockRoute(_ state: WorkspaceState, _ context: Context, _ outcome: inout Outcome) {
        guard let key = context.selection, let result = context.shownResult, let response = result.response else {
            outcome.notice = Notice("No response to save as a mock route", kind: .info)
            return
        }
        guard response.partial == nil else {
            outcome.notice = Notice(
                "The body is still arriving: save it as a mock route once all has come", kind: .info)
            return
        }
        guard response.content.bytes.count <= maxInlineMockBody else {
            outcome.notice = Notice(
                "The body is too large for an inline route: use lazer record, which writes body files",
                kind: .warning)
            return
        }
        let document = state.document(collectionID: key.collectionID)
        let mocks = document?.collection.environments.filter { $0.kind == .mock }.map(\.name) ?? []
        let current = state.environmentName(collectionID: key.collectionID)
        let suggested = mocks.contains(current ?? "") ? current : mocks.first
        let listed = mocks.isEmpty ? "none yet" : mocks.joined(separator: ", ")
        let label = document.map { mockMatchers(result, key: key, document: $0, redactor: Redactor(secrets: [])).label }
        let prompt = PromptState(
            purpose: .saveMockRoute(key),
            title:
                "Save \(label ?? "\(result.method) \(mockPath(of: result.url))") as a route of the mock environment (\(listed))",
            text: suggested ?? "recorded")
        outcome.requests.append(.openOverlay(.prompt(prompt)))
    }

    /// Checks the environment named in the prompt, then saves the route (or asks about an existing one).
    static func commitMockRoute(
        _ prompt: PromptState, _ state: inout WorkspaceState, _ context: Context, _ outcome: inout Outcome
    ) {
        guard case .saveMockRoute(let key) = prompt.purpose else { return }
        let name = prompt.field.text.trimmingCharacters(in: .whitespaces)
        if let problem = saveMockRoute(key, environment: name, choice: .ask, &state, context, &outcome) {
            var prompt = prompt
            prompt.error = problem
            outcome.requests.append(.openOverlay(.prompt(prompt)))
        }
    }

    /// The dialog's answer: 0 replace, 1 keep both, 2 cancel.
    static func resolveMockRouteExists(
        _ existing: MockRouteExists, choice: Int, _ state: inout WorkspaceState, _ context: Context,
        _ outcome: inout Outcome
    ) {
        outcome.requests.append(.closeOverlay)
        guard choice < 2 else {
            outcome.notice = Notice(
                "Not saved: \(existing.route) in \(existing.environment) is unchanged", kind: .info)
            return
        }
        if let problem = saveMockRoute(
            existing.key, environment: existing.environment, choice: choice == 0 ? .replace : .keepBoth, &state,
            context, &outcome)
        {
            outcome.notice = Notice(problem, kind: .warning)
        }
    }

    /// Writes the shown response as a route of `name` and saves the collection; with `.ask`, an
    /// existing route for the same request opens the dialog instead. Returns why the route was not
    /// saved, for the prompt (or a toast once the prompt is gone).
    private static func saveMockRoute(
        _ key: RequestKey, environment name: String, choice: MockRouteChoice, _ state: inout WorkspaceState,
        _ context: Context, _ outcome: inout Outcome
    ) -> String? {
        guard !name.isEmpty else { return "A mock environment's name is needed" }
        guard var document = state.document(collectionID: key.collectionID) else { return "The collection is gone" }
        guard let result = context.shownResult, let response = result.response else { return "The response is gone" }
        guard response.partial == nil else { return "The body is still arriving: save it once all has come" }
        if let existing = document.collection.environment(named: name), existing.kind != .mock {
            return "\(name) is a live environment: name a mock environment (or a new one)"
        }
        let capturedSecrets = (state.captures[key.collectionID] ?? [:]).values.filter(\.secret).map(\.text)
        let redactor = Redactor(secrets: document.secretValues + capturedSecrets)
        var masked = false
        var headers: [KeyValueRow] = []
        for header in response.headers where RecordedHeaders.keeps(header.name) {
            // A field the mock server could not send (a control character) is left out.
            guard RecordedHeaders.canBeSent(name: header.name, value: header.value) else { continue }
            if redactor.redact(header.value) != header.value {
                masked = true
                continue
            }
            headers.append(KeyValueRow(name: header.name, value: header.value))
        }
        let bytes = response.content.bytes
        var body = SavedMockResponse.Body.none
        if !bytes.isEmpty {
            let text = String(decoding: bytes, as: UTF8.self)
            let safe = redactor.redact(text)
            masked = masked || safe != text
            if case .json = response.content, safe == text, let json = try? StoredJSON(parsing: text) {
                body = .json(json)
            } else {
                body = .text(safe)
            }
        }
        let matchers = mockMatchers(result, key: key, document: document, redactor: redactor)
        masked = masked || !matchers.dropped.isEmpty
        let saved = SavedMockResponse(status: response.status, headers: headers, body: body)
        let index: Int
        if let found = document.collection.environments.firstIndex(where: { $0.name == name }) {
            index = found
        } else {
            document.collection.environments.append(
                Environment(
                    name: name, kind: .mock, baseURL: "http://mock.invalid", description: "Saved from responses."))
            index = document.collection.environments.count - 1
        }
        var routes = document.collection.environments[index].routes
        let verb: String
        if let same = routes.firstIndex(where: matchers.isSame) {
            switch choice {
            case .ask:
                let existing = MockRouteExists(
                    key: key, environment: name, route: matchers.label, answers: routes[same].responses.count)
                outcome.requests.append(.openOverlay(.mockRouteExists(existing, selected: -1)))
                return nil
            case .replace:
                routes[same].responses = [saved]
                routes[same].cycle = false
                verb = "Replaced"
            case .keepBoth:
                routes[same].responses.append(saved)
                verb = "Added answer \(routes[same].responses.count) to"
            }
        } else {
            routes.insert(matchers.route(responses: [saved]), at: matchers.insertionIndex(in: routes))
            verb = "Added"
        }
        document.collection.environments[index].routes = routes
        // The question's answer closed the dialog already.
        if !outcome.requests.contains(.closeOverlay) { outcome.requests.append(.closeOverlay) }
        store(CollectionSlot(document: document), &state, &outcome)
        state.saveNotices[document.collection.id] =
            "\(verb) \(matchers.label) in the mock environment \(name)" + (masked ? " (secrets left out)" : "")
        outcome.effects.append(.save(document, overwrite: false))
        return nil
    }

    /// The route's matchers for the shown result: its method, its path (without the environment's
    /// base path) and the query items of the URL as sent (not those written with a placeholder).
    static func mockMatchers(
        _ result: ExchangeResult, key: RequestKey, document: CollectionDocument, redactor: Redactor
    ) -> RecordedMatchers {
        var path = mockPath(of: result.url)
        if let environment = result.environmentName.flatMap(document.collection.environment(named:)),
            !environment.baseURL.contains("{{"), let base = URL(string: environment.baseURL)?.path,
            base.count > 1, path.hasPrefix(base)
        {
            path = String(path.dropFirst(base.count))
            if path.isEmpty { path = "/" }
        }
        var query = ""
        if let mark = result.url.firstIndex(of: "?") {
            query = String(result.url[result.url.index(after: mark)...].prefix { $0 != "#" })
        }
        let request = document.collection.request(id: key.requestID)
        return RecordedMatchers(
            method: RequestMethod(rawValue: result.method), path: path, query: query,
            body: graphqlBody(result, request: request), redactor: redactor,
            template: request.map(RecordedMatchers.Template.init))
    }

    /// A GraphQL request's body as sent (its request object: the route gets a `graphql` matcher,
    /// the operation and the variables); nil for any other request, whose route matches no body.
    /// A body cut short for the screen is the request's own object instead (its variables as
    /// written: those with a placeholder are not matched on).
    static func graphqlBody(_ result: ExchangeResult, request: SavedRequest?) -> [UInt8]? {
        guard case .graphql(let body)? = request?.body.content, result.method == "POST" else { return nil }
        if case .text(let lines, _, cut: false)? = result.sent?.body {
            return Array(lines.joined(separator: "\n").utf8)
        }
        return Array(body.requestObject.compact().utf8)
    }

    /// The path of a sent URL as a route pattern: without scheme, host and query; a segment holding
    /// a masked secret becomes a wildcard; a segment that reads like pattern syntax stays literal.
    static func mockPath(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        var secrets = 0
        let segments = rest.split(separator: "/").map { segment -> String in
            if segment.contains(Redactor.mask) {
                secrets += 1
                return ":secret\(secrets)"
            }
            if segment.hasPrefix(":") || segment == "*" {
                return "%" + String(format: "%02X", segment.utf8.first ?? 0) + segment.dropFirst()
            }
            return String(segment)
        }
        return "/" + segments.joined(separator: "/")
    }
}
