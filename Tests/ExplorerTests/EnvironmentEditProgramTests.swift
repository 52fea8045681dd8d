import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Environments edited in the running program: the edits are autosaved with the drafts (secret
/// values withheld) and offered again after a crash; Ctrl+S writes the collection file without the
/// secret value and the secrets file with it; the next send and F4 use an edit at once.
@MainActor
struct EnvironmentEditProgramTests {
    private func secrets(_ folder: HarnessFolder) -> String {
        (try? String(contentsOfFile: folder.config + "/secrets.json", encoding: .utf8)) ?? ""
    }

    private func storedDraftText(_ folder: HarnessFolder) throws -> String {
        try folder.storedDrafts().values.flatMap { $0 }.joined(separator: "\n")
    }

    /// In the mock environment's editor: the base URL typed over, then a secret variable added.
    private func editMockEnvironment(_ harness: ExplorerHarness) {
        harness.press("F2", "e", "enter")
        harness.type("http://edited.mock")
        harness.press("enter", "a")
        harness.type("apiKey")
        harness.press("enter", "esc", "s", "enter")
        harness.type("sec-SECRET-1")
        harness.press("enter")
    }

    private func mock(_ harness: ExplorerHarness) -> Environment? {
        harness.state.document(collectionID: ProgramSessionTests.jsonPlaceholderID)?.collection.environment(
            named: "mock")
    }

    @Test func editsAreAutosavedWithoutSecretValuesAndOfferedAfterACrash() throws {
        let folder = try HarnessFolder()
        do {
            let first = try ExplorerHarness(
                collections: try Shipped.jsonPlaceholder(), folder: folder,
                startup: StartupRequest(request: "Posts/Get a post"))
            editMockEnvironment(first)
            #expect(mock(first)?.variables == [Variable(name: "apiKey", value: "sec-SECRET-1", secret: true)])
            #expect(first.shows("environment mock: baseURL changed"))
            #expect(first.shows("● 2 unsaved"))
            first.advance(by: .seconds(1))
            let stored = try storedDraftText(folder)
            #expect(stored.contains("http://edited.mock"))
            #expect(stored.contains("apiKey"))
            #expect(!stored.contains("sec-SECRET-1"))
        }
        // The first one ended without saving or quitting: the next one offers the edits.
        let second = try ExplorerHarness(folder: folder, startup: StartupRequest(request: "Posts/Get a post"))
        #expect(second.shows("Unsaved drafts found"))
        #expect(try !folder.read("jsonplaceholder.json").contains("edited.mock"))
        second.advance(by: .seconds(1))
        second.press("alt+r")
        #expect(mock(second)?.baseURL == "http://edited.mock")
        #expect(mock(second)?.variables == [Variable(name: "apiKey", value: "", secret: true)])
        #expect(second.shows("● 2 unsaved"))
    }

    @Test func ctrlSWritesTheFileWithoutTheSecretAndTheSecretsFileWithIt() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Get a post"))
        editMockEnvironment(harness)
        // F4 shows the new variable at once, masked.
        harness.press("esc", "esc", "F4")
        #expect(harness.shows("apiKey"))
        #expect(!harness.lines.joined().contains("sec-SECRET-1"))
        harness.press("esc", "ctrl+s")
        let file = try harness.folder.read("jsonplaceholder.json")
        #expect(file.contains(#""baseURL": "http://edited.mock""#))
        #expect(file.contains(#""name": "apiKey""#))
        #expect(!file.contains("sec-SECRET-1"))
        #expect(secrets(harness.folder).contains("sec-SECRET-1"))
        #expect(harness.shows("Environment mock: baseURL changed"))
        #expect(!harness.shows("unsaved"))
        #expect(harness.state.dirtyCount == 0)
    }

    @Test func thePaletteOpensTheCollectionVariablesEditor() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Get a post"))
        harness.press("ctrl+p")
        harness.type("Edit the collection's variables")
        harness.press("enter")
        #expect(harness.shows("Collection variables · JSONPlaceholder"))
        #expect(harness.shows("+ add a variable (a)"))
    }
}
