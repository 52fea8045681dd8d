/// Themed versions of the common widgets, so views pick roles rather than colours.
extension Theme {
    /// Text on the theme background: lay it over the whole screen first.
    package var base: Style { self[.text].patched(with: Style(background: styles[.background]?.background)) }

    /// A bordered pane whose border shows whether it has focus.
    package func block(title: String, focused: Bool, bottomTitle: Line? = nil) -> Block {
        Block(
            title: Line(title, style: self[.title]), bottomTitle: bottomTitle,
            borderStyle: self[focused ? .focusedBorder : .border]
        )
    }

    package func list(_ items: [Line]) -> ListView {
        ListView(items, highlightStyle: self[.selection], matchStyle: self[.match])
    }

    package func statusBar(message: Line = Line(""), hints: [KeyHint], right: Line = Line("")) -> StatusBar {
        StatusBar(message: message, hints: hints, right: right, style: self[.statusBar], keyStyle: self[.keyHint])
    }

    package func palette(commands: [String], shortcuts: [String] = []) -> CommandPalette {
        CommandPalette(
            commands: commands, shortcuts: shortcuts, style: base, borderStyle: self[.focusedBorder],
            matchStyle: self[.match], highlightStyle: self[.selection]
        )
    }

    package func dialog(title: String, message: String, buttons: [String] = ["OK"], selectedButton: Int = 0) -> Dialog {
        Dialog(
            title: title, message: message, buttons: buttons, selectedButton: selectedButton, style: base,
            borderStyle: self[.focusedBorder], buttonStyle: self[.selection]
        )
    }

    package func toast(_ message: String, kind: Toast.Kind) -> Toast {
        let role: ThemeRole =
            switch kind {
            case .info: .info
            case .success: .success
            case .warning: .warning
            case .error: .error
            }
        return Toast(message, kind: kind, style: base.patched(with: self[role]))
    }
}
