import Foundation
import JSONDiff
import TUI
package import Workspace

/// The Diff view's slice: reduces only `DiffState`, from its own actions: marking a history entry
/// (a second mark on another entry asks for the comparison as an effect), the comparison
/// arriving, moving between changes, scrolling, hiding and showing. What it needs of the rest
/// comes in a `Context` (the rows a page holds, the key that marks).
package enum DiffReducer: SliceReducer {
    package typealias State = DiffState
    package typealias Outcome = SliceRequests<Never>

    package enum Action: Equatable, Sendable {
        /// `m` in the History tab on this entry (nil: no entry under the cursor).
        case mark(HistoryEntry?)
        /// A comparison computed (or why it could not be).
        case finished(generation: Int, Result<DiffViewState, DiffProblem>)
        case nextChange
        case previousChange
        /// Scrolls by `rows` (negative: up).
        case scroll(rows: Int)
        case top
        case bottom
        case hide
        /// Shows or hides the last comparison.
        case show
        /// Send a request in another environment and compare (the job's generation is set here).
        case compare(DiffEnvironmentJob)
        /// Moves the cursor by `rows` (negative: up); the scroll follows it.
        case move(rows: Int)
        /// Unfolds the folded subtree under the cursor, or folds the one it opens.
        case toggle
        /// Folds the opened subtree under the cursor, or goes to its container's row.
        case fold
        /// Unfolds the folded subtree under the cursor.
        case unfold
        /// Folds every subtree the user opened.
        case foldAll
    }

    package struct Context: Equatable, Sendable {
        /// Rows the view shows at once (the layout's).
        package var pageRows: Int
        /// The key that marks an entry, named in the notices.
        package var markKey: String

        package init(pageRows: Int, markKey: String = "m") {
            self.pageRows = pageRows
            self.markKey = markKey
        }
    }

    package static func reduce(_ state: inout DiffState, _ action: Action, _ context: Context) -> Outcome {
        switch action {
        case .mark(let entry):
            return mark(entry, &state, context)
        case .finished(let generation, let result):
            guard state.pending == generation else { return Outcome() }
            state.pending = nil
            switch result {
            case .success(let view):
                state.view = view
                if let current = view.current { reveal(current, &state, context) }
                // Replaces "Marked …" / "Sending it in …" (the view's bottom line has the counts).
                return Outcome(notice: Notice("Compared \(view.leftTitle) with \(view.rightTitle)", kind: .info))
            case .failure(let problem):
                return Outcome(notice: Notice(problem.message, kind: .warning))
            }
        case .compare(var job):
            state.generation += 1
            state.pending = state.generation
            job.generation = state.generation
            return Outcome(
                effects: [.compareInEnvironment(job)],
                notice: Notice("Sending it in \(job.environment) to compare…", kind: .info))
        case .show:
            guard state.view != nil else {
                return Outcome(
                    notice: Notice(
                        "Nothing compared yet: \(context.markKey) on two entries of the History tab compares them",
                        kind: .info))
            }
            state.view?.isShown.toggle()
            return Outcome()
        case .hide:
            state.view?.isShown = false
            return Outcome()
        case .nextChange, .previousChange:
            guard let view = state.view else { return Outcome() }
            let changes = view.changeRows
            guard !changes.isEmpty else { return Outcome(notice: Notice("No changes", kind: .info)) }
            let from = view.current ?? (action == .nextChange ? -1 : view.rows.count)
            let target =
                action == .nextChange ? changes.first { $0 > from } : changes.last { $0 < from }
            guard let target else {
                let edge = action == .nextChange ? "last" : "first"
                return Outcome(notice: Notice("That was the \(edge) change (\(changes.count) in all)", kind: .info))
            }
            state.view?.current = target
            reveal(target, &state, context)
            return Outcome()
        case .scroll(let rows):
            state.view?.scroll += rows
            clamp(&state, context)
            return Outcome()
        case .top:
            return move(to: 0, &state, context)
        case .bottom:
            return move(to: state.view?.rows.count ?? 0, &state, context)
        case .move(let rows):
            guard let view = state.view else { return Outcome() }
            return move(to: (view.current ?? view.scroll) + rows, &state, context)
        case .toggle, .fold, .unfold, .foldAll:
            return fold(action, &state, context)
        }
    }

    /// Puts the cursor on `row` (kept within the rows) and scrolls to show it.
    private static func move(to row: Int, _ state: inout DiffState, _ context: Context) -> Outcome {
        guard let view = state.view, !view.rows.isEmpty else { return Outcome() }
        let target = max(0, min(row, view.rows.count - 1))
        state.view?.current = target
        reveal(target, &state, context)
        return Outcome()
    }

    /// The folding keys, on the row under the cursor.
    private static func fold(_ action: Action, _ state: inout DiffState, _ context: Context) -> Outcome {
        guard var view = state.view else { return Outcome() }
        defer {
            state.view = view
            if let current = view.current { reveal(current, &state, context) } else { clamp(&state, context) }
        }
        if action == .foldAll {
            let count = view.foldAll()
            return count == 0 ? Outcome(notice: Notice("Nothing unfolded to fold", kind: .info)) : Outcome()
        }
        guard let row = view.current else { return Outcome() }
        if action != .fold, view.unfold(row) {
            // Scrolls to show what opened, as much of it as fits below the cursor's row.
            let page = max(1, context.pageRows)
            let end = view.rows[(row + 1)...].firstIndex { $0.depth <= view.rows[row].depth } ?? row
            if end >= view.scroll + page { view.scroll = min(row, end - page + 1) }
            return Outcome()
        }
        if action != .unfold, view.fold(row) { return Outcome() }
        if action == .fold, let parent = view.parentRow(of: row) {
            view.current = parent
            return Outcome()
        }
        if action == .toggle, view.rows[row].mark == .same, view.rows[row].leftNode != nil {
            return Outcome(notice: Notice("It holds changes: it stays open", kind: .info))
        }
        return Outcome()
    }

    private static func mark(_ entry: HistoryEntry?, _ state: inout DiffState, _ context: Context) -> Outcome {
        guard let entry else {
            return Outcome(notice: Notice("No history entry here to mark", kind: .info))
        }
        if case .failure(let problem) = DiffComputation.body(entry) {
            return Outcome(notice: Notice(problem.message, kind: .warning))
        }
        guard let marked = state.marked, marked.id != entry.id,
            case .success(let left) = DiffComputation.body(marked),
            case .success(let right) = DiffComputation.body(entry)
        else {
            state.marked = entry
            return Outcome(
                notice: Notice(
                    "Marked \(title(entry)): \(context.markKey) on another entry compares them", kind: .info))
        }
        state.marked = nil
        state.generation += 1
        state.pending = state.generation
        // The older entry on the left, whichever was marked first.
        let (older, newer) = marked.date <= entry.date ? (marked, entry) : (entry, marked)
        let (leftBody, rightBody) = marked.date <= entry.date ? (left, right) : (right, left)
        let job = DiffJob(
            generation: state.generation, leftTitle: title(older), rightTitle: title(newer), left: leftBody,
            right: rightBody)
        return Outcome(effects: [.diff(job)])
    }

    /// `14:03:22 · 200 · staging`: when, the status, the environment.
    package static func title(_ entry: HistoryEntry) -> String {
        let time = Calendar.current.dateComponents([.month, .day, .hour, .minute, .second], from: entry.date)
        var parts = [
            String(
                format: "%02d-%02d %02d:%02d:%02d", time.month ?? 0, time.day ?? 0, time.hour ?? 0, time.minute ?? 0,
                time.second ?? 0)
        ]
        parts.append(entry.status.map(String.init) ?? "no response")
        if let environment = entry.environment { parts.append(environment) }
        return parts.joined(separator: " · ")
    }

    /// Scrolls so `row` is on screen, a third of a page from the top when it was not.
    private static func reveal(_ row: Int, _ state: inout DiffState, _ context: Context) {
        guard let view = state.view else { return }
        let page = max(1, context.pageRows)
        if row < view.scroll || row >= view.scroll + page { state.view?.scroll = row - page / 3 }
        clamp(&state, context)
    }

    private static func clamp(_ state: inout DiffState, _ context: Context) {
        guard let view = state.view else { return }
        let last = max(0, view.rows.count - max(1, context.pageRows))
        state.view?.scroll = max(0, min(view.scroll, last))
    }
}
