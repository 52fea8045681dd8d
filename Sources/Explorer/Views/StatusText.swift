import TUI

/// Fits a notice into the status line. A message too long is cut in its longest path (the
/// middle of `/tmp/…/state.sqlite` goes first), never in its cause: "could not lock /tmp/i…"
/// and "…Permission d…" told nothing. Only when no path is left to shorten is the end cut (`…`).
enum StatusText {
    static func fitted(_ message: String, width: Int) -> String {
        guard width > 1, CharacterWidth.of(message) > width else { return message }
        var words = message.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let excess = CharacterWidth.of(message) - width
        let paths = words.indices.filter { words[$0].contains("/") && CharacterWidth.of(words[$0]) > 4 }
        if let longest = paths.max(by: { CharacterWidth.of(words[$0]) < CharacterWidth.of(words[$1]) }) {
            words[longest] = shortened(words[longest], by: excess)
            let result = words.joined(separator: " ")
            if CharacterWidth.of(result) <= width { return result }
            return cutEnd(result, width: width)
        }
        return cutEnd(message, width: width)
    }

    /// `path` with `excess` (+1 for the …) characters taken from its middle, keeping its last
    /// component whole when it can (the file's name says most).
    static func shortened(_ path: String, by excess: Int) -> String {
        let characters = Array(path)
        let keep = max(2, characters.count - excess - 1)
        let lastSlash = characters.lastIndex(of: "/") ?? 0
        let tail = characters.count - lastSlash
        let tailKept = min(tail, max(keep - 1, 1))
        let headKept = max(1, keep - tailKept)
        return String(characters.prefix(headKept)) + "…" + String(characters.suffix(tailKept))
    }

    static func cutEnd(_ text: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let cell = CharacterWidth.of(character)
            if used + cell > width - 1 { break }
            result.append(character)
            used += cell
        }
        return result + "…"
    }
}
