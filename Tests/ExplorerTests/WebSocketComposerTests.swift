import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing

/// The WebSocket composer (issue 25): while a WebSocket request is connected, Alt+W opens a line
/// to type a message (JSON checked as typed when it starts with `{`/`[`, refused on Enter while it
/// does not parse) and Alt+S the saved messages; Enter sends, and the message appears as a ↑ row
/// with its echo ↓. Without a connection the keys say why. Snapshots at 120×40 and 80×24.
@MainActor
struct WebSocketComposerTests {
    nonisolated static let variants = [
        ScreenVariant(width: 120, height: 40, theme: .defaultDark),
        ScreenVariant(width: 80, height: 24, theme: .defaultDark),
    ]

    private func waitUntil(_ harness: ExplorerHarness, _ done: (ExplorerState) -> Bool) async {
        for _ in 0..<6_000 where !done(harness.state) {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        harness.advance(by: ExplorerProgram.tickInterval)
    }

    private func connected(_ variant: ScreenVariant) async throws -> ExplorerHarness {
        let harness = try ExplorerHarness(
            collections: [WebSocketExplorerTests.collection], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "chat"), webSockets: EchoConnector())
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.stream?.total == 4 }
        return harness
    }

    @Test(arguments: variants) func aTypedMessageIsSentAndEchoed(_ variant: ScreenVariant) async throws {
        let harness = try await connected(variant)
        harness.press("alt+w")
        harness.type(#"{"op": "ping""#)
        #expect(harness.shows("✖ not JSON"))
        harness.assertScreen(named: "websocket-composer-json-\(variant)")
        // Enter while it does not parse sends nothing.
        harness.press("Enter")
        #expect(harness.state.overlay != nil)
        harness.type("}")
        #expect(harness.shows("✓ JSON"))
        harness.press("Enter")
        #expect(harness.state.overlay == nil)
        await waitUntil(harness) { $0.exchange?.stream?.total == 6 }
        #expect(harness.shows(#"↑ text  {"op": "ping"}"#))
        #expect(harness.shows(#"↓ text  {"op": "ping"}"#))
        harness.assertScreen(named: "websocket-composer-sent-\(variant)")
    }

    @Test(arguments: variants) func aSavedMessageIsPickedAndSent(_ variant: ScreenVariant) async throws {
        let harness = try await connected(variant)
        harness.press("alt+s")
        #expect(harness.shows("▸ 1 hello · hello"))
        #expect(harness.shows(#"2 join · {"op":"join","room":7}"#))
        harness.press("Down")
        harness.assertScreen(named: "websocket-composer-saved-\(variant)")
        harness.press("Enter")
        await waitUntil(harness) { $0.exchange?.stream?.total == 6 }
        let names = harness.state.exchange?.stream?.events.suffix(2).map(\.name)
        #expect(names == ["↑ text", "↓ text"])
        #expect(harness.state.exchange?.stream?.events.last?.data == #"{"op":"join","room":7}"#)
    }

    @Test func aDigitSendsThatSavedMessageAndTheListStaysOpen() async throws {
        let harness = try await connected(ScreenVariant(width: 120, height: 40, theme: .defaultDark))
        harness.press("alt+s")
        #expect(harness.shows("▸ 1 hello · hello"))
        #expect(harness.shows(#"2 join · {"op":"join","room":7}"#))
        #expect(harness.shows("Enter or 1–9 sends"))
        harness.press("2")
        await waitUntil(harness) { $0.exchange?.stream?.total == 6 }
        #expect(harness.state.overlay != nil)
        harness.press("1")
        await waitUntil(harness) { $0.exchange?.stream?.total == 8 }
        let sent = harness.state.exchange?.stream?.events.filter { $0.name == "↑ text" }.suffix(2).map(\.data)
        #expect(sent == [#"{"op":"join","room":7}"#, "hello"])
        // A digit past the list sends nothing.
        harness.press("9")
        harness.settle()
        #expect(harness.state.exchange?.stream?.total == 8)
    }

    @Test func slashFileSendsAFileBesideTheCollectionAsBinary() async throws {
        let harness = try await connected(ScreenVariant(width: 120, height: 40, theme: .defaultDark))
        try Data([0xDE, 0xAD, 0xBE, 0xEF]).write(
            to: URL(fileURLWithPath: harness.folder.collections + "/frame.bin"))
        harness.press("alt+w")
        harness.type("/file frame.bin")
        harness.press("Enter")
        await waitUntil(harness) { $0.exchange?.stream?.total == 6 }
        let sent = harness.state.exchange?.stream?.events.first { $0.name == "↑ binary" }
        #expect(sent?.data == "4 bytes de ad be ef")
        // The echo, the newest row, shows as a hex dump.
        #expect(harness.shows("00000000  de ad be ef" + String(repeating: " ", count: 36) + "  |....|"))
        harness.press("alt+w")
        harness.type("/file missing.bin")
        harness.press("Enter")
        await waitUntil(harness) { _ in harness.shows("Not sent") }
        #expect(harness.shows("no such file missing.bin"))
    }

    @Test func slashCloseClosesWithTheCodeAndReasonTyped() async throws {
        let connector = EchoConnector()
        let harness = try ExplorerHarness(
            collections: [WebSocketExplorerTests.collection], size: Size(width: 120, height: 40), theme: .defaultDark,
            startup: StartupRequest(request: "chat"), webSockets: connector)
        harness.press("F5")
        await waitUntil(harness) { $0.exchange?.stream?.total == 4 }
        // `//` sends a message that starts with `/`.
        harness.press("alt+w")
        harness.type("//close is a word")
        harness.press("Enter")
        await waitUntil(harness) { $0.exchange?.stream?.total == 6 }
        #expect(harness.state.exchange?.stream?.events.last?.data == "/close is a word")
        // A code no endpoint may send is refused, and nothing closes.
        harness.press("alt+w")
        harness.type("/close 1005")
        harness.press("Enter")
        #expect(harness.state.overlay != nil)
        #expect(harness.shows("Not closed: 1005 is not a close code to send"))
        #expect(connector.closes.isEmpty)
        harness.press("Escape")
        harness.press("alt+w")
        harness.type("/close 4001 done here")
        harness.press("Enter")
        #expect(harness.state.overlay == nil)
        await waitUntil(harness) { $0.exchange?.stream?.events.last?.name == "close" }
        // The first close is the one sent (the exchange's own close after it finds the connection closing).
        #expect(connector.closes.first == 4001)
        #expect(harness.shows("this client closed the connection (4001 done here)"))
    }

    @Test func withoutAConnectionTheKeysSayWhy() throws {
        let harness = try ExplorerHarness(
            collections: [WebSocketExplorerTests.collection], size: Size(width: 120, height: 40), theme: .defaultDark,
            startup: StartupRequest(request: "chat"), webSockets: EchoConnector())
        harness.press("alt+w")
        #expect(harness.state.overlay == nil)
        #expect(harness.shows("Chat is not connected: F5 opens the connection"))
    }
}
