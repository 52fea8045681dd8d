import TUI

/// A `TerminalHost` that records what the program asked of the terminal: copied texts, mouse
/// reporting, whether Ctrl+Z suspends, quitting, and `$EDITOR` and `$PAGER` runs (answered by
/// `editor`).
@MainActor
package final class RecordingTerminalHost: TerminalHost {
    /// Every text copied to the clipboard, oldest first.
    package private(set) var copied: [String] = []
    /// When set, every copy fails with this message (as a missing clipboard helper would).
    package var copyFailure: String?
    /// Every change of mouse reporting, oldest first.
    package private(set) var mouseChanges: [Bool] = []
    /// What the program last said about Ctrl+Z (false while a text field uses it as undo).
    package private(set) var suspendsOnControlZ = true
    package private(set) var quitCount = 0
    /// The files handed to `$EDITOR`, oldest first.
    package private(set) var editedPaths: [String] = []
    /// The files handed to `$PAGER`, oldest first.
    package private(set) var pagedPaths: [String] = []
    /// Plays `$EDITOR`: gets the temporary file's path (it may rewrite the file) and returns the
    /// editor's exit status. The default leaves the file as it is and succeeds.
    package var editor: @MainActor (String) -> Int32 = { _ in 0 }

    package init() {}

    package var didQuit: Bool { quitCount > 0 }

    package func copyToClipboard(_ text: String, report: @escaping @MainActor @Sendable (String) -> Void) {
        copied.append(text)
        if let copyFailure { report(copyFailure) }
    }

    package func edit(path: String) -> Int32 {
        editedPaths.append(path)
        return editor(path)
    }

    /// On until the program turns it off; each change is recorded in `mouseChanges`.
    package var mouseEnabled = true {
        didSet { mouseChanges.append(mouseEnabled) }
    }

    package func page(path: String) -> Int32 {
        pagedPaths.append(path)
        return 0
    }

    package func setSuspendsOnControlZ(_ suspends: Bool) {
        suspendsOnControlZ = suspends
    }

    package func quit() {
        quitCount += 1
    }
}
