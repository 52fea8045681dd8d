import Explorer
import ExplorerTesting
import TUI
import Testing

/// The dialogs a send's `{{$prompt}}` and `{{$select}}` open, as whole screens (text and styles)
/// at 120×40 and 80×24 in two themes: the text field (masked for a credential) and the picker.
@MainActor
struct SendPromptsSnapshotTests {
    private func harness(_ variant: ScreenVariant) throws -> ExplorerHarness {
        try ExplorerHarness(
            collections: [SendPromptsReducerTests.file], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "p-order"))
    }

    @Test(arguments: ScreenVariant.all) func prompt(_ variant: ScreenVariant) throws {
        let harness = try harness(variant)
        harness.press("F5")
        harness.type("A-17")
        harness.assertScreen(named: "send-prompt-\(variant)")
    }

    @Test(arguments: ScreenVariant.all) func maskedPromptThenPicker(_ variant: ScreenVariant) throws {
        let harness = try harness(variant)
        harness.press("F5", "enter")
        harness.type("k3y")
        harness.assertScreen(named: "send-prompt-masked-\(variant)")
        harness.press("enter", "down")
        harness.assertScreen(named: "send-select-\(variant)")
    }
}
