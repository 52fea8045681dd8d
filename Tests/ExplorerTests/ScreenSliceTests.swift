import Explorer
import ExplorerTesting
import TUI
import Testing

/// The screen slice on its own, stepped exhaustively: the focus cycles (a zoomed screen follows
/// it), the collections pane narrows and widens from the width it is drawn at, the request pane's
/// share stays within bounds, themes and the mouse switch with a word, a resize is the new size.
struct ScreenSliceTests {
    private func steps() -> SliceStepDriver<ScreenReducer> {
        let themes = ThemeCatalog(themes: [Theme.defaultDark, Theme.monochrome])
        return SliceStepDriver(
            state: ScreenState(size: Size(width: 120, height: 40), theme: Theme.defaultDark, themes: themes),
            context: ScreenReducer.Context())
    }

    @Test func theFocusCyclesAndAZoomedScreenFollowsIt() {
        var steps = steps()
        steps.step(.cycleFocus(backwards: false)) { $0.focus = .request }
        steps.step(.cycleFocus(backwards: true)) { $0.focus = .collections }
        steps.step(.cycleFocus(backwards: true)) { $0.focus = .response }
        steps.step(.zoom) { $0.zoomed = .response }
        steps.step(.cycleFocus(backwards: false)) {
            $0.focus = .collections
            $0.zoomed = .collections
        }
        steps.step(.zoom) { $0.zoomed = nil }
        steps.step(.focus(.request)) { $0.focus = .request }
        steps.step(.resize(Size(width: 80, height: 24))) { $0.size = Size(width: 80, height: 24) }
    }

    @Test func theSplitMovesFromWhatIsDrawnWithinBounds() {
        var steps = steps()
        // The width the pane is drawn at while it follows the screen is where `<` starts.
        steps.context.collectionsWidth = 36
        steps.step(.collectionsWidth(wider: false)) {
            $0.collectionsWidth = 32
            $0.collectionsWidthIsAutomatic = false
        }
        steps.step(.collectionsWidth(wider: true)) { $0.collectionsWidth = 36 }
        for _ in 0..<20 {
            steps.step(.collectionsWidth(wider: true)) { $0.collectionsWidth = min(80, $0.collectionsWidth + 4) }
        }
        #expect(steps.state.collectionsWidth == 80)
        for _ in 0..<20 {
            steps.step(.collectionsWidth(wider: false)) { $0.collectionsWidth = max(16, $0.collectionsWidth - 4) }
        }
        #expect(steps.state.collectionsWidth == 16)
        // The first press stops the pane from growing with the focus.
        steps.step(.requestShare(larger: true)) {
            $0.requestShare = 47
            $0.requestShareIsAutomatic = false
        }
        for _ in 0..<10 { steps.step(.requestShare(larger: true)) { $0.requestShare = min(85, $0.requestShare + 5) } }
        #expect(steps.state.requestShare == 85)
        steps.step(.requestShare(larger: false)) { $0.requestShare = 80 }
    }

    @Test func themesAndTheMouseSwitchWithAWord() {
        var steps = steps()
        steps.step(.nextTheme, outcome: .init(notice: Notice("Theme: monochrome", kind: .info))) {
            $0.theme = Theme.monochrome
        }
        steps.step(.theme(Theme.defaultDark.name)) { $0.theme = Theme.defaultDark }
        steps.step(.theme("no such theme"))
        steps.step(
            .toggleMouse,
            outcome: .init(
                effects: [.setMouse(false)],
                notice: Notice("Mouse off: the terminal selects text (F12: on)", kind: .info))
        ) { $0.mouseEnabled = false }
        steps.step(.toggleMouse, outcome: .init(effects: [.setMouse(true)], notice: Notice("Mouse on", kind: .info))) {
            $0.mouseEnabled = true
        }
    }
}
