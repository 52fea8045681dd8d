import TUI

/// Where the Load view's form puts its fields — a label, then the value in a one-line box — and
/// the focused field scrolled sideways so its cursor stays in view (a long list of thresholds).
enum LoadLayout {
    /// The label's column and the space after it.
    static let labelWidth = 16
    /// The widest value box: a longer text scrolls in it.
    static let fieldWidth = 60
    /// Rows above the first field: the view's sentence and a blank line.
    static let fieldsTop = 2

    /// Inside the view's border (`area`: where the view is drawn, `RunnerLayout.area`).
    static func inner(_ area: Rect) -> Rect {
        area.inset(horizontal: 2, vertical: 1)
    }

    /// The value box of `field`.
    static func box(_ field: LoadViewState.Form.Field, inner: Rect) -> Rect {
        Rect(
            x: inner.x + labelWidth, y: inner.y + fieldsTop + field.rawValue,
            width: max(0, min(fieldWidth, inner.width - labelWidth)), height: 1)
    }

    static func settle(_ state: inout ExplorerState) {
        guard var view = state.load, view.isShown, view.phase == .form else { return }
        let field = view.form.field
        TextInput(focused: true).layout(
            in: box(field, inner: inner(RunnerLayout.area(state.size))), state: &view.form[editor: field])
        state.load = view
    }
}
