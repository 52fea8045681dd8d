import Foundation

/// Where the user's files are looked for by default: the theme folder and the keymap file, shared
/// by the explorer and `lazer ui-demo`.
enum UserPaths {
    /// `./themes` when it exists, else the themes shipped with the binary: the nearest `themes`
    /// folder above it (the source tree it was built in) or `share/lazer/themes` beside its `bin`
    /// folder (where `make install` and the .deb put them: PREFIX/bin/lazer finds
    /// PREFIX/share/lazer/themes), else `./themes` (which leaves the built-in default theme).
    static func defaultThemesDirectory() -> String {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: "themes") { return "themes" }
        let executable =
            (try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<5 {
            for candidate in [
                folder.appendingPathComponent("themes"), folder.appendingPathComponent("share/lazer/themes"),
            ]
            where fileManager.fileExists(atPath: candidate.appendingPathComponent("dark.json").path) {
                return candidate.path
            }
            folder = folder.deletingLastPathComponent()
        }
        return "themes"
    }

    /// The user's keymap file when no `--keymap` is given: `$XDG_CONFIG_HOME/lazer/keymap.json`
    /// (or `~/.config/lazer/keymap.json`).
    static func defaultKeymapPath(environment: [String: String]) -> String {
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return config + "/lazer/keymap.json"
    }
}
