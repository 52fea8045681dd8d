package import TUI

/// The demo's keys: the standard keymap plus the demo's own actions, one table that resolves key
/// presses, fills the status bar's hints, the help overlay and the command palette's shortcuts,
/// and takes the user's keymap file.
package enum DemoKeys {
    package static let keymap = Keymap.standard.merging([
        KeyBinding("app.theme", keys: ["t", "ctrl+t"], help: "Next colour theme", hint: "theme"),
        KeyBinding("demo.explorer", keys: ["1"], help: "Explorer page (tree and text area)"),
        KeyBinding("demo.widgets", keys: ["2"], help: "Widgets page (list, table, headers, progress)"),
        KeyBinding("demo.mouse", keys: ["m"], help: "Mouse reporting on/off (off lets you select text)", hint: "mouse"),
        KeyBinding("demo.edit", keys: ["e"], help: "Edit the text in $EDITOR", hint: "edit"),
        KeyBinding("demo.pager", keys: ["p"], help: "Show the text in $PAGER", hint: "pager"),
        KeyBinding("demo.copy", keys: ["y"], help: "Copy the selection (OSC 52, xclip, wl-copy)", hint: "copy"),
    ])

    /// Actions shown in the status bar, in order.
    static let hintActions = [
        "app.quit", "app.help", "app.palette", "app.theme", "search.start", "demo.mouse", "demo.edit", "demo.copy",
    ]

    /// The command palette: a title and the action it runs (themes are added by name).
    static func commands(themes: [String]) -> [(title: String, action: String)] {
        [
            ("Next colour theme", "app.theme"), ("Explorer page", "demo.explorer"), ("Widgets page", "demo.widgets"),
            ("Search the tree", "search.start"), ("Toggle mouse reporting", "demo.mouse"),
            ("Edit the text in $EDITOR", "demo.edit"), ("Show the text in $PAGER", "demo.pager"),
            ("Copy the selection", "demo.copy"), ("Show the keys", "app.help"), ("Quit", "app.quit"),
        ] + themes.map { ("Theme: \($0)", "theme:\($0)") }
    }

}
