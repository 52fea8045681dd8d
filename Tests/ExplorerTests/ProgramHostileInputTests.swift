import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// Server text and broken input never reach the terminal raw and never stop the explorer.
@MainActor
struct ProgramHostileInputTests {
    /// Alpha on its live environment, List users answered by `response` from the live dispatcher.
    private func live(_ response: MockResponse) throws -> ExplorerHarness {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(environment: "prod", request: "a-users"),
            processEnvironment: TestCollections.environment)
        try harness.live.register(.get, "/users", responses: response)
        harness.backend.recordsEmitted = true
        harness.press("F5")
        return harness
    }

    private func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func controlCharactersInJSONKeysAndStringsAreShownVisiblyAndNeverEmitted() throws {
        let evil = #"{"k\u001b[2J": "v\u0007\u001b]52;c;aGk=\u0007", "ok": 1}"#
        let harness = try live(
            MockResponse(status: .ok, headers: ["Content-Type": "application/json"], body: .text(evil)))
        #expect(harness.shows("ok: 1"))
        #expect(harness.shows("k␛[2J"))
        #expect(!harness.backend.emitted.contains { hasControlCharacters($0) })
        #expect(!hasControlCharacters(harness.screen))
    }

    @Test func escapeSequencesInATextBodyAreShownVisiblyAndNeverEmitted() throws {
        // A few escapes in a page of text (text with many control characters is shown as binary).
        let text = String(repeating: "An ordinary line of a log file, nothing to see here.\n", count: 10)
        let evil = "line one\u{1B}[2J\u{1B}]0;pwned\u{07}\r\nline two\u{9B}31m\n" + text
        let harness = try live(MockResponse.text(evil))
        #expect(harness.shows("line one␛[2J"))
        harness.press("g", "3", "]")
        #expect(harness.shows("line two"))
        #expect(!harness.backend.emitted.contains { hasControlCharacters($0) })
        #expect(!hasControlCharacters(harness.screen))
    }

    @Test func aColouredLogSentAsTextIsShownAsTextWithItsEscapesVisible() throws {
        // An escape on every line (more than 1 % control characters): text/plain says it is text.
        let log = (1...20).map { "\u{1B}[32mINFO\u{1B}[0m request \($0) served" }.joined(separator: "\n")
        let harness = try live(
            MockResponse(status: .ok, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text(log)))
        #expect(harness.shows("␛[32mINFO␛[0m request 1 served"))
        #expect(!harness.shows("Binary body"))
        #expect(!harness.backend.emitted.contains { hasControlCharacters($0) })
        // Without a text media type the same bytes are still a hex dump.
        #expect(!TextBody.looksLikeText(Array(log.utf8)))
        #expect(!TextBody.looksLikeText([0x61, 0x00, 0x62], declaredText: true))
    }

    @Test func invalidUTF8AndBinaryBodiesAreShownWithoutBreakingTheScreen() throws {
        let bytes: [UInt8] = [0x68, 0x69, 0xFF, 0xFE, 0x00, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x0A] + Array(0..<64)
        let harness = try live(
            MockResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], body: .data(Data(bytes))))
        #expect(harness.shows("Binary body, 75 B. Raw (]) shows a hex dump."))
        harness.press("g", "3", "]")
        #expect(harness.shows("68 69 ff fe 00 1b"))
        #expect(!harness.backend.emitted.contains { hasControlCharacters($0) })
    }

    @Test func anEmptyBodySaysSo() throws {
        let harness = try live(MockResponse(status: .noContent))
        #expect(harness.shows(" 204 No Content "))
        #expect(harness.shows("Empty body."))
    }

    @Test func aMissingCollectionsFolderIsReportedOnScreen() throws {
        let harness = try ExplorerHarness(paths: ["/nonexistent/lazer-collections"])
        #expect(harness.state.isLoading == false)
        #expect(harness.shows("/nonexistent/lazer-collections: no such file or folder"))
        #expect(!harness.shows("loading…"))
    }

    @Test func aBrokenFileIsListedWithItsErrorAndTheOthersStillWork() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha, TestCollections.broken],
            processEnvironment: TestCollections.environment)
        #expect(harness.shows("✖ broken.json — 4:1 not valid J…"))
        harness.press("F5")
        #expect(harness.shows(" 200 OK "))
        harness.press("ctrl+p")
        harness.type("Collection problems")
        harness.press("enter")
        #expect(harness.shows("Collection problems"))
        #expect(harness.shows("4:1 error: not valid JSON"))
    }
}
