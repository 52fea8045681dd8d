/// A named set of styles, one per `ThemeRole`. Loaded from `themes/*.json` (see
/// docs/themes.md); roles a file leaves out fall back to `text`.
package struct Theme: Hashable, Sendable {
    package var name: String
    package var styles: [ThemeRole: Style]

    package init(name: String, styles: [ThemeRole: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style of a role (a missing role uses `text`, then the plain style).
    package subscript(role: ThemeRole) -> Style {
        styles[role] ?? styles[.text] ?? .plain
    }

    /// The built-in dark theme: the same content as `themes/dark.json`, compiled in so a missing
    /// or broken themes folder still leaves a working screen.
    package static let defaultDark: Theme = {
        do {
            return try ThemeLoader.decode(Array(ThemeLoader.builtInDarkJSON.utf8), file: "<built-in dark>")
        } catch {
            return monochrome
        }
    }()

    /// No colours at all, only attributes: chosen when `NO_COLOR` is set.
    package static let monochrome = Theme(
        name: "monochrome",
        styles: [
            .text: .plain, .muted: Style(modifiers: .dim), .accent: Style(modifiers: .bold),
            .border: Style(modifiers: .dim), .focusedBorder: Style(modifiers: .bold), .title: Style(modifiers: .bold),
            .selection: Style(modifiers: .reverse), .statusBar: Style(modifiers: .reverse),
            .keyHint: Style(modifiers: [.reverse, .bold]), .match: Style(modifiers: [.bold, .underline]),
            .cursorLine: Style(modifiers: .underline), .error: Style(modifiers: [.bold, .underline]),
            .warning: Style(modifiers: .bold), .success: .plain, .info: .plain,
            .status4xx: Style(modifiers: .bold), .status5xx: Style(modifiers: [.bold, .underline]),
            .jsonKey: Style(modifiers: .bold), .jsonPunctuation: Style(modifiers: .dim),
        ]
    )
}
