package import TUI

/// The screen's slice: reduces only `ScreenState` (the size, the focus and zoom, the split, the
/// theme, the mouse). Its Context is the collections pane's width as the automatic layout draws
/// it now (`<`/`>` start from there); its Outcome is a notice (the theme, the mouse) and the
/// mouse reporting effect. The root sends it the focus moves that keys, clicks and other slices
/// ask for.
package enum ScreenReducer: SliceReducer {
    package typealias State = ScreenState

    package enum Action: Equatable, Sendable {
        case resize(Size)
        case focus(Pane)
        /// Tab / Shift+Tab: the next (or previous) pane; a zoomed screen shows that one.
        case cycleFocus(backwards: Bool)
        /// `Alt+Z`: the focused pane alone, or all three again.
        case zoom
        /// `<` / `>`: the collections pane 4 cells narrower or wider (it stops following the screen).
        case collectionsWidth(wider: Bool)
        /// `Alt+↑` / `Alt+↓`: the request pane's share of the right column, 5 % at a time.
        case requestShare(larger: Bool)
        case nextTheme
        /// A theme chosen by name in the palette (an unknown name changes nothing).
        case theme(String)
        /// `F12`: mouse reporting off (the terminal selects text) or on.
        case toggleMouse
    }

    package struct Context: Equatable, Sendable {
        /// The collections pane's width as laid out now (nil: not shown).
        package var collectionsWidth: Int?
        /// The request pane's height on screen when it grew with the focus (nil: it did not).
        package var grownRequestHeight: Int?

        package init(collectionsWidth: Int? = nil, grownRequestHeight: Int? = nil) {
            self.collectionsWidth = collectionsWidth
            self.grownRequestHeight = grownRequestHeight
        }
    }

    /// The screen asks nothing of the other slices.
    package enum Request: Equatable, Sendable {}

    package typealias Outcome = SliceRequests<Request>

    package static func reduce(_ state: inout ScreenState, _ action: Action, _ context: Context) -> Outcome {
        switch action {
        case .resize(let size):
            state.size = size
        case .focus(let pane):
            state.focus = pane
        case .cycleFocus(let backwards):
            state.focus = state.focus.cycled(backwards: backwards)
            if state.zoomed != nil { state.zoomed = state.focus }
        case .zoom:
            state.zoomed = state.zoomed == nil ? state.focus : nil
        case .collectionsWidth(let wider):
            if state.collectionsWidthIsAutomatic {
                state.collectionsWidth = context.collectionsWidth ?? state.collectionsWidth
                state.collectionsWidthIsAutomatic = false
            }
            state.collectionsWidth =
                wider
                ? min(max(16, state.size.width - 40), state.collectionsWidth + 4)
                : max(16, state.collectionsWidth - 4)
        case .requestShare(let larger):
            if state.requestShareIsAutomatic {
                // From the height on screen when it grew with the focus.
                if let shown = context.grownRequestHeight {
                    let right = max(1, state.size.height - 2)
                    state.requestShare = (shown * 100 + right - 1) / right
                }
                state.requestShareIsAutomatic = false
            }
            state.requestShare = larger ? min(85, state.requestShare + 5) : max(15, state.requestShare - 5)
        case .nextTheme:
            state.theme = state.themes.theme(after: state.theme.name)
            return Outcome(notice: Notice("Theme: \(state.theme.name)", kind: .info))
        case .theme(let name):
            if let theme = state.themes.theme(named: name) { state.theme = theme }
        case .toggleMouse:
            state.mouseEnabled.toggle()
            return Outcome(
                effects: [.setMouse(state.mouseEnabled)],
                notice: Notice(
                    state.mouseEnabled ? "Mouse on" : "Mouse off: the terminal selects text (F12: on)", kind: .info))
        }
        return Outcome()
    }
}
