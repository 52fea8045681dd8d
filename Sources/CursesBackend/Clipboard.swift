import Foundation

/// Copying text to the user's clipboard from a terminal program.
///
/// OSC 52 asks the terminal itself to set the clipboard, which also works over SSH (tmux needs
/// `set-clipboard on`). On a local desktop `wl-copy` (Wayland) or `xclip` (X11) is used as well,
/// because many terminals ignore OSC 52.
public enum Clipboard {
    /// The OSC 52 sequence that sets the clipboard ("c") to `text`.
    public static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}"
    }

    /// The helper command for this session, if one is installed: `wl-copy` under Wayland,
    /// `xclip -selection clipboard` under X11.
    public static func helperCommand(
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

    public static func defaultIsExecutable(_ path: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path)
    }

    /// Pipes `text` into the helper command, if there is one. Returns true if a helper ran.
    @discardableResult
    public static func copyWithHelper(_ text: String, environment: [String: String]) -> Bool {
        guard let command = helperCommand(environment: environment), let executable = command.first else {
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(command.dropFirst())
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            return true
        } catch {
            return false
        }
    }
}
