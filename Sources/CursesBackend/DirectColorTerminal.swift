/// Picks a direct-colour (24-bit) terminfo entry when the terminal says it has true colour.
///
/// Terminals announce true colour through `COLORTERM=truecolor` (or `24bit`), while `TERM` usually
/// stays `xterm-256color` or `tmux-256color`, whose terminfo entries describe 256 colours. ncurses
/// only sends 24-bit colours through an entry whose `colors` is 2^24, such as `xterm-direct` or
/// `tmux-direct` (Debian's ncurses-term). So when `COLORTERM` asks for it, the backend first tries
/// `<base>-direct` and falls back to `TERM` itself if that entry does not exist.
package enum DirectColorTerminal {
    /// The direct-colour entry to try for `terminalType`, or `nil` when `COLORTERM` does not
    /// announce true colour, `NO_COLOR` is set, or the type already is a direct-colour one.
    package static func candidate(for terminalType: String, environment: [String: String]) -> String? {
        guard environment["NO_COLOR"] == nil else { return nil }
        let announced = environment["COLORTERM"]?.lowercased()
        guard announced == "truecolor" || announced == "24bit" else { return nil }
        guard !terminalType.isEmpty, !terminalType.contains("direct") else { return nil }
        var base = Substring(terminalType)
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            break
        }
        return base + "-direct"
    }
}
