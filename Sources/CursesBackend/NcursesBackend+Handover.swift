import CCurses
import Foundation
import TUI

extension NcursesBackend {
    /// Ctrl+Z: gives the terminal back to the shell, stops the process, and on `fg` takes the
    /// terminal back and repaints the screen as it was.
    package func suspend() {
        leaveTerminal()
        // raise, not kill: a signal sent to this thread stops the process before raise returns, so
        // the terminal is not taken back before the shell has seen the stop.
        raise(SIGSTOP)
        reenterTerminal()
    }

    /// Hands the terminal to another program (an editor, a pager) and takes it back when it
    /// exits. Returns the program's exit status, or -1 if it could not be started.
    @discardableResult
    package func runInTerminal(_ arguments: [String]) -> Int32 {
        guard !arguments.isEmpty else { return -1 }
        leaveTerminal()
        defer { reenterTerminal() }
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return ccurses_spawn_wait(pointers)
    }

    /// Opens `path` in `$VISUAL`, `$EDITOR` or `vi`, through the shell so editor settings such
    /// as `code --wait` work.
    @discardableResult
    package func edit(path: String, environment: [String: String]? = nil) -> Int32 {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        return runInTerminal(["/bin/sh", "-c", "\(editor) \"$1\"", "sh", path])
    }

    /// Shows `path` in `$PAGER` (default `less`).
    @discardableResult
    package func page(path: String, environment: [String: String]? = nil) -> Int32 {
        let environment = environment ?? ProcessInfo.processInfo.environment
        let pager = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? "less"
        return runInTerminal(["/bin/sh", "-c", "\(pager) \"$1\"", "sh", path])
    }

    /// Copies `text` to the clipboard: OSC 52 through the terminal (works over SSH), plus
    /// `wl-copy` or `xclip` when a desktop session has them. The helper runs on a background
    /// queue (the main thread never waits for it); `completion`, if given, gets its result on the
    /// main queue.
    package func copyToClipboard(
        _ text: String, environment: [String: String]? = nil,
        completion: (@MainActor @Sendable (ClipboardHelperResult) -> Void)? = nil
    ) {
        let environment = environment ?? ProcessInfo.processInfo.environment
        if isActive { writeToTerminal(Clipboard.osc52(text)) }
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Clipboard.copyWithHelper(text, environment: environment)
            guard let completion else { return }
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(result) } }
        }
    }
}
