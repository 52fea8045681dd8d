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

/// The real program sending a request with prompts in a mock environment: the request as sent
/// carries the answers, the credential's masked.
@MainActor
struct SendPromptsProgramTests {
    @Test func theRequestAsSentInAMockEnvironmentHasTheAnswersAndACredentialMasked() throws {
        let harness = try ExplorerHarness(
            collections: [SendPromptsReducerTests.file], startup: StartupRequest(request: "p-order"))
        harness.press("F5")
        harness.type("A-17")
        harness.press("enter")
        harness.type("k3y-value")
        harness.press("enter", "down", "enter")
        let sent = try #require(harness.state.exchanges[SendPromptsReducerTests.order]?.result?.sent)
        #expect(sent.url == "http://dev.mock/orders/A-17")
        #expect(sent.headers.contains(SentRequest.Header("X-Region", "us")))
        #expect(!sent.headers.contains { $0.value.contains("k3y-value") })
        #expect(sent.headers.contains { $0.name == "X-Key" })
        #expect(harness.state.overlay == nil)
    }
}
