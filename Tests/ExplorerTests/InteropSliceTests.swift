import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import Interop
import TUI
import Testing
import Workspace

/// Interop in the workspace slice on its own: a pasted curl command becomes the request's draft
/// (or asks for the files it names to be read), "Export…" asks for a file, and a written export
/// says what it could not carry — the dialogs and the editor's reload asked of the root.
struct InteropSliceTests {
    private static let users = TestCollections.key("a-users")

    private func steps(_ context: WorkspaceReducer.Context = WorkspaceReducer.Context(selection: users)) throws
        -> SliceStepDriver<WorkspaceReducer>
    {
        let state = try ReducerFixture().driver.state
        return SliceStepDriver(state: state.workspace, context: context)
    }

    @Test func aPastedCommandBecomesTheSelectedRequestsDraftAndTheEditorReloads() throws {
        var steps = try steps()
        let pasted = SavedRequest(
            name: "pasted", method: .post, url: "http://api.test/people",
            headers: [KeyValueRow(name: "X-Team", value: "core")], body: SavedBody(.text("hello", contentType: nil)))
        var draft = try #require(steps.state.request(Self.users))
        draft.method = .post
        draft.query = []
        draft.pathParams = []
        URLQuerySync.apply(pasted.url, to: &draft)
        draft.headers = pasted.headers
        draft.body = pasted.body
        draft.auth = pasted.auth
        draft.options = pasted.options
        steps.step(
            .applyPastedCurl([pasted, pasted], report: ImportReport(), Self.users),
            outcome: WorkspaceReducer.Outcome(
                effects: [.storeDrafts([Self.users: draft])],
                notice: Notice("Pasted curl: POST, 1 header, a body; the first of 2 commands", kind: .success),
                requests: [.reloadEditor(Self.users)])
        ) {
            $0.drafts[Self.users] = draft
        }
    }

    @Test func aCommandNamingAFileAsksForItToBeReadAndChangesNothingYet() throws {
        var steps = try steps()
        let document = try #require(steps.state.document(collectionID: Self.users.collectionID))
        let text = "curl -d @body.json http://api.test/people"
        let pasted = PastedCurl(
            key: Self.users, text: text, workingDirectory: ".",
            collectionFolder: (document.path as NSString).deletingLastPathComponent)
        steps.step(
            .pasteCurl(text, Self.users),
            outcome: WorkspaceReducer.Outcome(
                effects: [.readPastedCurl(pasted)],
                notice: Notice("Reading body.json for the pasted curl command…", kind: .info)))
    }

    @Test func exportAsksForAFileNamedAfterTheCollectionAndRefusesAnUnknownFormat() throws {
        var steps = try steps()
        steps.step(
            .promptInterop(.exportCollection),
            outcome: WorkspaceReducer.Outcome(notice: Notice("Pick a collection first", kind: .info)))
        steps.context.currentCollectionID = TestCollections.alphaID
        let document = try #require(steps.state.document(collectionID: TestCollections.alphaID))
        let folder = (document.path as NSString).deletingLastPathComponent
        let prompt = PromptState(
            purpose: .exportFile(collectionID: TestCollections.alphaID),
            title: "Export to (.sh .http .json Postman .har .py Locust .js k6)",
            text: (folder as NSString).appendingPathComponent("alpha.http"))
        steps.step(
            .promptInterop(.exportCollection),
            outcome: WorkspaceReducer.Outcome(requests: [.openOverlay(.prompt(prompt))]))
        var typed = prompt
        typed.field.setText("/tmp/alpha.docx")
        var refused = typed
        refused.error =
            "Name the format by the extension: .sh or .curl, .http or .rest, .postman_collection.json, .har, "
            + ".py (Locust), .js (k6)"
        steps.step(.commitInterop(typed), outcome: WorkspaceReducer.Outcome(requests: [.openOverlay(.prompt(refused))]))
    }

    @Test func whatAnExportCouldNotCarryIsListedUnlessADialogIsOpen() throws {
        var steps = try steps()
        let notice = Notice(
            "2 not carried (F9 lists them) · Saved 2.0 KB to /tmp/a.http", kind: .warning,
            details: "Not carried by the export (2):\n• a script\n• a check")
        let viewer = Overlay.viewer(
            title: "Not carried by the export",
            text: "Saved to /tmp/a.http. The format has no place for these 2:\n\n• a script\n• a check", scroll: 0)
        let written = WorkspaceReducer.Action.fileWritten(
            path: "/tmp/a.http", size: 2048, notCarried: ["a script", "a check"])
        steps.step(written, outcome: WorkspaceReducer.Outcome(notice: notice, requests: [.openOverlay(viewer)]))
        steps.context.overlayOpen = true
        steps.step(written, outcome: WorkspaceReducer.Outcome(notice: notice))
    }
}
