import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// Whole screens of the editing added for issue 33: a table cell being typed in (filled, the
/// status line naming it) and the completion list under the URL, at 120×40 and 80×24, in two
/// themes (`Snapshots/<state>-<size>-<theme>.txt`, re-record with `RECORD_SNAPSHOTS=1`).
@MainActor
struct EditingSnapshotTests {
    private func harness(_ variant: ScreenVariant, request: String) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: request))
    }

    @Test(arguments: ScreenVariant.all) func aCellBeingTypedIn(_ variant: ScreenVariant) throws {
        let harness = try harness(variant, request: "Posts/Posts of a user")
        harness.press("alt+1", "enter")
        harness.type("2")
        harness.assertScreen(named: "request-cell-editing-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func theCompletionList(_ variant: ScreenVariant) throws {
        let harness = try harness(variant, request: "Posts/Get a post")
        harness.press("ctrl+l", "end")
        harness.type("?user={{")
        harness.assertScreen(named: "completion-\(variant)")
    }
}
