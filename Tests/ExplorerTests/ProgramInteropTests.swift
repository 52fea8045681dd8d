import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// The palette's Import… through a real program: the file is read and converted on the work
/// queue, written as a new collection file beside the others, and shown in the navigator; what
/// was not carried is listed under the new collection's problems.
@MainActor
struct ProgramInteropTests {
    /// The palette's "Import a file", given `path`.
    static func importFile(_ path: String, in harness: ExplorerHarness) {
        harness.press("ctrl+p")
        harness.type("Import a file")
        harness.press("enter")
        harness.type(path)
        harness.press("enter")
    }

    @Test func importingAFileAddsACollection() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        let source = harness.folder.root + "/requests.http"
        try
            "@host = https://api.test\n\n### Who am I\nGET {{host}}/me\nAuthorization: {{$aadToken}}\n\n### Create\nPOST {{host}}/items\nContent-Type: application/json\n\n{\"a\": 1}\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        Self.importFile(source, in: harness)
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
        // Importing the same file again updates the collection it made, never a second one:
        // "Who am I" changed (matched by method and URL), "Create" gone, "List" new.
        try "@host = https://api.test\n\n### Who am I\nGET {{host}}/me\nX-Full: 1\n\n### List\nGET {{host}}/items\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        Self.importFile(source, in: harness)
        #expect(harness.shows("Updated requests.json: 1 added, 1 changed, 1 removed, 0 unchanged"))
        #expect(!FileManager.default.fileExists(atPath: harness.folder.collections + "/requests-2.json"))
        let updated = try harness.folder.read("requests.json")
        #expect(updated.contains("\"name\": \"List\"") && !updated.contains("\"name\": \"Create\""))
        #expect(updated.contains("X-Full"))
        let names = harness.state.collections.first { $0.path.hasSuffix("/requests.json") }?.document?.collection
            .allRequests.map(\.request.name)
        #expect(names == ["Who am I", "List"])
    }

    /// A credential written as itself in the imported file goes to the secrets file, as with
    /// `lazer import`: the explorer's Import… wrote it in clear into the collection file.
    @Test func importingKeepsCredentialsAsSecrets() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        let source = harness.folder.root + "/login.sh"
        try "curl -u 'ann:Pass-In-Clear-42' -H 'X-Api-Key: Key-In-Clear-7' https://api.test/login\n"
            .write(toFile: source, atomically: true, encoding: .utf8)
        Self.importFile(source, in: harness)
        #expect(harness.shows("Imported 1 request into"), "\(harness.screen)")
        let slot = try #require(harness.state.collections.first { !$0.path.hasSuffix("/jsonplaceholder.json") })
        let written = try String(contentsOfFile: slot.path, encoding: .utf8)
        #expect(!written.contains("Pass-In-Clear-42") && !written.contains("Key-In-Clear-7"), "\(written)")
        #expect(written.contains("{{password}}"))
        let secrets = try String(contentsOfFile: harness.folder.config + "/secrets.json", encoding: .utf8)
        #expect(secrets.contains("Pass-In-Clear-42") && secrets.contains("Key-In-Clear-7"))
    }

    @Test func importingAURLFetchesItThroughTheLiveDispatcher() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        try harness.live.register(
            .get, "/openapi.json",
            responses: .jsonText(
                Data(
                    #"{"openapi": "3.1.0", "info": {"title": "Tasks", "version": "1"}, "paths": {"/tasks": {"get": {"operationId": "listTasks", "responses": {"200": {"description": "ok"}}}}}}"#
                        .utf8)))
        harness.press("ctrl+p")
        harness.type("Import a file")
        harness.press("enter")
        harness.type("http://api.test/openapi.json")
        harness.press("enter")
        #expect(harness.shows("Imported 1 request into tasks.json"))
        #expect(try harness.folder.read("tasks.json").contains(#""from": "http://api.test/openapi.json""#))
        harness.press("ctrl+p")
        harness.type("Import a file")
        harness.press("enter")
        harness.type("http://api.test/missing.json")
        harness.press("enter")
        #expect(
            harness.state.toast?.message
                == "Not imported: http://api.test/missing.json: the server answered 404 Not Found, not the document",
            "\(String(describing: harness.state.toast?.message))")
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

    @Test func anExportThatCannotBeWrittenSaysWhyInAFewWords() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        let folder = harness.folder.collections
        let original = try harness.folder.read("jsonplaceholder.json")
        for (path, reason) in [
            ("/missing/out.http", "no such folder \(folder)/missing"),
            ("/jsonplaceholder.json", "a file of that name exists (pick another name)"),
        ] {
            harness.press("ctrl+p")
            harness.type("Export the collection")
            harness.press("enter", "ctrl+a")
            harness.type(folder + path)
            harness.press("enter")
            #expect(harness.state.toast?.message == "Not saved: \(folder)\(path): \(reason)")
            #expect(harness.state.toast?.kind == .error)
        }
        #expect(try harness.folder.read("jsonplaceholder.json") == original)
    }

    /// A pasted curl command's `-d @file`, `-F 'part=<file'` are read relative to the working
    /// directory (regular files only); one that cannot be read keeps the request and is named.
    @Test func aPastedCommandReadsItsFilesFromTheWorkingDirectory() throws {
        let folder = try HarnessFolder()
        let work = folder.temporary
        try "name=from-a-file".write(toFile: work + "/form.txt", atomically: true, encoding: .utf8)
        #expect(mkfifo(work + "/pipe", 0o600) == 0)
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), folder: folder,
            startup: StartupRequest(request: "Posts/Get a post", workingDirectory: work))
        let key = try #require(harness.state.selection)
        harness.press("ctrl+l")
        harness.paste("curl -d @form.txt https://a.test/x")
        let body = try #require(harness.state.drafts[key]?.body)
        #expect(body == SavedBody(.formURLEncoded([KeyValueRow(name: "name", value: "from-a-file")])))
        #expect(harness.state.drafts[key]?.method == .post)
        #expect(harness.state.toast?.message == "Pasted curl: POST, 0 headers, a body")

        harness.press("ctrl+l")
        harness.paste("curl -X PUT -d @missing.txt https://a.test/gone")
        #expect(harness.state.drafts[key]?.url == "https://a.test/gone")
        #expect(harness.state.drafts[key]?.method == .put)
        #expect(harness.state.toast?.kind == .error)
        #expect(
            harness.state.toast?.message
                == "Pasted curl: PUT, 0 headers, a body; could not read file missing.txt (not found): that content is empty"
        )

        // A FIFO is never waited for: it is refused, and named.
        harness.press("ctrl+l")
        harness.paste("curl -d @pipe https://a.test/p")
        #expect(harness.state.drafts[key]?.url == "https://a.test/p")
        #expect(harness.state.toast?.message.contains("could not read file pipe (") == true)
    }
}
