import Foundation
import HTTPCore
import TUI
import Workspace

/// "Save the response as a mock route" (`M` in the response pane, or the palette): the shown
/// response becomes a route of a mock environment of the request's collection — method and path
/// as sent, status, the headers that describe the body, the body inline — so the same request
/// answers offline. A prompt names the environment (a new name creates a mock environment); a
/// route for the same method and path there is replaced, never duplicated. Secrets never reach
/// the file: credential and cookie headers are left out, secret values in the body are masked,
/// and a path segment holding one becomes a wildcard.
extension ExplorerReducer {
    /// Bodies larger than this are not put inline in a collection file (`lazer record` writes files).
    static let maxInlineMockBody = 256 << 10

    /// Opens the prompt for the mock environment's name.
    static func promptMockRoute(_ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, let result = state.shownResult, let response = result.response else {
            notify(&state, "No response to save as a mock route", kind: .info)
            return []
        }
        guard response.content.bytes.count <= maxInlineMockBody else {
            notify(
                &state, "The body is too large for an inline route: use lazer record, which writes body files",
                kind: .warning)
            return []
        }
        let collection = state.document(collectionID: key.collectionID)?.collection
        let mocks = collection?.environments.filter { $0.kind == .mock }.map(\.name) ?? []
        let current = state.environmentName(collectionID: key.collectionID)
        let suggested = mocks.contains(current ?? "") ? current : mocks.first
        let listed = mocks.isEmpty ? "none yet" : mocks.joined(separator: ", ")
        state.overlay = .prompt(
            PromptState(
                purpose: .saveMockRoute(key),
                title:
                    "Save \(result.method) \(mockPath(of: result.url)) as a route of the mock environment (\(listed))",
                text: suggested ?? "recorded"))
        return []
    }

    /// Writes the route into the named mock environment and saves the collection.
    static func commitMockRoute(_ prompt: PromptState, _ state: inout ExplorerState) -> [ExplorerEffect] {
        func fail(_ message: String) -> [ExplorerEffect] {
            var prompt = prompt
            prompt.error = message
            state.overlay = .prompt(prompt)
            return []
        }
        guard case .saveMockRoute(let key) = prompt.purpose else { return [] }
        let name = prompt.field.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return fail("A mock environment's name is needed") }
        guard var document = state.document(collectionID: key.collectionID) else {
            return fail("The collection is gone")
        }
        guard let result = state.shownResult, let response = result.response else {
            return fail("The response is gone")
        }
        if let existing = document.collection.environment(named: name), existing.kind != .mock {
            return fail("\(name) is a live environment: name a mock environment (or a new one)")
        }
        let capturedSecrets = (state.captures[key.collectionID] ?? [:]).values.filter(\.secret).map(\.text)
        let redactor = Redactor(secrets: document.secretValues + capturedSecrets)
        var masked = false
        var headers: [KeyValueRow] = []
        for header in response.headers where RecordedHeaders.keeps(header.name) {
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
        var path = mockPath(of: result.url)
        if let environment = result.environmentName.flatMap(document.collection.environment(named:)),
            !environment.baseURL.contains("{{"), let base = URL(string: environment.baseURL)?.path,
            base.count > 1, path.hasPrefix(base)
        {
            path = String(path.dropFirst(base.count))
            if path.isEmpty { path = "/" }
        }
        let method = RequestMethod(rawValue: result.method)
        let saved = SavedMockResponse(status: response.status, headers: headers, body: body)
        if document.collection.environment(named: name) == nil {
            document.collection.environments.append(
                Environment(
                    name: name, kind: .mock, baseURL: "http://mock.invalid", description: "Saved from responses."))
        }
        guard let index = document.collection.environments.firstIndex(where: { $0.name == name }) else { return [] }
        var routes = document.collection.environments[index].routes
        let replaced = routes.firstIndex { $0.method == method && $0.path == path }
        if let replaced {
            routes[replaced].responses = [saved]
            routes[replaced].cycle = false
        } else {
            routes.append(SavedMockRoute(method: method, path: path, responses: [saved]))
        }
        document.collection.environments[index].routes = routes
        state.overlay = nil
        store(CollectionSlot(document: document), &state)
        let verb = replaced == nil ? "Added" : "Replaced"
        state.saveNotices[document.collection.id] =
            "\(verb) \(result.method) \(path) in the mock environment \(name)" + (masked ? " (secrets left out)" : "")
        return [.save(document, overwrite: false)]
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
