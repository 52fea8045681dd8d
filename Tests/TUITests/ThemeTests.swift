import Foundation
import TUI
import TUITesting
import Testing

@Suite struct ThemeTests {
    static let themesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("themes").path

    private func decode(_ text: String, file: String = "themes/broken.json") -> Result<Theme, JSONSourceError> {
        Result { () throws(JSONSourceError) -> Theme in try ThemeLoader.decode(Array(text.utf8), file: file) }
    }

    @Test func shippedThemesAllLoad() {
        let catalog = ThemeCatalog.load(directory: Self.themesDirectory)
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        for name in ["dark", "light", "solarized-dark", "high-contrast", "monochrome"] {
            #expect(catalog.theme(named: name) != nil, "missing theme \(name)")
        }
        let dark = catalog.theme(named: "dark")
        #expect(dark == Theme.defaultDark)
        #expect(dark?[.methodGet].foreground == .rgb(0xA6, 0xE3, 0xA1))
        #expect(dark?[.methodGet].modifiers == .bold)
    }

    /// Text in every role a shipped theme colours reads against its background: at least 3:1
    /// (WCAG's floor for bold text). The light theme's yellow POST, warnings and sky info lines
    /// were 2.3–2.5:1 on its near-white. Borders are decoration; solarized's base01 (its own
    /// comment colour, 2.8:1) is the scheme's design.
    @Test func everyThemedTextRoleHasContrastAgainstTheBackground() throws {
        let catalog = ThemeCatalog.load(directory: Self.themesDirectory)
        let exempt: [String: Set<ThemeRole>] = [
            "solarized-dark": [.muted, .jsonNull, .jsonPunctuation]
        ]
        for name in ["dark", "light", "solarized-dark", "high-contrast"] {
            let theme = try #require(catalog.theme(named: name))
            let background = try #require(Self.luminance(theme[.background].background))
            for role in ThemeRole.allCases where role != .border && !(exempt[name]?.contains(role) ?? false) {
                let style = theme[role]
                guard let foreground = Self.luminance(style.foreground) else { continue }
                let under = Self.luminance(style.background) ?? background
                let ratio = (max(foreground, under) + 0.05) / (min(foreground, under) + 0.05)
                #expect(ratio >= 3, "\(name): \(role) at \(ratio):1")
            }
        }
    }

    /// The header and the status bar draw the title, the environment, "● unsaved" and messages in
    /// these roles' colours over the bar's own background: they must read there too
    /// (high-contrast's yellow and cyan on its white bar were 1.07–1.25:1).
    @Test func rolesDrawnOnTheStatusBarHaveContrastAgainstIt() throws {
        let catalog = ThemeCatalog.load(directory: Self.themesDirectory)
        for name in ["dark", "light", "solarized-dark", "high-contrast"] {
            let theme = try #require(catalog.theme(named: name))
            let bar = try #require(
                Self.luminance(theme[.statusBar].background) ?? Self.luminance(theme[.background].background))
            // Muted is the transient "loading…"; solarized's red on base02 (2.8:1) is the scheme's.
            for role in [ThemeRole.accent, .info, .success, .warning, .error]
            where !(name == "solarized-dark" && role == .error) {
                guard let foreground = Self.luminance(theme[role].foreground) else { continue }
                let ratio = (max(foreground, bar) + 0.05) / (min(foreground, bar) + 0.05)
                #expect(ratio >= 3, "\(name): \(role) on the status bar at \(ratio):1")
            }
        }
    }

    /// WCAG's relative luminance of an RGB colour (nil for the terminal's own colours).
    static func luminance(_ color: Color?) -> Double? {
        guard case .rgb(let r, let g, let b)? = color else { return nil }
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    @Test func monochromeUsesNoColours() throws {
        let catalog = ThemeCatalog.load(directory: Self.themesDirectory)
        let mono = try #require(catalog.theme(named: "monochrome"))
        for role in ThemeRole.allCases {
            #expect(mono[role].foreground ?? .default == .default)
            #expect(mono[role].background ?? .default == .default)
        }
        #expect(mono[.selection].modifiers.contains(.reverse))
    }

    @Test func noColorSelectsMonochrome() {
        let catalog = ThemeCatalog.load(directory: Self.themesDirectory)
        #expect(catalog.initialTheme(requested: "light", environment: ["NO_COLOR": "1"]).theme.name == "monochrome")
        #expect(catalog.initialTheme(requested: "light", environment: ["NO_COLOR": ""]).theme.name == "light")
        let unknown = catalog.initialTheme(requested: "nope", environment: [:])
        #expect(unknown.theme.name == "dark")
        #expect(unknown.warning?.contains("unknown theme \"nope\"") == true)
    }

    @Test func syntaxErrorsNameFileLineAndColumn() {
        let text = "{\n  \"name\": \"x\",\n  \"roles\": {\n    \"text\": \"red\",\n  }\n}"
        guard case .failure(let error) = decode(text) else {
            Issue.record("a trailing comma was accepted")
            return
        }
        #expect(error.description == "themes/broken.json:5:3: expected a quoted key, found '}'")
    }

    @Test func badValuesPointAtTheValue() {
        let cases: [(String, String)] = [
            ("{\"roles\": {\"text\": \"blu\"}}", "themes/broken.json:1:20: unknown colour \"blu\""),
            ("{\"roles\": {\"txet\": \"red\"}}", "themes/broken.json:1:12: unknown role \"txet\""),
            (
                "{\"roles\": {\"text\": {\"fg\": \"red\", \"bold\": 1}}}",
                "themes/broken.json:1:42: \"bold\" must be true or false"
            ),
            ("{\"roles\": {\"text\": {\"fg\": 300}}}", "themes/broken.json:1:27: colour index 300"),
            ("{\"palette\": {}, \"roles\": {}}", "themes/broken.json:1:26: the \"text\" role is required"),
            ("{\"name\": \"x\"}", "themes/broken.json:1:1: missing \"roles\""),
            ("[1, 2", "themes/broken.json:1:6: expected ',' or ']', found the end of the file"),
            ("{\"roles\": {\"text\": \"red\"}} x", "themes/broken.json:1:28: unexpected text"),
            ("{\"a\": \"\u{1B}]52;c;x\u{7}\"}", "themes/broken.json:1:8: control character inside a string"),
            ("\u{FEFF}{\"roles\": {\"text\": \"#12\"}}", "themes/broken.json:1:20: unknown colour \"#12\""),
        ]
        for (text, expected) in cases {
            switch decode(text) {
            case .success: Issue.record("accepted: \(text)")
            case .failure(let error): #expect(error.description.hasPrefix(expected), "\(error.description)")
            }
        }
    }

    @Test func deepNestingIsRejectedNotCrashing() {
        let text = String(repeating: "[", count: 100_000)
        guard case .failure(let error) = decode(text) else {
            Issue.record("accepted deep nesting")
            return
        }
        #expect(error.message.contains("nesting deeper"))
    }

    @Test func brokenFileFallsBackToTheDefault() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "{\"name\": \"neon\",\n \"roles\": {\"text\": \"#zzzzzz\"}}".write(
            to: directory.appendingPathComponent("neon.json"), atomically: true, encoding: .utf8
        )
        try "{\"roles\": {\"text\": \"#00ff00\", \"accent\": {\"fg\": 208, \"underline\": true}}}".write(
            to: directory.appendingPathComponent("green.json"), atomically: true, encoding: .utf8
        )
        let catalog = ThemeCatalog.load(directory: directory.path)
        #expect(catalog.problems.count == 1)
        #expect(catalog.problems.first?.line == 2)
        #expect(catalog.problems.first?.column == 20)
        #expect(catalog.problems.first?.file.hasSuffix("neon.json") == true)
        let chosen = catalog.initialTheme(requested: "neon", environment: [:])
        #expect(chosen.theme == Theme.defaultDark)
        let green = try #require(catalog.theme(named: "green"))
        #expect(green[.accent] == Style(foreground: .indexed(208), modifiers: .underline))
        #expect(green[.jsonKey] == green[.text])
    }

    @Test("a FIFO or a device named *.json in the themes folder is skipped with a problem, never waited for")
    func nonRegularFilesAreSkipped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lazer-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("fifo.json").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("zero.json").path, withDestinationPath: "/dev/zero")
        try "{\"name\": \"green\", \"roles\": {\"text\": \"#00ff00\"}}".write(
            to: directory.appendingPathComponent("green.json"), atomically: true, encoding: .utf8)
        let catalog = ThemeCatalog.load(directory: directory.path)
        #expect(catalog.problems.map { ($0.file as NSString).lastPathComponent } == ["fifo.json", "zero.json"])
        #expect(catalog.problems.first?.message.contains("a FIFO (named pipe), not a regular file") == true)
        #expect(catalog.problems.last?.message.contains("a device, not a regular file") == true)
        #expect(catalog.names == ["dark", "green"])
    }

    @Test func colourForms() {
        #expect(ThemeLoader.parseColor("#fff") == .rgb(255, 255, 255))
        #expect(ThemeLoader.parseColor("#0a0B0c") == .rgb(10, 11, 12))
        #expect(ThemeLoader.parseColor("brightBlue") == .brightBlue)
        #expect(ThemeLoader.parseColor("color42") == .indexed(42))
        #expect(ThemeLoader.parseColor("default") == .default)
        #expect(ThemeLoader.parseColor("color256") == nil)
        #expect(ThemeLoader.parseColor("#ggg") == nil)
    }

    @Test func rolesForMethodsAndStatuses() {
        #expect(ThemeRole.method("GET") == .methodGet)
        // Methods are case-sensitive: `get` is a custom method, sent as written, not GET.
        #expect(ThemeRole.method("get") == .methodCustom)
        #expect(ThemeRole.method("PURGE") == .methodCustom)
        #expect(ThemeRole.method("custom") == .methodCustom)
        #expect(Theme.defaultDark[.methodCustom] != Theme.defaultDark[.methodGet])
        #expect(ThemeRole.status(204) == .status2xx)
        #expect(ThemeRole.status(503) == .status5xx)
        #expect(ThemeRole.status(999) == .status5xx)
    }
}

@Suite struct ThemedRenderTests {
    @Test func rolesReachTheScreenAndAreDowngraded() throws {
        let catalog = ThemeCatalog.load(directory: ThemeTests.themesDirectory)
        for capability in ColorCapability.allCases {
            for theme in catalog.themes {
                let backend = TestBackend(width: 30, height: 6, colorCapability: capability)
                let terminal = Terminal(backend: backend)
                var list = ListState(selected: 1)
                terminal.draw { frame in
                    frame.buffer.fill(frame.area, with: .blank(theme.base))
                    let block = theme.block(title: "Requests", focused: true)
                    frame.render(block, in: frame.area)
                    frame.render(theme.list(["GET /a", "POST /b"]), in: block.inner(frame.area), state: &list)
                }
                let selected = backend.buffer[x: 3, y: 2].style
                let expected = theme.base.patched(with: theme[.selection]).downgraded(to: capability)
                #expect(selected == expected, "\(theme.name) at \(capability)")
                let border = backend.buffer[x: 0, y: 0].style
                #expect(
                    border.foreground
                        == (theme[.focusedBorder].foreground ?? theme.base.foreground)?.downgraded(to: capability))
            }
        }
    }
}

@Suite struct JSONSourceParserTests {
    @Test func columnsCountCharactersAcrossManyValuesOnOneLine() {
        let text = "[\"日本\", \"é\", 1, 2, {\"k\": [true, null]}, \"x\" \"y\"]"
        do {
            _ = try JSONSourceParser.parse(Array(text.utf8), file: "a.json")
            Issue.record("accepted a missing comma")
        } catch {
            #expect(error.description == "a.json:1:44: expected ',' or ']', found '\"'")
        }
    }

    @Test func valuesRememberTheirPositions() throws {
        let value = try JSONSourceParser.parse(Array("{\n  \"a\": [1,\n    \"日本\", \"b\"]\n}".utf8), file: "b.json")
        guard case .object(let members, _, _) = value, case .array(let items, _, _) = members[0].value else {
            Issue.record("unexpected shape")
            return
        }
        #expect(members[0].line == 2 && members[0].column == 3)
        #expect(items.map { "\($0.position.line):\($0.position.column)" } == ["2:9", "3:5", "3:11"])
    }

    @Test func oversizedThemeFilesAreRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lazer-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let huge =
            "{\"roles\": {\"text\": \"red\"}, \"description\": \"" + String(repeating: "x", count: 2_000_000) + "\"}"
        try huge.write(to: directory.appendingPathComponent("huge.json"), atomically: true, encoding: .utf8)
        let catalog = ThemeCatalog.load(directory: directory.path)
        #expect(catalog.problems.first?.message == "not read: larger than the 1 MiB limit")
        #expect(catalog.themes == [Theme.defaultDark])
    }
}

@Suite struct StyleSnapshotTests {
    @Test func themedScreenColours() throws {
        let catalog = ThemeCatalog.load(directory: ThemeTests.themesDirectory)
        for name in ["dark", "monochrome"] {
            let theme = try #require(catalog.theme(named: name))
            let backend = TestBackend(width: 28, height: 5, colorCapability: .indexed256)
            let terminal = Terminal(backend: backend)
            var list = ListState(selected: 1)
            terminal.draw { frame in
                let rows = Layout.vertical([.fill(1), .length(1)]).split(frame.area)
                let block = theme.block(title: "Req", focused: true)
                frame.render(block, in: rows[0])
                let items = ["GET /a", "DELETE /b"].map { text in
                    let method = String(text.prefix { $0 != " " })
                    return Line([
                        Span(method, style: theme[.method(method)]), Span(String(text.dropFirst(method.count))),
                    ])
                }
                frame.render(theme.list(items), in: block.inner(rows[0]), state: &list)
                frame.render(theme.statusBar(hints: [KeyHint("q", "quit")]), in: rows[1])
            }
            Snapshot.assert(backend.textDump() + "\n" + StyleDump.render(backend.buffer), named: "styles-\(name)")
        }
    }
}
