import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing

/// The Cookies dialog's keys in the dialogs' slice: moving, deleting and clearing (after `y`) as
/// effects on the jar file, editing through a prompt, a late read of another jar ignored.
struct CookiesSliceTests {
    let jar = CookieJarKey(collectionID: "c", environment: "dev")
    let a = Cookie(name: "a", value: "1", domain: "h.test", created: Date(timeIntervalSince1970: 1))
    let b = Cookie(name: "b", value: "2", domain: "h.test", created: Date(timeIntervalSince1970: 2))

    @Test func movesDeletesClearsAfterAskingAndEditsInAPrompt() {
        var steps = SliceStepDriver<OverlayReducer>(state: OverlayState(), context: OverlayReducer.Context(now: .zero))
        let empty = CookiesDialog(jar: jar)
        steps.step(.open(.cookies(empty))) { $0.overlay = .cookies(empty) }
        // A read of another environment's jar does not land here.
        steps.step(.cookiesLoaded(CookieJarKey(collectionID: "c", environment: "prod"), [a], error: nil))
        var loaded = CookiesDialog(jar: jar, cookies: [a, b])
        steps.step(.cookiesLoaded(jar, [a, b], error: nil)) { [loaded] in $0.overlay = .cookies(loaded) }
        loaded.selected = 1
        steps.step(.key(.char("j"))) { [loaded] in $0.overlay = .cookies(loaded) }
        steps.step(.key(.char("j")))
        steps.step(.key(.char("e"))) {
            $0.overlay = .prompt(
                PromptState(purpose: .cookieValue(jar, b, selected: 1), title: "Value of b (h.test/)", text: "2"))
        }
        steps.step(.open(.cookies(loaded))) { [loaded] in $0.overlay = .cookies(loaded) }
        var deleted = CookiesDialog(jar: jar, cookies: [a])
        steps.step(
            .key(.char("d")),
            outcome: OverlayReducer.Outcome(
                effects: [.changeCookies(jar, [.remove(b.key)])],
                notice: Notice("Deleted cookie b (h.test)", kind: .info))
        ) { [deleted] in $0.overlay = .cookies(deleted) }
        deleted.confirmingClear = true
        steps.step(.key(.char("C"))) { [deleted] in $0.overlay = .cookies(deleted) }
        deleted.confirmingClear = false
        steps.step(.key(.char("n")), outcome: OverlayReducer.Outcome(notice: Notice("Cookies kept", kind: .info))) {
            [deleted] in $0.overlay = .cookies(deleted)
        }
        steps.step(.key(.char("C"))) { [deleted] in
            var asking = deleted
            asking.confirmingClear = true
            $0.overlay = .cookies(asking)
        }
        steps.step(
            .key(.char("y")),
            outcome: OverlayReducer.Outcome(
                effects: [.changeCookies(jar, [.removeAll])], notice: Notice("Cleared 1 cookie", kind: .info))
        ) { $0.overlay = .cookies(CookiesDialog(jar: jar, cookies: [])) }
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = nil }
    }
}
