package import TUI

/// The explorer's keys: one table that resolves key presses, fills the status bar's hints, the
/// help overlay (per pane) and the palette's shortcuts, and takes the user's keymap file.
///
/// Contexts: `global` keys work everywhere, also while typing (they use Ctrl, Alt or F-keys);
/// `outside` keys work when no text field has the keyboard; the pane contexts (`collections`,
/// `request`, `response`, `tree`, `raw`) only where their pane has the focus; `runner` while the
/// Runner view covers the panes (instead of the pane and `outside` keys).
package enum ExplorerKeymap {
    package static let keymap = Keymap([
        // Everywhere.
        KeyBinding("request.send", keys: ["F5", "ctrl+r", "alt+enter"], help: "Send the request", hint: "send"),
        KeyBinding("request.cancel", keys: ["F6"], help: "Cancel the request in flight (also Esc)"),
        KeyBinding("request.save", keys: ["ctrl+s"], help: "Save the request to its collection file", hint: "save"),
        KeyBinding("env.pick", keys: ["F2"], help: "Pick the environment", hint: "env"),
        KeyBinding("app.palette", keys: ["ctrl+p"], help: "Command palette", hint: "commands"),
        KeyBinding("app.help", keys: ["F1"], help: "Keys of the focused pane", hint: "help"),
        KeyBinding("focus.next", keys: ["tab"], help: "Next pane"),
        KeyBinding("focus.previous", keys: ["shift+tab"], help: "Previous pane"),
        KeyBinding("app.quit", keys: ["ctrl+q"], help: "Quit (asks when there are unsaved edits)", hint: "quit"),
        KeyBinding("view.zoom", keys: ["alt+z"], help: "Zoom the focused pane (again: all panes)"),
        KeyBinding("view.requestSmaller", keys: ["alt+up"], help: "Request pane smaller"),
        KeyBinding("view.requestLarger", keys: ["alt+down"], help: "Request pane larger"),
        KeyBinding("app.theme", keys: ["ctrl+t"], help: "Next colour theme"),
        KeyBinding("app.mouse", keys: ["F12"], help: "Mouse on/off (off: the terminal selects text)"),
        KeyBinding("env.variables", keys: ["F4"], help: "Variables in scope and where they come from"),
        KeyBinding("request.focusURL", keys: ["ctrl+l"], help: "Edit the URL"),
        KeyBinding("request.tab1", keys: ["alt+1"], help: "Request tab: Params"),
        KeyBinding("request.tab2", keys: ["alt+2"], help: "Request tab: Headers"),
        KeyBinding("request.tab3", keys: ["alt+3"], help: "Request tab: Body"),
        KeyBinding("request.tab4", keys: ["alt+4"], help: "Request tab: Auth"),
        KeyBinding("request.tab5", keys: ["alt+5"], help: "Request tab: Options"),
        KeyBinding("request.tab6", keys: ["alt+6"], help: "Request tab: Checks"),
        KeyBinding("request.tab7", keys: ["alt+7"], help: "Request tab: Notes"),
        KeyBinding("body.format", keys: ["alt+f"], help: "Pretty-format the JSON body"),
        KeyBinding("body.external", keys: ["alt+e"], help: "Edit the body in $EDITOR"),
        KeyBinding("request.method", keys: ["alt+m"], help: "Next HTTP method"),
        KeyBinding("runner.show", keys: ["F8"], help: "Show or hide the Runner view (the last run)"),

        // Outside text fields.
        KeyBinding("app.palette", keys: [":"], help: "Command palette", context: "outside"),
        KeyBinding("app.help", keys: ["?"], help: "Keys of the focused pane", context: "outside"),
        KeyBinding("app.quit", keys: ["q"], help: "Quit", context: "outside"),
        KeyBinding("view.narrower", keys: ["<"], help: "Collections pane narrower", context: "outside"),
        KeyBinding("view.wider", keys: [">"], help: "Collections pane wider", context: "outside"),
        KeyBinding("view.requestSmaller", keys: ["{"], help: "Request pane smaller", context: "outside"),
        KeyBinding("view.requestLarger", keys: ["}"], help: "Request pane larger", context: "outside"),
        KeyBinding("pane.collections", keys: ["g 1"], help: "Go to the collections pane", context: "outside"),
        KeyBinding("pane.request", keys: ["g 2"], help: "Go to the request pane", context: "outside"),
        KeyBinding("pane.response", keys: ["g 3"], help: "Go to the response pane", context: "outside"),

        // Collections.
        KeyBinding("nav.up", keys: ["up", "k"], help: "Move up", context: "collections"),
        KeyBinding("nav.down", keys: ["down", "j"], help: "Move down", context: "collections"),
        KeyBinding("nav.left", keys: ["left", "h"], help: "Fold / go to the parent", context: "collections"),
        KeyBinding("nav.right", keys: ["right", "l"], help: "Unfold", context: "collections"),
        KeyBinding(
            "nav.open", keys: ["enter"], help: "Open the request (fold/unfold a folder)", context: "collections"),
        KeyBinding("nav.pageUp", keys: ["pgup"], help: "Page up", context: "collections"),
        KeyBinding("nav.pageDown", keys: ["pgdn"], help: "Page down", context: "collections"),
        KeyBinding("nav.top", keys: ["home", "g g"], help: "First row", context: "collections"),
        KeyBinding("nav.bottom", keys: ["end", "G"], help: "Last row", context: "collections"),
        KeyBinding("collections.filter", keys: ["/"], help: "Filter as you type", context: "collections"),
        KeyBinding("collections.newRequest", keys: ["a"], help: "New request here", context: "collections"),
        KeyBinding("collections.newFolder", keys: ["A"], help: "New folder here", context: "collections"),
        KeyBinding("collections.newCollection", keys: ["C"], help: "New collection file", context: "collections"),
        KeyBinding("collections.rename", keys: ["r"], help: "Rename", context: "collections"),
        KeyBinding(
            "collections.duplicate", keys: ["D"], help: "Duplicate the request or folder", context: "collections"),
        KeyBinding("collections.delete", keys: ["d d", "delete"], help: "Delete (u undoes)", context: "collections"),
        KeyBinding("collections.undo", keys: ["u"], help: "Undo the last deletion", context: "collections"),
        KeyBinding("collections.moveDown", keys: ["J"], help: "Move down among its siblings", context: "collections"),
        KeyBinding("collections.moveUp", keys: ["K"], help: "Move up among its siblings", context: "collections"),
        KeyBinding("collections.moveTo", keys: ["m"], help: "Move into another folder", context: "collections"),
        KeyBinding(
            "runner.run", keys: ["R"], help: "Run the folder (or collection) in the Runner view",
            context: "collections"),

        // Request.
        KeyBinding("request.prevTab", keys: ["["], help: "Previous tab", context: "request"),
        KeyBinding("request.nextTab", keys: ["]"], help: "Next tab", context: "request"),
        KeyBinding("request.edit", keys: ["enter", "i"], help: "Edit the field", context: "request"),
        KeyBinding("request.url", keys: ["u"], help: "Edit the URL", context: "request"),
        KeyBinding("request.toggleRow", keys: ["space"], help: "Switch the row on/off", context: "request"),
        KeyBinding("request.addRow", keys: ["a"], help: "Add a row", context: "request"),
        KeyBinding("request.deleteRow", keys: ["d"], help: "Delete the row", context: "request"),
        KeyBinding(
            "request.bodyKind", keys: ["b"], help: "Next body kind (none, JSON, text, form, multipart, file)",
            context: "request"),
        KeyBinding("nav.up", keys: ["up", "k"], help: "Move up", context: "request"),
        KeyBinding("nav.down", keys: ["down", "j"], help: "Move down", context: "request"),
        KeyBinding(
            "nav.left", keys: ["left", "h"], help: "Previous tab (in a table: column; on a ‹ choice ›: the choice)",
            context: "request"),
        KeyBinding(
            "nav.right", keys: ["right", "l"], help: "Next tab (in a table: column; on a ‹ choice ›: the choice)",
            context: "request"),

        // Response.
        KeyBinding("response.prevTab", keys: ["["], help: "Previous tab", context: "response"),
        KeyBinding("response.nextTab", keys: ["]"], help: "Next tab", context: "response"),
        KeyBinding("response.retry", keys: ["r"], help: "Retry (send again)", context: "response"),
        KeyBinding("response.save", keys: ["s"], help: "Save the body to a file", context: "response"),
        KeyBinding("response.saveMock", keys: ["M"], help: "Save the response as a mock route", context: "response"),
        KeyBinding(
            "response.details", keys: ["t"], help: "Error card: show or fold the technical detail", context: "outside"),
        KeyBinding("nav.up", keys: ["up", "k"], help: "Move up", context: "response"),
        KeyBinding("nav.down", keys: ["down", "j"], help: "Move down", context: "response"),
        KeyBinding("nav.pageUp", keys: ["pgup", "ctrl+b"], help: "Page up", context: "response"),
        KeyBinding("nav.pageDown", keys: ["pgdn", "ctrl+f"], help: "Page down", context: "response"),
        KeyBinding("nav.top", keys: ["home", "g g"], help: "Top", context: "response"),
        KeyBinding("nav.bottom", keys: ["end", "G"], help: "Bottom", context: "response"),
        KeyBinding("response.open", keys: ["enter"], help: "Open (history entry)", context: "response"),

        // Tree.
        KeyBinding("nav.left", keys: ["left", "h"], help: "Fold / go to the parent", context: "tree"),
        KeyBinding("nav.right", keys: ["right", "l"], help: "Unfold", context: "tree"),
        KeyBinding(
            "tree.toggle", keys: ["enter", "space"], help: "Fold/unfold (a long string: view it)", context: "tree"),
        KeyBinding("tree.expandAll", keys: ["z R", "E"], help: "Unfold everything", context: "tree"),
        KeyBinding("tree.collapseAll", keys: ["z M", "W"], help: "Fold everything", context: "tree"),
        KeyBinding("tree.depth1", keys: ["z 1"], help: "Unfold to depth 1", context: "tree"),
        KeyBinding("tree.depth2", keys: ["z 2"], help: "Unfold to depth 2", context: "tree"),
        KeyBinding("tree.depth3", keys: ["z 3"], help: "Unfold to depth 3", context: "tree"),
        KeyBinding("tree.search", keys: ["/"], help: "Search keys and values", context: "tree"),
        KeyBinding("tree.next", keys: ["n"], help: "Next match", context: "tree"),
        KeyBinding("tree.previous", keys: ["N"], help: "Previous match", context: "tree"),
        KeyBinding("tree.filter", keys: ["|"], help: "JSONPath filter (empty: off)", context: "tree"),
        KeyBinding("tree.copyValue", keys: ["y"], help: "Copy the value", context: "tree"),
        KeyBinding("tree.copyPath", keys: ["Y"], help: "Copy the value's JSONPath", context: "tree"),

        // The Runner view, while it is on screen (Esc hides it too; F-keys, Ctrl and Alt stay global).
        KeyBinding("runner.up", keys: ["up", "k"], help: "Previous request", context: "runner"),
        KeyBinding("runner.down", keys: ["down", "j"], help: "Next request", context: "runner"),
        KeyBinding("runner.pageUp", keys: ["pgup"], help: "Ten requests up", context: "runner"),
        KeyBinding("runner.pageDown", keys: ["pgdn"], help: "Ten requests down", context: "runner"),
        KeyBinding("runner.top", keys: ["home", "g"], help: "First request", context: "runner"),
        KeyBinding("runner.bottom", keys: ["end", "G"], help: "Last request", context: "runner"),
        KeyBinding(
            "runner.open", keys: ["enter"], help: "Open the request with the run's exchange", context: "runner"),
        KeyBinding("runner.cancel", keys: ["c"], help: "Cancel the run", context: "runner"),
        KeyBinding("runner.again", keys: ["r"], help: "Run the same folder or collection again", context: "runner"),
        KeyBinding("runner.hide", keys: ["q"], help: "Hide the view (also Esc; F8 shows it)", context: "runner"),
        KeyBinding("app.help", keys: ["?"], help: "The Runner view's keys", context: "runner"),

        // Raw.
        KeyBinding("raw.wrap", keys: ["w"], help: "Wrap long lines on/off", context: "raw"),
        KeyBinding("raw.hex", keys: ["x"], help: "Hex dump on/off", context: "raw"),
        KeyBinding("raw.pretty", keys: ["p"], help: "Pretty / exact bytes", context: "raw"),
        KeyBinding("raw.copy", keys: ["y"], help: "Copy the body", context: "raw"),
    ])

    /// Actions shown in the status bar, in order.
    package static let hintActions = [
        "request.send", "request.save", "env.pick", "app.palette", "app.help", "app.quit",
    ]
}
