package import TUI

/// The screen slice's state (`ScreenReducer`): the terminal's size, the pane with the focus and
/// the one zoomed, how the panes split the screen, the theme, and whether the mouse is on.
package struct ScreenState: Sendable, Equatable {
    package var size: Size
    package var theme: Theme
    package var themes: ThemeCatalog
    package var mouseEnabled = true
    package var focus: Pane = .collections
    /// The pane shown alone (`Alt+Z`), if any.
    package var zoomed: Pane?
    /// Width of the collections pane in cells (`<`/`>` change it).
    package var collectionsWidth = 34
    /// Until `<`/`>` is pressed the width also follows the screen: at most 30 % of it.
    package var collectionsWidthIsAutomatic = true
    /// Share of the right column the request pane takes, in percent (`Alt+↑`/`Alt+↓`).
    package var requestShare = 42
    /// Until `Alt+↑`/`Alt+↓` is pressed the request pane also grows while it has the focus on a
    /// short screen (at 80×24 its Params tab showed one query row).
    package var requestShareIsAutomatic = true

    package init(size: Size, theme: Theme, themes: ThemeCatalog = ThemeCatalog()) {
        self.size = size
        self.theme = theme
        self.themes = themes
    }
}
