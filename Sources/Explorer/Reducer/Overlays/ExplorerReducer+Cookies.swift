import HTTPCore
import TUI

/// The root's part of the Cookies dialog: which jar it shows (the current collection in its
/// selected environment: the jar its sends use), and a value typed in its prompt.
extension ExplorerReducer {
    /// `c` in the response pane, or the palette's "Cookies": the dialog, and the jar read.
    static func openCookies(_ state: inout ExplorerState, selected: Int = 0) -> [ExplorerEffect] {
        guard let id = state.currentCollectionID else {
            notify(&state, "No collection: cookies are kept per collection and environment", kind: .warning)
            return []
        }
        let jar = CookieJarKey(collectionID: id, environment: state.environmentName(collectionID: id))
        reduceOverlays(.open(.cookies(CookiesDialog(jar: jar, selected: selected))), &state)
        return [.loadCookies(jar)]
    }

    /// Enter in the value prompt: the cookie with its new value is written, the dialog comes back.
    static func commitCookieValue(
        _ prompt: PromptState, _ jar: CookieJarKey, _ cookie: Cookie, _ selected: Int, _ state: inout ExplorerState
    ) -> [ExplorerEffect] {
        var changed = cookie
        changed.value = prompt.field.text
        reduceOverlays(.open(.cookies(CookiesDialog(jar: jar, selected: selected))), &state)
        notify(&state, "Cookie \(cookie.name) changed", kind: .info)
        return [.changeCookies(jar, [.put(changed)])]
    }
}
