import TUI
import Workspace

/// The oauth2 token commands of the palette: get a new token, refresh it, forget it. The token
/// lives in the services' broker (and its cache file), so the reducer asks for an effect; a new
/// or refreshed token is then obtained by sending the request, its token stage in the Timeline.
extension ExplorerReducer {
    static func oauthToken(_ command: RequestCommand, _ state: inout ExplorerState) -> [ExplorerEffect] {
        guard let target = sendTarget(state) else {
            notify(&state, "Pick a request first", kind: .info)
            return []
        }
        guard case .oauth2 = target.document.collection.authInForce(for: target.request).auth.scheme else {
            notify(&state, "This request has no oauth2 auth", kind: .info)
            return []
        }
        let job = OAuthTokenJob(
            key: target.key, request: target.request, document: target.document,
            environmentName: target.environment?.name, change: command == .oauthRefresh ? .expire : .forget)
        guard command != .oauthForget else { return [.oauthToken(job)] }
        return [.oauthToken(job)] + send(&state)
    }

    /// A request with oauth2 auth was selected and its token is not known yet: the Auth tab shows
    /// the cached token's state (valid until, expired, scopes, claims) before any send, read by an
    /// effect from the cache.
    static func readCachedToken(_ state: ExplorerState) -> [ExplorerEffect] {
        guard let key = state.selection, state.exchanges[key]?.token == nil, let request = state.request(key),
            let document = state.document(collectionID: key.collectionID),
            case .oauth2 = document.collection.authInForce(for: request).auth.scheme
        else { return [] }
        return [
            .oauthToken(
                OAuthTokenJob(
                    key: key, request: request, document: document,
                    environmentName: state.environment(collectionID: key.collectionID)?.name, change: .read))
        ]
    }
}
