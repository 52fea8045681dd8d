import ArgumentParser
import CursesBackend
import Foundation

/// `lazer ui-demo`: the terminal toolkit on a real screen, to judge it by eye.
struct UIDemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui-demo",
        abstract: "Show the terminal toolkit: themes, a 1,000,000-row tree and a text area.",
        discussion: """
            Keys: q quits (Ctrl+Q anywhere), t switches theme, Tab moves focus between the tree and
            the text area, j/k or arrows move, PgUp/PgDn page, g/G jump to the ends, m turns mouse
            reporting off and on (off lets you select text), y copies the selected row, Ctrl+Z
            suspends.
            """
    )

    @Flag(name: .customLong("no-mouse"), help: "Start with mouse reporting off.")
    var noMouse = false

    @Option(help: "Theme to start with, by number (1–5).")
    var theme = 1

    @Option(help: .hidden)
    var benchmark: String?

    func run() throws {
        let options = NcursesBackend.Options(mouse: !noMouse)
        let themeIndex = max(0, theme - 1)
        let benchmarkPath = benchmark
        let testHooks = ProcessInfo.processInfo.environment["LAZER_TEST_HOOKS"] == "1"
        try MainActor.assumeIsolated {
            let backend: NcursesBackend
            do {
                backend = try NcursesBackend(options: options)
            } catch {
                FileHandle.standardError.write(Data("lazer ui-demo: \(error)\n".utf8))
                throw ExitCode.failure
            }
            if let benchmarkPath {
                let report = DemoBenchmark.run(backend: backend)
                backend.shutdown()
                try report.write(toFile: benchmarkPath, atomically: true, encoding: .utf8)
                return
            }
            DemoApp(backend: backend, themeIndex: themeIndex, testHooks: testHooks).run()
        }
    }
}
