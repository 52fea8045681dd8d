package import TUI

/// The screen slice's state, forwarded for the views, the layout, the program's start and tests;
/// the reducer changes it through `ScreenReducer` (`ExplorerReducer.reduceScreen`).
extension ExplorerState {
    package var size: Size {
        get { screen.size }
        set { screen.size = newValue }
    }

    package var theme: Theme {
        get { screen.theme }
        set { screen.theme = newValue }
    }

    package var themes: ThemeCatalog {
        get { screen.themes }
        set { screen.themes = newValue }
    }

    package var mouseEnabled: Bool {
        get { screen.mouseEnabled }
        set { screen.mouseEnabled = newValue }
    }

    package var focus: Pane {
        get { screen.focus }
        set { screen.focus = newValue }
    }

    package var zoomed: Pane? {
        get { screen.zoomed }
        set { screen.zoomed = newValue }
    }

    package var collectionsWidth: Int {
        get { screen.collectionsWidth }
        set { screen.collectionsWidth = newValue }
    }

    package var collectionsWidthIsAutomatic: Bool {
        get { screen.collectionsWidthIsAutomatic }
        set { screen.collectionsWidthIsAutomatic = newValue }
    }

    package var requestShare: Int {
        get { screen.requestShare }
        set { screen.requestShare = newValue }
    }

    package var requestShareIsAutomatic: Bool {
        get { screen.requestShareIsAutomatic }
        set { screen.requestShareIsAutomatic = newValue }
    }
}
