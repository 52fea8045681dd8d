import TUI
import TUITesting
import Testing

/// Colour snapshots (`StyleDump`) of themed widgets drawn over the theme's screen background, the
/// way every Lazer screen draws them: a part that lost its background shows up as a new letter.
@Suite struct ThemedWidgetStyleTests {
    @Test func tableHeaderAndRowsKeepTheScreenBackground() throws {
        let catalog = ThemeCatalog.load(directory: ThemeTests.themesDirectory)
        for name in ["dark", "light", "monochrome"] {
            let theme = try #require(catalog.theme(named: name))
            let backend = TestBackend(width: 30, height: 5, colorCapability: .trueColor)
            let terminal = Terminal(backend: backend)
            var state = TableState(selected: 1)
            terminal.draw { frame in
                frame.buffer.fill(frame.area, with: .blank(theme.base))
                let table = Table(
                    header: ["Method", "Path", "Status"],
                    rows: [("GET", "/users", 200), ("POST", "/users", 201), ("DELETE", "/users/7", 500)].map { row in
                        [
                            Line(row.0, style: theme[.method(row.0)]), Line(row.1),
                            Line("\(row.2)", style: theme[.status(row.2)]),
                        ]
                    },
                    widths: [.length(7), .fill(1), .length(6)], headerStyle: theme[.title],
                    highlightStyle: theme[.selection])
                frame.render(table, in: Rect(x: 1, y: 0, width: 28, height: 4), state: &state)
            }
            let background = theme.base.background
            for x in 0..<30 {
                let cell = backend.buffer[x: x, y: 0]
                #expect(cell.style.background == background, "\(name): header cell \(x) has no screen background")
            }
            Snapshot.assert(
                backend.textDump() + "\n" + StyleDump.render(backend.buffer), named: "styles-table-\(name)")
        }
    }

    @Test func treeSearchFindsLabelsAndWraps() {
        let source = SampleTree(rootCount: 30, fanout: 2, depth: 2)
        var state = TreeState(selected: [0])
        state.expand([12])
        func find(_ query: String, forward: Bool = true) -> TreePath? {
            state.selectMatch(query, in: source, forward: forward) ? state.selected : nil
        }
        #expect(find("NODE 2") == [2])
        #expect(find("node 12") == [12])
        #expect(find("node 12") == [12, 0])
        #expect(find("node 2", forward: false) == [2])
        #expect(find("node 0") == [0])
        #expect(find("no such label") == nil)
        #expect(state.selected == [0])
    }
}

@Suite struct SixteenColourContrastTests {
    /// Every role of every shipped theme, drawn on the theme's background and downgraded to 16
    /// colours, still has a foreground that differs from its background.
    @Test func noRoleDisappearsIntoTheBackgroundOnSixteenColours() {
        let catalog = ThemeCatalog.load(directory: ThemeTests.themesDirectory)
        for theme in catalog.themes {
            for role in ThemeRole.allCases {
                let style = theme.base.patched(with: theme[role]).downgraded(to: .ansi16)
                if let foreground = style.foreground, foreground != .default {
                    #expect(foreground != style.background, "\(theme.name) \(role.rawValue)")
                }
            }
        }
        let border = Style(foreground: .rgb(0x31, 0x32, 0x44), background: .rgb(0x1E, 0x1E, 0x2E))
        #expect(border.downgraded(to: .ansi16) == Style(foreground: .brightBlack, background: .black))
    }
}
