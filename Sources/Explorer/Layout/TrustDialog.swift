import TUI

/// The trust question's dialog, and whether its text fits the screen whole: a command or script
/// that cannot be read before it is trusted is not trusted — the dialog then says so and offers
/// only Cancel, and Alt+T does nothing (the keys and the view ask the same `fits`).
enum TrustDialog {
    static let width = 84

    static func dialog(_ question: TrustQuestion, selected: Int, theme: Theme, screen: Rect) -> Dialog {
        let action = question.isRun ? "Trust and run (Alt+T)" : "Trust and send (Alt+T)"
        let what = question.subject == .scripts ? "scripts" : "commands"
        var dialog = theme.dialog(
            title: "Run \(what) of \(question.collectionName)?", message: QuestionText.trust(question),
            buttons: [action, "Cancel (Alt+C)"], selectedButton: selected)
        dialog.width = Self.width(dialog, screen: screen)
        guard fits(dialog, screen: screen) else {
            let count = question.commands.count
            let noun = question.subject == .scripts ? "script" : "command"
            let them = count == 1 ? "one \(noun)" : "\(count) \(noun)s"
            var refusal = theme.dialog(
                title: "Run \(what) of \(question.collectionName)?",
                message: "\(question.fileName) asks to run \(them) too long "
                    + "to show whole in a \(screen.width)×\(screen.height) terminal, and nothing is trusted unseen: "
                    + "enlarge the terminal to read \(count == 1 ? "it" : "them") here, or read the file. Esc cancels.",
                buttons: ["Cancel (Alt+C)"], selectedButton: 0)
            refusal.width = dialog.width
            return refusal
        }
        return dialog
    }

    /// The question's whole text and its buttons fit on `screen`.
    static func fits(_ question: TrustQuestion, size: Size) -> Bool {
        let screen = Rect(size: size)
        var dialog = Dialog(title: "", message: QuestionText.trust(question))
        dialog.width = width(dialog, screen: screen)
        return fits(dialog, screen: screen)
    }

    /// A question's width: as wide as the screen allows, up to `width`.
    private static func width(_ dialog: Dialog, screen: Rect) -> Int {
        min(screen.width, max(dialog.width, min(screen.width - 4, width)))
    }

    /// Its text and its buttons' row fit in the screen's height.
    private static func fits(_ dialog: Dialog, screen: Rect) -> Bool {
        let rows = Paragraph(text: dialog.message).rowCount(width: max(1, dialog.width - 4))
        return rows + 4 <= screen.height
    }
}
