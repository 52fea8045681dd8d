import Foundation
import RegularFiles

/// The themes found in a folder (`themes/*.json`) plus the built-in default, and the problems
/// met while reading them. A broken file never stops the app: it is skipped with a message that
/// names the file, line and column.
package struct ThemeCatalog: Sendable, Equatable {
    /// Usable themes, the built-in default first unless a file of the same name replaced it.
    package private(set) var themes: [Theme]
    /// One message per file that could not be used.
    package private(set) var problems: [JSONSourceError]

    package init(themes: [Theme] = [Theme.defaultDark], problems: [JSONSourceError] = []) {
        self.themes = themes
        self.problems = problems
    }

    /// Reads every `*.json` file in `directory` (sorted by name). A missing folder gives just the
    /// built-in default.
    package static func load(directory: String) -> ThemeCatalog {
        var catalog = ThemeCatalog()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = (directory as NSString).appendingPathComponent(name)
            catalog.add(file: path)
        }
        return catalog
    }

    /// Reads one theme file and adds it (replacing a theme of the same name). Theme files are read
    /// at start-up on the main thread: one that is not a regular file (a FIFO, a device), is
    /// unreadable or is over `maximumFileSize` is skipped with a problem, never waited for
    /// (`RegularFile`).
    package mutating func add(file path: String) {
        let bytes: [UInt8]
        do {
            guard let read = try RegularFile.read(path, limit: Self.maximumFileSize) else {
                problems.append(JSONSourceError(file: path, line: 1, column: 1, message: "no such file"))
                return
            }
            bytes = read
        } catch {
            problems.append(JSONSourceError(file: path, line: 1, column: 1, message: "not read: \(error.reason)"))
            return
        }
        do {
            let theme = try ThemeLoader.decode(bytes, file: path)
            if let existing = themes.firstIndex(where: { $0.name == theme.name }) {
                themes[existing] = theme
            } else {
                themes.append(theme)
            }
        } catch {
            problems.append(error)
        }
    }

    package func theme(named name: String) -> Theme? {
        themes.first { $0.name == name }
    }

    package var names: [String] { themes.map(\.name) }

    /// Theme files are small; anything bigger is refused rather than read into memory.
    package static let maximumFileSize = 1_048_576

    /// The theme to start with: monochrome when `NO_COLOR` is set to anything non-empty (see
    /// no-color.org), else the requested one, else the default. Returns a warning when the
    /// requested theme does not exist.
    package func initialTheme(requested: String?, environment: [String: String]) -> (theme: Theme, warning: String?) {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty {
            return (theme(named: "monochrome") ?? .monochrome, nil)
        }
        guard let requested else { return (theme(named: "dark") ?? .defaultDark, nil) }
        if let found = theme(named: requested) { return (found, nil) }
        let warning = "unknown theme \"\(requested)\"; using \"dark\" (available: \(names.joined(separator: ", ")))"
        return (theme(named: "dark") ?? .defaultDark, warning)
    }

    /// The theme after `current` in the list (for a "next theme" key).
    package func theme(after current: String) -> Theme {
        guard let index = themes.firstIndex(where: { $0.name == current }) else { return themes.first ?? .defaultDark }
        return themes[(index + 1) % themes.count]
    }
}
