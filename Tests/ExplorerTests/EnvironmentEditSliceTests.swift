import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// The environment manager and editors, slice by slice: the workspace slice applies each edit to
/// the collection in memory (an unsaved change, the environment in use following a rename or a
/// deletion), saves it with `Ctrl+S` saying one line per change, and reverts it; the dialogs'
/// slice turns keys into prompts, questions and edits.
struct EnvironmentEditSliceTests {
    private static let alpha = TestCollections.alphaID

    private func workspace() throws -> SliceStepDriver<WorkspaceReducer> {
        let state = try ReducerFixture().driver.state
        return SliceStepDriver(
            state: state.workspace, context: WorkspaceReducer.Context(currentCollectionID: Self.alpha))
    }

    private func edited(_ state: inout WorkspaceState, _ edit: (inout RequestCollection) throws -> Void) {
        guard var collection = state.collections[0].document?.collection else { return }
        try? edit(&collection)
        state.collections[0].document?.collection = collection
    }

    private func said(_ text: String) -> String { text + " (unsaved: Ctrl+S saves, X reverts)" }

    @Test func createRenameDuplicateAndDeleteChangeTheCollectionInMemory() throws {
        var steps = try workspace()
        // Each edit is autosaved with the drafts (none here).
        let changed = WorkspaceReducer.Outcome(effects: [.storeDrafts([:])], requests: [.collectionsChanged])
        var create = changed
        create.notice = Notice(said("Environment staging added"), kind: .info)
        steps.step(
            .editEnvironments(collectionID: Self.alpha, .create(name: "staging", kind: .live, baseURL: "http://s")),
            outcome: create
        ) { edited(&$0) { $0.environments.append(Environment(name: "staging", baseURL: "http://s")) } }
        #expect(steps.state.document(collectionID: Self.alpha)?.isModified == true)
        // The environment in use follows its rename (and is remembered).
        steps.step(
            .chooseEnvironment("staging"),
            outcome: .init(
                notice: Notice("Environment: staging (live, http://s)", kind: .info),
                requests: [.rememberUIState(collectionID: Self.alpha)])
        ) { $0.environments[Self.alpha] = "staging" }
        var rename = changed
        // Its captured values go with it (they were left under the old name).
        rename.effects.insert(.copyCaptures(collectionID: Self.alpha, from: "staging", to: "stage"), at: 0)
        rename.requests.append(.rememberUIState(collectionID: Self.alpha))
        rename.notice = Notice(said("Environment staging renamed to stage"), kind: .info)
        steps.step(.editEnvironments(collectionID: Self.alpha, .rename("staging", to: "stage")), outcome: rename) {
            $0.environments[Self.alpha] = "stage"
            edited(&$0) { $0.environments[2].name = "stage" }
        }
        var copy = changed
        copy.notice = Notice(said("Environment prod copied as prod-2, with its variables"), kind: .info)
        steps.step(.editEnvironments(collectionID: Self.alpha, .duplicate("prod", as: "prod-2")), outcome: copy) {
            edited(&$0) {
                $0.environments.insert(Environment(name: "prod-2", baseURL: "https://api.example.com"), at: 2)
            }
        }
        // Deleting the one in use: the default is used again.
        var delete = changed
        delete.requests.append(.rememberUIState(collectionID: Self.alpha))
        delete.notice = Notice(said("Environment stage deleted"), kind: .info)
        steps.step(.editEnvironments(collectionID: Self.alpha, .delete("stage")), outcome: delete) {
            $0.environments[Self.alpha] = nil
            edited(&$0) { $0.environments.removeLast() }
        }
        // A refused edit changes nothing and says why.
        steps.step(
            .editEnvironments(collectionID: Self.alpha, .create(name: "dev", kind: .live, baseURL: "x")),
            outcome: .init(notice: Notice("Alpha already has an environment dev", kind: .warning)))
    }

    @Test func baseURLKindAndVariablesAreEditedAndASecretStaysMaskedInTheSaveNotice() throws {
        var steps = try workspace()
        // Each edit is autosaved with the drafts (none here).
        let changed = WorkspaceReducer.Outcome(effects: [.storeDrafts([:])], requests: [.collectionsChanged])
        func step(_ edit: EnvironmentEdit, _ text: String, _ change: @escaping (inout RequestCollection) -> Void) {
            var outcome = changed
            outcome.notice = Notice(said(text), kind: .info)
            steps.step(.editEnvironments(collectionID: Self.alpha, edit), outcome: outcome) { edited(&$0, change) }
        }
        step(.setBaseURL(environment: "prod", "http://127.0.0.1:1"), "prod: base URL http://127.0.0.1:1") {
            $0.environments[1].baseURL = "http://127.0.0.1:1"
        }
        step(.setKind(environment: "prod", .mock), "prod is a mock (answered from its routes)") {
            $0.environments[1].kind = .mock
        }
        let token = Variable(name: "apiKey", value: "k-SECRET", secret: false)
        step(.addVariable(scope: "prod", token), "Variable apiKey added") { $0.environments[1].variables = [token] }
        var secret = token
        secret.secret = true
        step(.replaceVariable(scope: "prod", index: 0, secret), "Variable apiKey changed") {
            $0.environments[1].variables = [secret]
        }
        step(.deleteVariable(scope: nil, index: 0), "Variable limit deleted") { $0.variables.removeFirst() }
        // Ctrl+S: the collection saved; the save's notice says each change, no secret value.
        let document = try #require(steps.state.document(collectionID: Self.alpha))
        steps.step(.saveCollection(Self.alpha), outcome: .init(effects: [.save(document, overwrite: false)]))
        steps.step(
            .queueSaves([.save(document, overwrite: false)]),
            outcome: .init(effects: [.save(document, overwrite: false)])
        ) {
            $0.savesInFlight = [Self.alpha]
            $0.saveNotices[Self.alpha] =
                "Environment prod: baseURL changed · environment prod: kind mock · "
                + "environment prod: variable apiKey (secret) added · variable limit deleted"
        }
        #expect(steps.state.saveNotices[Self.alpha]?.contains("SECRET") == false)
    }

    @Test func revertPutsTheEnvironmentsAndVariablesBackAsSaved() throws {
        var steps = try workspace()
        let saved = try #require(steps.state.document(collectionID: Self.alpha)?.collection)
        steps.step(
            .revertEnvironments(Self.alpha),
            outcome: .init(notice: Notice("No unsaved changes to the environments of Alpha", kind: .info)))
        steps.step(
            .editEnvironments(collectionID: Self.alpha, .rename("prod", to: "live")),
            outcome: .init(
                effects: [.copyCaptures(collectionID: Self.alpha, from: "prod", to: "live"), .storeDrafts([:])],
                notice: Notice(said("Environment prod renamed to live"), kind: .info),
                requests: [.collectionsChanged])
        ) { edited(&$0) { $0.environments[1].name = "live" } }
        steps.step(
            .chooseEnvironment("live"),
            outcome: .init(
                notice: Notice("Environment: live (live, https://api.example.com)", kind: .info),
                requests: [.rememberUIState(collectionID: Self.alpha)])
        ) { $0.environments[Self.alpha] = "live" }
        steps.step(
            .revertEnvironments(Self.alpha),
            outcome: .init(
                effects: [.storeDrafts([:])],
                notice: Notice("The environments and variables of Alpha are as saved", kind: .info),
                requests: [.collectionsChanged, .rememberUIState(collectionID: Self.alpha)])
        ) {
            $0.environments[Self.alpha] = nil
            $0.collections[0].document?.collection = saved
        }
        #expect(steps.state.document(collectionID: Self.alpha)?.isModified == false)
        steps.step(
            .saveCollection(Self.alpha),
            outcome: .init(notice: Notice("No unsaved changes to the environments of Alpha", kind: .info)))
    }

    // MARK: - The dialogs

    private func overlays() throws -> SliceStepDriver<OverlayReducer> {
        var context = OverlayReducer.Context(now: .seconds(10))
        context.collectionID = Self.alpha
        context.collection = try ReducerFixture().driver.state.document(collectionID: Self.alpha)?.collection
        return SliceStepDriver(state: OverlayState(), context: context)
    }

    @Test func theManagerKeysOpenPromptsTheEditorTheRoutesAndAskBeforeDeleting() throws {
        var steps = try overlays()
        steps.step(.open(.environments(selected: 1))) { $0.overlay = .environments(selected: 1) }
        steps.step(.key(.char("a"))) {
            $0.overlay = .prompt(
                PromptState(
                    purpose: .newEnvironment(collectionID: Self.alpha),
                    title: "Name of the new environment (then its base URL)"))
        }
        steps.step(.open(.environments(selected: 1))) { $0.overlay = .environments(selected: 1) }
        steps.step(.key(.char("r"))) {
            $0.overlay = .prompt(
                PromptState(
                    purpose: .renameEnvironment(collectionID: Self.alpha, name: "prod"),
                    title: "Rename the environment prod", text: "prod"))
        }
        steps.step(.open(.environments(selected: 1))) { $0.overlay = .environments(selected: 1) }
        steps.step(.key(.char("c"))) {
            $0.overlay = .prompt(
                PromptState(
                    purpose: .duplicateEnvironment(collectionID: Self.alpha, name: "prod"),
                    title: "Name of the copy of prod (its variables are copied)", text: "prod-copy"))
        }
        steps.step(.open(.environments(selected: 1))) { $0.overlay = .environments(selected: 1) }
        steps.step(.key(.char("e"))) {
            $0.overlay = .environmentEditor(
                EnvironmentEditorState(collectionID: Self.alpha, scope: .environment("prod")))
        }
        steps.step(.open(.environments(selected: 1))) { $0.overlay = .environments(selected: 1) }
        steps.step(.key(.char("v"))) {
            $0.overlay = .environmentEditor(EnvironmentEditorState(collectionID: Self.alpha, scope: .collection))
        }
        // Routes: a live environment has none to list; the mock one lists its own.
        steps.step(.open(.environments(selected: 1))) { $0.overlay = .environments(selected: 1) }
        steps.step(
            .key(.char("m")),
            outcome: .init(notice: Notice("prod is live: routes answer mock environments (e: its kind)", kind: .info)))
        steps.step(.key(.char("k"))) { $0.overlay = .environments(selected: 0) }
        steps.step(.key(.char("m"))) {
            $0.overlay = .mockRoutes(MockRoutesState(collectionID: Self.alpha, environment: "dev"))
        }
        // Enter shows the route's answer in the viewer, over the list.
        let route = try #require(steps.context.collection?.environments[0].routes[0])
        steps.step(.key(KeyEvent(.enter))) {
            $0.overlay = .viewer(title: "GET /users in dev", text: MockRouteText.text(route), scroll: 0)
            $0.overlayBelow = .mockRoutes(MockRoutesState(collectionID: Self.alpha, environment: "dev"))
        }
        #expect(MockRouteText.text(route).hasPrefix("GET /users\n\nHTTP 200\n\n[\n"))
        // `d` asks; Esc keeps it, back to the list; Alt+D deletes (the root applies the edit).
        let routes = Overlay.mockRoutes(MockRoutesState(collectionID: Self.alpha, environment: "dev"))
        steps.step(.open(routes)) { $0.overlay = routes }
        let deletion = EnvironmentDeletion(
            collectionID: Self.alpha, edit: .deleteRoute(environment: "dev", index: 0),
            message: "Delete the route GET /users of dev? Nothing is written before Ctrl+S; X in the manager reverts.",
            back: routes)
        steps.step(.key(.char("d"))) { $0.overlay = .confirmEnvironmentEdit(deletion, selected: -1) }
        steps.step(.settle(shownBefore: nil)) { $0.questionShownAt = .seconds(10) }
        steps.context.now = .seconds(11)
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = routes }
        steps.step(.key(.char("d"))) { $0.overlay = .confirmEnvironmentEdit(deletion, selected: -1) }
        steps.step(
            .key(.char("d", .alt)),
            outcome: .init(requests: [.answer(.confirmEnvironmentEdit(deletion, selected: -1), choice: 0)]))
        // Ctrl+S saves, X reverts, from the manager.
        steps.step(.open(.environments(selected: 0))) { $0.overlay = .environments(selected: 0) }
        steps.step(.key(.ctrl("s")), outcome: .init(requests: [.saveCollection(Self.alpha)]))
        steps.step(.key(.char("X")), outcome: .init(requests: [.revertEnvironments(Self.alpha)]))
    }

    /// → goes to the value and stays there, ← to the name (a toggle took a second → back to the
    /// name, and the next edit renamed the variable); Tab goes to the other cell.
    @Test func arrowsChooseTheirSideTabToggles() throws {
        var steps = try overlays()
        var editor = EnvironmentEditorState(collectionID: Self.alpha, scope: .collection)
        steps.step(.open(.environmentEditor(editor))) { $0.overlay = .environmentEditor(editor) }
        editor.column = .value
        for key in [KeyEvent(.right), KeyEvent(.right), .char("l")] {
            steps.step(.key(key)) { $0.overlay = .environmentEditor(editor) }
        }
        editor.column = .name
        for key in [KeyEvent(.left), KeyEvent(.left), .char("h")] {
            steps.step(.key(key)) { $0.overlay = .environmentEditor(editor) }
        }
        editor.column = .value
        steps.step(.key(KeyEvent(.tab))) { $0.overlay = .environmentEditor(editor) }
        editor.column = .name
        steps.step(.key(KeyEvent(.tab))) { $0.overlay = .environmentEditor(editor) }
    }

    @Test func theEditorAddsAVariableNameThenValueTogglesSecretAndDeletes() throws {
        var steps = try overlays()
        // The collection's variables: limit, token (secret), then "+ add".
        var editor = EnvironmentEditorState(collectionID: Self.alpha, scope: .collection)
        steps.step(.open(.environmentEditor(editor))) { $0.overlay = .environmentEditor(editor) }
        steps.step(.key(.char("a"))) {
            editor.selected = 2
            editor.adding = true
            editor.editor = TextEditorState(text: "", singleLine: true)
            $0.overlay = .environmentEditor(editor)
        }
        for character in "a b" {
            _ = editor.editor?.handle(.char(character))
            steps.step(.key(.char(character))) { $0.overlay = .environmentEditor(editor) }
        }
        // A name that is not one stays in its cell, with the reason.
        steps.step(.key(KeyEvent(.enter))) {
            editor.error = "\"a b\" is not a variable name (\(VariableName.rule))"
            $0.overlay = .environmentEditor(editor)
        }
        editor.error = nil
        for _ in 0..<2 {
            _ = editor.editor?.handle(KeyEvent(.backspace))
            steps.step(.key(KeyEvent(.backspace))) { $0.overlay = .environmentEditor(editor) }
        }
        // Enter adds it; its value is typed next.
        steps.step(
            .key(KeyEvent(.enter)),
            outcome: .init(requests: [
                .editEnvironments(collectionID: Self.alpha, .addVariable(scope: nil, Variable(name: "a")))
            ])
        ) {
            editor.adding = false
            editor.column = .value
            var field = TextEditorState(text: "", singleLine: true)
            field.selectAll()
            editor.editor = field
            $0.overlay = .environmentEditor(editor)
        }
        steps.context.collection?.variables.append(Variable(name: "a"))
        _ = editor.editor?.handle(.char("1"))
        steps.step(.key(.char("1"))) { $0.overlay = .environmentEditor(editor) }
        steps.step(
            .key(KeyEvent(.enter)),
            outcome: .init(
                requests: [
                    .editEnvironments(
                        collectionID: Self.alpha,
                        .replaceVariable(scope: nil, index: 2, Variable(name: "a", value: "1")))
                ])
        ) {
            editor.editor = nil
            $0.overlay = .environmentEditor(editor)
        }
        steps.context.collection?.variables[2].value = "1"
        // `s` makes it secret, `d` deletes it.
        steps.step(
            .key(.char("s")),
            outcome: .init(
                requests: [
                    .editEnvironments(
                        collectionID: Self.alpha,
                        .replaceVariable(scope: nil, index: 2, Variable(name: "a", value: "1", secret: true)))
                ]))
        steps.step(
            .key(.char("d")),
            outcome: .init(requests: [
                .editEnvironments(collectionID: Self.alpha, .deleteVariable(scope: nil, index: 2))
            ]))
        // Esc: the collection's editor closes.
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = nil }
    }

    @Test func theEnvironmentEditorTypesTheBaseURLAndSwitchesTheKind() throws {
        var steps = try overlays()
        var editor = EnvironmentEditorState(collectionID: Self.alpha, scope: .environment("prod"))
        steps.step(.open(.environmentEditor(editor))) { $0.overlay = .environmentEditor(editor) }
        steps.step(.key(KeyEvent(.enter))) {
            var field = TextEditorState(text: "https://api.example.com", singleLine: true)
            field.selectAll()
            editor.editor = field
            $0.overlay = .environmentEditor(editor)
        }
        _ = editor.editor?.handle(.char("h"))
        steps.step(.key(.char("h"))) { $0.overlay = .environmentEditor(editor) }
        steps.step(
            .key(KeyEvent(.enter)),
            outcome: .init(requests: [
                .editEnvironments(collectionID: Self.alpha, .setBaseURL(environment: "prod", "h"))
            ])
        ) {
            editor.editor = nil
            $0.overlay = .environmentEditor(editor)
        }
        steps.step(.key(.char("j"))) {
            editor.selected = 1
            $0.overlay = .environmentEditor(editor)
        }
        steps.step(
            .key(KeyEvent(.enter)),
            outcome: .init(requests: [.editEnvironments(collectionID: Self.alpha, .setKind(environment: "prod", .mock))]
            ))
        // Esc goes back to the manager, on this environment.
        steps.step(.key(KeyEvent(.escape))) { $0.overlay = .environments(selected: 1) }
    }
}
