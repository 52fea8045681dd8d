import Explorer
import ExplorerTesting
import Foundation
import JSONTree
import Load
import TUI
import Testing
import Workspace

/// The command table: every command is reachable (bound or in the palette), handled (it does
/// something in some state), and named by a stable id a keymap file can use; an id the table
/// does not know is refused at load with its place.
struct CommandTableTests {
    @Test func everyCommandHasOneIDThatParsesBack() {
        let ids = ExplorerCommand.allCases.map(\.id)
        #expect(Set(ids).count == ids.count, "two commands share an id")
        for command in ExplorerCommand.allCases {
            #expect(ExplorerCommand(id: command.id) == command)
        }
        #expect(ExplorerCommand(id: "request.sned") == nil)
    }

    @Test func everyCommandIsBoundOrInThePalette() {
        let bound = Set(ExplorerKeymap.keymap.bindings.filter { !$0.keys.isEmpty }.map(\.action))
        let offered = Set(ExplorerCommands.offered)
        for command in ExplorerCommand.allCases {
            #expect(bound.contains(command.id) || offered.contains(command), "\(command.id) cannot be reached")
        }
        // And the keymap holds nothing else.
        let known = Set(ExplorerCommand.allCases.map(\.id))
        #expect(ExplorerKeymap.keymap.bindings.allSatisfy { known.contains($0.action) })
        #expect(ExplorerKeymap.keymap.conflicts().isEmpty)
    }

    @Test func thePaletteAndTheHelpSayTheSameWords() {
        for command in ExplorerCommands.offered {
            for binding in ExplorerKeymap.keymap.bindings where binding.action == command.id {
                guard let context = KeyContext(rawValue: binding.context), command.spec.contextHelp[context] == nil
                else { continue }
                #expect(binding.help == command.spec.title, "\(command.id) is worded twice")
            }
        }
    }

    /// Each command, run in a few states (each pane focused, a response shown, the Runner view
    /// up), changes the screen or asks for an effect in at least one of them.
    @Test func everyCommandIsHandled() throws {
        let states = try Self.states()
        for command in ExplorerCommand.allCases {
            let handled = states.contains { state in
                var driver = state
                let before = driver.renderBuffer()
                let effects = driver.reduce(.command(command))
                return !effects.isEmpty || driver.renderBuffer() != before
            }
            #expect(handled, "\(command.id) did nothing in any state")
        }
    }

    static func states() throws -> [ExplorerReducerDriver] {
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        let job = try #require(fixture.driver.press("F5").sendJobs.first)
        fixture.driver.reduce(
            .exchangeFinished(
                TestCollections.key("a-users"), try Results.json(Results.users, generation: job.generation)))
        fixture.driver.reduce(
            .historyLoaded(
                TestCollections.key("a-users"),
                [
                    HistoryEntry(
                        date: Date(timeIntervalSince1970: 1_700_000_000), requestID: "a-users", environment: "dev",
                        method: "GET", url: "http://dev.mock/users", status: 500, durationMilliseconds: 9)
                ]))
        var collections = fixture.driver
        collections.state.focus = .collections
        var table = fixture.driver
        table.press("g", "2", "alt+1")
        var drafted = table
        drafted.press("alt+m")
        // Two query rows, the second selected, and the same with the first: the table's movement
        // commands move in one or the other.
        var rows = table
        rows.press("a")
        rows.type("page")
        rows.press("enter")
        var firstRow = rows
        firstRow.press("home")
        // The completion list open under the URL.
        var completing = table
        completing.press("ctrl+l")
        completing.type("{{")
        var tree = fixture.driver
        tree.press("g", "3")
        var expanded = tree
        expanded.press("E", "j")
        var searched = tree
        searched.press("/")
        searched.type("name")
        let search = try #require(searched.press("enter").searches.first)
        let document = try #require(searched.state.response.tree?.document)
        var matches = try JSONSearch(document: document, query: JSONSearchQuery("name"))
        searched.reduce(
            .searchFinished(
                generation: search.generation, pattern: "name", matches: matches.all().map(\.node), error: nil))
        var lower = collections
        lower.press("j")
        var raw = fixture.driver
        raw.state.focus = .response
        raw.state.response.tab = .raw
        var history = fixture.driver
        history.state.focus = .response
        history.state.response.tab = .history
        var error = fixture.driver
        let again = try #require(error.press("F5").sendJobs.first)
        error.reduce(.exchangeFinished(TestCollections.key("a-users"), Results.failure(generation: again.generation)))
        error.state.focus = .response
        var runner = collections
        runner.press("R")
        runner.state.runner?.selected = 2
        var ran = runner
        ran.state.runner?.isRunning = false
        // The Diff view over 200 values, three changes apart, scrolled to the middle one.
        var diffed = fixture.driver
        let values = (0..<200).map { "\($0)" }
        let changed = values.enumerated().map { $0.offset % 60 == 30 ? "-1" : $0.element }
        var view = try DiffComputation.compute(
            DiffJob(
                generation: 1, leftTitle: "left", rightTitle: "right",
                left: Array("[\(values.joined(separator: ","))]".utf8),
                right: Array("[\(changed.joined(separator: ","))]".utf8))
        ).get()
        view.current = view.changeRows[1]
        view.scroll = view.changeRows[1] - 5
        diffed.state.diff.view = view
        // The Diff view with its cursor on a folded, unchanged object.
        var folded = fixture.driver
        var nested = try DiffComputation.compute(
            DiffJob(
                generation: 1, leftTitle: "left", rightTitle: "right", left: Array(#"{"a": {"x": 1}, "b": 1}"#.utf8),
                right: Array(#"{"a": {"x": 1}, "b": 2}"#.utf8))
        ).get()
        nested.current = 1
        folded.state.diff.view = nested
        // The Load view: its form, a test running, a test over.
        var loadForm = collections
        loadForm.press("L")
        var loading = loadForm
        let load = try #require(
            loading.press("enter").compactMap { effect -> LoadJob? in
                if case .startLoad(let job) = effect { job } else { nil }
            }.first)
        var loaded = loading
        loaded.reduce(.load(.finished(run: load.run, LoadSnapshot(), [])))
        return [
            collections, lower, table, drafted, rows, firstRow, completing, tree, expanded, searched, raw, history,
            error, runner, ran, diffed, folded, loadForm, loading, loaded,
        ]
    }

    @Test func anUnknownIDInAKeymapFileIsRefusedWithItsPlaceAndTheNearestID() {
        var keymap = ExplorerKeymap.keymap
        let file = """
            {
              "bindings": {
                "request.sned": ["F9"],
                "tree.colapseAll": "c",
                "frobnicate": "x",
                "request.addRow": "n"
              }
            }
            """
        let problems = keymap.applyOverrides(Array(file.utf8), file: "keymap.json").map(\.description)
        #expect(
            problems == [
                "keymap.json:3:5: unknown action \"request.sned\"; did you mean \"request.send\"?",
                "keymap.json:4:5: unknown action \"tree.colapseAll\"; did you mean \"tree.collapseAll\"?",
                "keymap.json:5:5: unknown action \"frobnicate\"",
            ])
        // The rest of the file still applies.
        #expect(keymap.keys(for: .request(.addRow)).map(\.description) == ["n"])
    }

    /// The Params table's row keys come from the keymap: a user's `n` adds a row, `a` no longer does.
    @Test func aReboundTableKeyChangesWhatTheKeyDoes() throws {
        var keymap = ExplorerKeymap.keymap
        let file = #"{"bindings": {"request.addRow": "n", "request.deleteRow": "x", "request.toggleRow": "o"}}"#
        #expect(keymap.applyOverrides(Array(file.utf8), file: "k.json").isEmpty)
        var fixture = try ReducerFixture(startup: StartupRequest(request: "a-users"))
        fixture.driver.state.keys = KeyResolver(keymap: keymap)
        fixture.driver.press("g", "2", "alt+1")
        #expect(fixture.driver.state.editor.query.rows.count == 1)
        fixture.driver.press("a")
        #expect(fixture.driver.state.editor.query.rows.count == 1)
        #expect(!fixture.driver.state.editor.query.isEditing)
        fixture.driver.press("n")
        #expect(fixture.driver.state.editor.query.rows.count == 2)
        #expect(fixture.driver.state.editor.query.isEditing)
        fixture.driver.press("esc")
        #expect(fixture.driver.state.editor.query.rows.count == 1)
        fixture.driver.press("space")
        #expect(fixture.driver.state.editor.query.rows[0].enabled)
        fixture.driver.press("o")
        #expect(!fixture.driver.state.editor.query.rows[0].enabled)
        fixture.driver.press("d")
        #expect(fixture.driver.state.editor.query.rows.count == 1)
        fixture.driver.press("x")
        #expect(fixture.driver.state.editor.query.rows.isEmpty)
    }
}
