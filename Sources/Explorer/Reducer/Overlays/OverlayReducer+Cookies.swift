import HTTPCore
import TUI

/// Keys of the Cookies dialog: move, `e`/Enter edits the highlighted cookie's value (a prompt),
/// `d`/Delete deletes it, `C` clears the jar after asking (`y`), `r` reads the file again, Esc
/// (or `q`, `c`) closes. Every change is an effect on the jar's file, merged with what another
/// explorer wrote meanwhile; the jar as written comes back and is listed.
extension OverlayReducer {
    static func cookiesKey(_ key: KeyEvent, _ dialog: CookiesDialog, _ state: inout OverlayState) -> Outcome {
        var dialog = dialog
        if dialog.confirmingClear {
            dialog.confirmingClear = false
            guard key == .char("y") else {
                state.overlay = .cookies(dialog)
                return Outcome(notice: Notice("Cookies kept", kind: .info))
            }
            let count = dialog.cookies?.count ?? 0
            dialog.cookies = []
            dialog.selected = 0
            state.overlay = .cookies(dialog)
            return Outcome(
                effects: [.changeCookies(dialog.jar, [.removeAll])],
                notice: Notice("Cleared \(count) cookie\(count == 1 ? "" : "s")", kind: .info))
        }
        let count = dialog.cookies?.count ?? 0
        switch key {
        case KeyEvent(.escape), .char("q"), .char("c"):
            state.overlay = nil
            return Outcome()
        case .char("r"):
            dialog.cookies = nil
            state.overlay = .cookies(dialog)
            return Outcome(effects: [.loadCookies(dialog.jar)])
        case .char("e"), KeyEvent(.enter):
            guard let cookie = dialog.selectedCookie else { return Outcome() }
            let place = cookie.domain + cookie.path
            state.overlay = .prompt(
                PromptState(
                    purpose: .cookieValue(dialog.jar, cookie, selected: dialog.selected),
                    title: "Value of \(cookie.name) (\(place))", text: cookie.value))
            return Outcome()
        case .char("d"), KeyEvent(.delete):
            guard let cookie = dialog.selectedCookie else { return Outcome() }
            dialog.cookies?.remove(at: dialog.selected)
            dialog.selected = max(0, min(dialog.selected, count - 2))
            state.overlay = .cookies(dialog)
            return Outcome(
                effects: [.changeCookies(dialog.jar, [.remove(cookie.key)])],
                notice: Notice("Deleted cookie \(cookie.name) (\(cookie.domain))", kind: .info))
        case .char("C"):
            guard count > 0 else { return Outcome() }
            dialog.confirmingClear = true
            state.overlay = .cookies(dialog)
            return Outcome()
        default:
            let step: Int
            switch key.key {
            case .down, .character("j"): step = 1
            case .up, .character("k"): step = -1
            case .pageDown: step = 10
            case .pageUp: step = -10
            case .home: step = -count
            case .end: step = count
            default: step = 0
            }
            guard step != 0, count > 0 else { return Outcome() }
            dialog.selected = max(0, min(count - 1, dialog.selected + step))
            state.overlay = .cookies(dialog)
            return Outcome()
        }
    }
}
