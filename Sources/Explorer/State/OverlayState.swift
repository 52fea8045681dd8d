/// The dialogs over the panes: the one open, the questions waiting for the keyboard to be free,
/// when the open question appeared (keys before it is armed answer nothing), and the dialog a
/// viewer was opened from.
package struct OverlayState: Sendable, Equatable {
    package var overlay: Overlay?
    /// Questions that came on their own (a file changed on disk, drafts to recover) while a field
    /// had the keyboard or another dialog was open: the first opens when that ends.
    package var waitingQuestions: [Overlay] = []
    /// When the open question appeared (see `Questions`): keys before it is armed answer nothing.
    package var questionShownAt: Duration?
    /// The dialog a viewer was opened from (the conflict's Difference): closing the viewer goes
    /// back to it.
    package var overlayBelow: Overlay?
    /// The history browser's last search: each one asked takes the next, so a late result of an
    /// earlier search (or of a browser closed since) is dropped.
    package var historyGeneration = 0
    /// The last answer to each `{{$prompt}}` / `{{$select}}`, by label: the next ask is pre-filled
    /// with it. Kept in memory only, until Lazer quits or "Forget prompt answers".
    package var promptAnswers: [String: String] = [:]

    package init() {}

    /// Whether the open question takes answers yet (it has been on screen for `armDelay`).
    package func questionIsArmed(now: Duration) -> Bool {
        guard let shown = questionShownAt else { return true }
        return now >= shown + Questions.armDelay
    }
}
