/// Comparing two responses: marking history entries, and the Diff view's own keys.
package enum DiffViewCommand: String, CaseIterable, Sendable {
    case mark = "diff.mark"
    case compareEnvironment = "diff.compareEnvironment"
    case show = "diff.show"
    case next = "diff.next"
    case previous = "diff.previous"
    case up = "diff.up"
    case down = "diff.down"
    case pageUp = "diff.pageUp"
    case pageDown = "diff.pageDown"
    case top = "diff.top"
    case bottom = "diff.bottom"
    case hide = "diff.hide"
    case toggle = "diff.toggle"
    case fold = "diff.fold"
    case unfold = "diff.unfold"
    case foldAll = "diff.foldAll"

    package var spec: CommandSpec {
        switch self {
        case .mark:
            .palette("Mark a History entry to compare (m on another compares them)", [.response: ["m"]])
        case .compareEnvironment:
            .palette("Compare with environment…")
        case .show: .palette("Show or hide the Diff view (the last comparison)")
        case .next: .keys("Next change", [.diff: ["n"]])
        case .previous: .keys("Previous change", [.diff: ["N", "p"]])
        case .up: .keys("Up a row", [.diff: ["up", "k"]])
        case .down: .keys("Down a row", [.diff: ["down", "j"]])
        case .pageUp: .keys("Page up", [.diff: ["pgup"]])
        case .pageDown: .keys("Page down", [.diff: ["pgdn"]])
        case .top: .keys("Top", [.diff: ["home", "g"]])
        case .bottom: .keys("Bottom", [.diff: ["end", "G"]])
        case .hide:
            .keys(
                "Close the view (also Esc; the palette's \"Show or hide the Diff view\" shows it again)", [.diff: ["q"]]
            )
        case .toggle: .keys("Unfold/fold the unchanged subtree", [.diff: ["enter", "space"]])
        case .fold: .keys("Fold / go to the parent", [.diff: ["left", "h"]])
        case .unfold: .keys("Unfold", [.diff: ["right", "l"]])
        case .foldAll: .keys("Fold everything unfolded", [.diff: ["z M", "W"]])
        }
    }
}
