/// What happened when the desktop clipboard helper (`wl-copy` or `xclip`) was asked to copy.
package enum ClipboardHelperResult: Equatable, Sendable {
    /// No helper for this session: no Wayland or X11 display, or the tool is not installed.
    case noHelper
    /// The helper read the text and exited with status 0.
    case copied(tool: String)
    /// The helper exited with a non-zero status (128 + the signal if a signal ended it).
    case failed(tool: String, status: Int32)
    /// The helper did not exit in time and was stopped (a hung display server, a stuck tool).
    case timedOut(tool: String)
    /// The helper could not be started.
    case couldNotStart(tool: String, reason: String)

    /// One line for the user.
    package var message: String {
        switch self {
        case .noHelper: "No clipboard tool for this session (copied through the terminal only)"
        case .copied(let tool): "Copied with \(tool)"
        case .failed(let tool, let status): "\(tool) failed with exit status \(status)"
        case .timedOut(let tool): "\(tool) did not finish in time and was stopped"
        case .couldNotStart(let tool, let reason): "\(tool) could not be started: \(reason)"
        }
    }
}
