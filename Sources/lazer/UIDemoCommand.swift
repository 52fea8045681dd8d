import ArgumentParser
import CursesBackend
import Foundation
import TUI
import TerminalText
import UIDemo

/// `lazer ui-demo`: the terminal toolkit on a real screen, to judge it by eye.
struct UIDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui-demo",
        abstract: "Show the terminal toolkit: themes, a 1,000,000-row tree and a text area.",
        discussion: """
            Keys: ? lists every key, : or Ctrl+P opens the command palette, q quits (Ctrl+Q
            anywhere), t switches theme, 1/2 switch page, Tab moves focus, j/k or arrows move, h/l or
            Enter collapse and expand, PgUp/PgDn page, g g/G jump to the ends, / searches the tree and
            n/N repeat, m turns mouse reporting off and on (off lets you select text), e edits the
            text in $EDITOR, p shows it in $PAGER, y copies the selection (OSC 52, xclip, wl-copy),
            Ctrl+Z suspends. Keys can be changed in a keymap file (docs/keymap.md).
            """
    )

    @Flag(name: .customLong("no-mouse"), help: "Start with mouse reporting off.")
    var noMouse = false

    @Option(help: "Theme to start with, by name (see themes/; `t` switches while running).")
    var theme: String?

    @Option(help: "Folder of theme files (default: ./themes, else the themes folder of the source tree).")
    var themes: String?

    @Option(
        help: "Keymap file that overrides keys (default: $XDG_CONFIG_HOME/lazer/keymap.json, see docs/keymap.md).")
    var keymap: String?

    @Option(help: .hidden)
    var benchmark: String?

    func run() throws {
        let options = NcursesBackend.Options(mouse: !noMouse)
        let environment = ProcessInfo.processInfo.environment
        let catalog = ThemeCatalog.load(directory: themes ?? UserPaths.defaultThemesDirectory())
        let (initialTheme, warning) = catalog.initialTheme(requested: theme, environment: environment)
        var keys = DemoKeys.keymap
        var keymapProblems = keys.applyOverrides(
            fromFile: keymap ?? UserPaths.defaultKeymapPath(environment: environment))
        if let keymap, !FileManager.default.fileExists(atPath: keymap) {
            keymapProblems.append(KeymapProblem(location: keymap, message: "no such keymap file"))
        }
        var state = DemoState(catalog: catalog, theme: initialTheme, keymap: keys)
        state.problems =
            catalog.problems.map { "\($0.description) (theme file skipped)" } + (warning.map { [$0] } ?? [])
            + keymapProblems.map(\.description)
        if !state.problems.isEmpty { state.overlay = .problems }
        let initialState = state
        let benchmarkPath = benchmark
        let testHooks = environment["LAZER_TEST_HOOKS"] == "1"
        try MainActor.assumeIsolated {
            let backend: NcursesBackend
            do {
                backend = try NcursesBackend(options: options)
            } catch {
                FileHandle.standardError.write(Data("lazer ui-demo: \(TerminalText.line("\(error)"))\n".utf8))
                throw ExitCode.failure
            }
            if let benchmarkPath {
                let report = DemoBenchmark.run(backend: backend, state: initialState)
                backend.shutdown()
                try report.write(toFile: benchmarkPath, atomically: true, encoding: .utf8)
                return
            }
            let host = CursesTerminalHost(backend: backend)
            let app = DemoApp(backend: backend, host: host, state: initialState, testHooks: testHooks)
            host.run(onEvent: { [weak app] event in app?.handle(event) }, start: { app.draw() })
        }
    }

}
