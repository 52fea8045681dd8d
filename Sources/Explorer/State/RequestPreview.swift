import Foundation
import Interop
package import Workspace

/// The request as it will be sent in an environment, for the screen: the resolved URL (secrets
/// masked), every unresolved variable, and the resolved request itself (for copy as curl).
/// Dynamic values show still samples here (`‹uuid›`, `‹random›`, times at 1970-01-01T00:00:00Z,
/// the lowest number of a `$randomInt` range; `$dotenv` as written, since the preview is drawn every
/// frame and must not read files), so the preview stays still between frames and their arguments
/// are checked; a send computes them afresh and the timeline shows what was sent.
package struct RequestPreview: Sendable {
    package var url: String
    package var problems: [VariableProblem]
    package var resolved: ResolvedRequest
    package var redactor: Redactor
    package var baseURL: String?
    /// The `{{$prompt}}` / `{{$select}}` a send asks first (shown as written here: "asked at send").
    package var prompts: [PromptRequest]

    package init(
        _ request: SavedRequest, in document: CollectionDocument, environment: Environment?,
        captures: [String: VariableScope.Value], processEnvironment: [String: String]
    ) {
        // The same resolution an export makes (Interop), with still placeholders for dynamic values.
        let resolution = ExportResolution(
            request, in: document, environment: environment, captures: captures,
            processEnvironment: processEnvironment, dynamic: Self.placeholders)
        redactor = resolution.redactor
        resolved = resolution.resolved
        baseURL = resolution.baseURL
        problems = resolution.problems
        prompts = resolution.prompts
        if case .path = resolved.target, baseURL == nil {
            url = redactor.redact(resolved.displayURL(baseURL: "{{no base URL}}"))
        } else {
            url = redactor.redact(resolved.displayURL(baseURL: baseURL))
        }
        // A WebSocket request (or a GraphQL subscription) on an http(s) URL connects over ws(s):
        // say where it goes.
        if request.opensWebSocket {
            if url.hasPrefix("https://") {
                url = "wss://" + url.dropFirst(8)
            } else if url.hasPrefix("http://") {
                url = "ws://" + url.dropFirst(7)
            }
        }
    }

    /// Stable stand-ins for the dynamic values.
    static let placeholders = DynamicValues(
        now: { Date(timeIntervalSince1970: 0) }, uuid: { "‹uuid›" }, randomInt: { $0.lowerBound },
        randomString: { _ in "‹random›" }, readsFiles: false)

    /// The preview of the selected request in `state`, if one is selected.
    package static func of(_ state: ExplorerState) -> RequestPreview? {
        guard let key = state.selection, let request = state.request(key),
            let document = state.document(collectionID: key.collectionID)
        else { return nil }
        return RequestPreview(
            request, in: document, environment: state.environment(collectionID: key.collectionID),
            captures: state.captures[key.collectionID] ?? [:], processEnvironment: state.processEnvironment)
    }
}
