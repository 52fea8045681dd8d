import CCurses
import Foundation

/// Copying text to the user's clipboard from a terminal program.
///
/// OSC 52 asks the terminal itself to set the clipboard, which also works over SSH (tmux needs
/// `set-clipboard on`). On a local desktop `wl-copy` (Wayland) or `xclip` (X11) is used as well,
/// because many terminals ignore OSC 52.
package enum Clipboard {
    /// The OSC 52 sequence that sets the clipboard ("c") to `text`.
    package static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
    }

    /// The helper command for this session, if one is installed: `wl-copy` under Wayland,
    /// `xclip -selection clipboard` under X11.
    package static func helperCommand(
        environment: [String: String], isExecutable: (String) -> Bool = defaultIsExecutable
    ) -> [String]? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        func find(_ name: String) -> String? {
            path.split(separator: ":").map { "\($0)/\(name)" }.first(where: isExecutable)
        }
        if environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true, let tool = find("wl-copy") {
            return [tool]
        }
        if environment["DISPLAY"].map({ !$0.isEmpty }) == true, let tool = find("xclip") {
            return [tool, "-selection", "clipboard"]
        }
        return nil
    }

    package static func defaultIsExecutable(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Pipes `text` into the helper command, if there is one, and waits for it to exit (at most
    /// `timeout` seconds; then it is stopped, SIGTERM and if need be SIGKILL). The helper gets
    /// `environment` (its `DISPLAY` or `WAYLAND_DISPLAY` tells it which desktop to use).
    ///
    /// Blocks the calling thread for as long as the helper runs: call it off the main thread, as
    /// `NcursesBackend.copyToClipboard` does. `xclip` and `wl-copy` fork a process that keeps
    /// serving the clipboard; the one started here exits as soon as it has read the text.
    package static func copyWithHelper(
        _ text: String, environment: [String: String], timeout: Double = 5
    ) -> ClipboardHelperResult {
        guard let command = helperCommand(environment: environment), let executable = command.first else {
            return .noHelper
        }
        let tool = URL(fileURLWithPath: executable).lastPathComponent
        // A helper that exits without reading must give the writer EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        var input: Int32 = -1
        let pid = withCStrings(command) { argv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
                ccurses_spawn_piped(argv, envp, &input, nil)
            }
        }
        guard pid > 0 else { return .couldNotStart(tool: tool, reason: String(cString: strerror(errno))) }
        // Written on another thread: a helper that never reads would block a large write forever.
        let bytes = Array(text.utf8)
        let writer = input
        DispatchQueue.global().async {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += written
            }
            close(writer)
        }
        var code: Int32 = 0
        let milliseconds = Int32(max(0, min(timeout * 1000, Double(Int32.max))))
        switch ccurses_wait_child(pid, milliseconds, &code) {
        case 0:
            return code == 0 ? .copied(tool: tool) : .failed(tool: tool, status: code)
        case 1:
            kill(pid, SIGTERM)
            if ccurses_wait_child(pid, 1000, &code) == 1 {
                kill(pid, SIGKILL)
                _ = ccurses_wait_child(pid, -1, &code)
            }
            return .timedOut(tool: tool)
        default:
            return .failed(tool: tool, status: -1)
        }
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<Result>(
        _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
