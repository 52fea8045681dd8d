import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Issue 33: the explorer's export said "2 not carried" and the details were nowhere once the
/// viewer was closed (or never, over another dialog); and it could not write environment files
/// as `lazer export --format postman --environments DIR` can.
@Suite("Explorer: export details and Postman environment files")
@MainActor
struct ExplorerExportTests {
    static let collection = FixtureFile.text(
        "shop.json",
        """
        {
          "formatVersion": 1, "id": "shop-0000-4000-8000-000000000001", "name": "Shop", "defaultEnvironment": "dev",
          "variables": [{ "name": "token", "secret": true }],
          "environments": [
            { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [] },
            { "name": "local", "baseURL": "http://localhost:8000", "variables": [{ "name": "user", "value": "ada" }] },
            { "name": "staging", "baseURL": "https://staging.example" }],
          "requests": [{ "id": "list", "name": "List", "method": "GET", "url": "/items",
                         "auth": { "type": "bearer", "token": "{{token}}" } }]
        }
        """)

    @Test("Postman with a file per environment: every live environment beside the collection, in a folder of its own")
    func postmanEnvironmentFiles() throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "list"),
            processEnvironment: ["LAZER_VAR_token": "tok-SECRET"])
        harness.dispatch(.command(.interop(.exportPostman)))
        guard case .prompt(let prompt)? = harness.state.overlay else {
            Issue.record("no prompt: \(harness.screen)")
            return
        }
        let folder = harness.folder.collections + "/postman"
        #expect(prompt.field.text == folder + "/shop.postman_collection.json")
        harness.press("enter")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(
            files == [
                "local.postman_environment.json", "shop.postman_collection.json", "staging.postman_environment.json",
            ])
        let local = try String(contentsOfFile: folder + "/local.postman_environment.json", encoding: .utf8)
        #expect(local.contains("http://localhost:8000") && local.contains("ada"), "\(local)")
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            #expect(!text.contains("tok-SECRET"), "\(file)")
        }
        #expect(harness.state.toast?.message.contains("2 Postman environments beside it") == true)
        // The mock environment is not carried: listed now, and by F9 after the viewer is closed.
        guard case .viewer(_, let text, _)? = harness.state.overlay else {
            Issue.record("no viewer: \(harness.screen)")
            return
        }
        #expect(text.contains("environment dev"), "\(text)")
        harness.press("escape")
        harness.press("F9")
        #expect(harness.shows("Not carried by the export (1):"), "\(harness.screen)")
        #expect(harness.shows("mock environment"), "\(harness.screen)")
        // Again: the environment files exist, so nothing is written, and that is said.
        harness.press("escape")
        harness.dispatch(.command(.interop(.exportPostman)))
        harness.press("enter")
        #expect(harness.state.toast?.message.contains("exists (nothing was written") == true)
    }

    @Test("a .json export into the collections folder is refused: it would load as a broken collection")
    func jsonExportIntoTheCollectionsFolderIsRefused() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "list"))
        harness.dispatch(.command(.interop(.exportCollection)))
        guard case .prompt(let prompt)? = harness.state.overlay else {
            Issue.record("no prompt: \(harness.screen)")
            return
        }
        #expect(prompt.field.text == harness.folder.collections + "/shop.http")
        // The proposed name is selected: typing replaces it.
        harness.type(harness.folder.collections + "/shop.postman.json")
        harness.press("enter")
        #expect(harness.shows("would be read as a collection"), "\(harness.screen)")
        // The whole message, wrapped in the box: its advice was cut at the edge.
        #expect(harness.shows("(postman/…)"), "\(harness.screen)")
        let listed = try FileManager.default.contentsOfDirectory(atPath: harness.folder.collections)
        #expect(listed.filter { $0.hasSuffix(".json") } == ["shop.json"], "\(listed)")
        // In a folder of its own it is written.
        let exports = harness.folder.collections + "/exports"
        try FileManager.default.createDirectory(atPath: exports, withIntermediateDirectories: true)
        harness.press("escape")
        harness.dispatch(.command(.interop(.exportCollection)))
        harness.type(exports + "/shop.postman.json")
        harness.press("enter")
        #expect(FileManager.default.fileExists(atPath: exports + "/shop.postman.json"), "\(harness.screen)")
    }

    @Test("what an export could not carry is kept for F9 even when another dialog hid the viewer")
    func notCarriedKeptForF9() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "list"))
        harness.dispatch(.command(.app(.palette)))
        harness.dispatch(.fileWritten(path: "/tmp/x.http", size: 10, notCarried: ["a script", "a check"]))
        #expect(harness.state.toast?.message == "2 not carried (F9 lists them) · Saved 10 B to /tmp/x.http")
        harness.press("escape", "F9")
        #expect(harness.shows("• a script"), "\(harness.screen)")
        #expect(harness.shows("• a check"), "\(harness.screen)")
    }

    @Test("a curl export of a secret without a value says so, as lazer export warns")
    func aSecretWithoutAValueIsListed() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "list"))
        harness.dispatch(.command(.interop(.exportCollection)))
        harness.press("ctrl+a")
        harness.type(harness.folder.temporary + "/shop.sh")
        harness.press("enter")
        guard case .viewer(_, let text, _)? = harness.state.overlay else {
            Issue.record("no viewer: \(harness.screen)")
            return
        }
        #expect(text.contains("the secret {{token}} has no value"), "\(text)")
        #expect(harness.state.toast?.message.hasPrefix("1 not carried (F9 lists them) · Saved") == true)
    }
}
