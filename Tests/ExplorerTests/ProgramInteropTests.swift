import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// The palette's Import… through a real program: the file is read and converted on the work
/// queue, written as a new collection file beside the others, and shown in the navigator; what
/// was not carried is listed under the new collection's problems.
@MainActor
struct ProgramInteropTests {
    @Test func importingAFileAddsACollection() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        let source = harness.folder.root + "/requests.http"
        try
            "@host = https://api.test\n\n### Who am I\nGET {{host}}/me\nAuthorization: {{$aadToken}}\n\n### Create\nPOST {{host}}/items\nContent-Type: application/json\n\n{\"a\": 1}\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        harness.press("ctrl+p")
        harness.type("Import a file")
        harness.press("enter")
        harness.type(source)
        harness.press("enter")
        #expect(harness.shows("Imported 2 requests into requests.json; 1 not carried (see Collection problems)"))
        let written = try harness.folder.read("requests.json")
        #expect(written.contains("\"name\": \"Who am I\""))
        let slot = try #require(harness.state.collections.first { $0.path.hasSuffix("/requests.json") })
        #expect(slot.document?.collection.variables == [Variable(name: "host", value: "https://api.test")])
        #expect(
            slot.document?.diagnostics.map(\.message) == [
                "not carried: dynamic value {{$aadToken}} (left as written: Lazer cannot compute it)"
            ])
        #expect(harness.shows("requests"))
        // A second import of the same file never replaces the first.
        harness.press("ctrl+p")
        harness.type("Import a file")
        harness.press("enter")
        harness.type(source)
        harness.press("enter")
        #expect(harness.shows("into requests-2.json"))
        #expect(try harness.folder.read("requests.json") == written)
    }

    @Test func aFileThatCannotBeImportedSaysWhy() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        harness.press("ctrl+p")
        harness.type("Import a file")
        harness.press("enter")
        harness.type(harness.folder.root + "/missing.http")
        harness.press("enter")
        #expect(harness.shows("Not imported:"))
        #expect(
            harness.state.toast?.message.hasSuffix("/missing.http: no such file") == true,
            "\(String(describing: harness.state.toast?.message))")
        #expect(harness.state.toast?.kind == .error)
    }
}
