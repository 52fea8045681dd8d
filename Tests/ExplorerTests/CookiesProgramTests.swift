import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// The explorer's cookie jar, one per collection and environment: a mock route's `Set-Cookie`
/// lands in the jar file, the next send carries it, and the Cookies dialog (`c` in the response
/// pane) lists, edits, deletes and clears it.
@MainActor
struct CookiesProgramTests {
    static let id = "c00c1e00-0000-4000-8000-000000000001"

    static let shop = FixtureFile.text(
        "shop.json",
        """
        {
          "formatVersion": 1, "id": "\(id)", "name": "Shop", "defaultEnvironment": "dev",
          "environments": [
            { "name": "dev", "kind": "mock", "baseURL": "http://shop.mock",
              "routes": [
                { "method": "GET", "path": "/login", "response": { "status": 200, "text": "welcome",
                  "headers": [
                    { "name": "Set-Cookie", "value": "session=abc123def456; Path=/; HttpOnly" },
                    { "name": "Set-Cookie", "value": "theme=dark; Domain=shop.mock; Max-Age=3600" }
                  ] } }
              ] }
          ],
          "requests": [ { "id": "login", "name": "Login", "method": "GET", "url": "/login" } ]
        }
        """)

    private func sentCookies(_ harness: ExplorerHarness) throws -> [[String]] {
        try harness.mock("dev", of: Self.id).recordedRequests.map { $0.request.headers.values(for: "Cookie") }
    }

    private func jarFile(_ harness: ExplorerHarness) -> String {
        let path = harness.workspace.cookies.path(collectionID: Self.id, environment: "dev")
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test func aCookieSetByTheServerIsKeptListedSentEditedDeletedAndCleared() throws {
        let harness = try ExplorerHarness(collections: [Self.shop], startup: StartupRequest(request: "login"))
        harness.press("F5")
        #expect(harness.shows(" 200 OK "))
        #expect(jarFile(harness).contains("#HttpOnly_shop.mock\tFALSE\t/\tFALSE\t0\tsession\tabc123def456\n"))
        harness.press("F5")
        #expect(try sentCookies(harness) == [[], ["session=abc123def456; theme=dark"]])
        // The Headers tab's request as sent names the jar's cookies, values masked.
        let sent = try #require(harness.state.exchange?.result?.sent)
        #expect(sent.headers.contains(SentRequest.Header("Cookie", "session=••••••; theme=••••••")))
        // The Timeline says which cookies went out and which the response set, by name.
        harness.press("g", "3")
        for _ in 0..<6 where harness.state.response.tab != .timeline { harness.press("]") }
        #expect(harness.shows("cookies    sent session, theme · set session, theme"))
        // History masks the jar's values wherever they appear (here: the Set-Cookie headers).
        let history = try harness.workspace.history.entries(collectionID: Self.id)
        let stored = history.flatMap { $0.responseHeaders.map(\.value) + $0.requestHeaders.map(\.value) }
        #expect(stored.contains("session=••••••; Path=/; HttpOnly"))
        #expect(!stored.joined().contains("abc123def456"))

        harness.press("g", "3")
        harness.press("c")
        #expect(harness.shows("Cookies · dev · 2"))
        #expect(harness.shows("session"))
        #expect(harness.shows("abc•••••"))
        #expect(!harness.shows("abc123def456"))
        harness.assertScreen(
            named: "cookies-dialog-120x40-dark",
            scrubbing: [ScreenScrub(pattern: "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d", replacement: "YYYY-MM-DD hh:mm")])

        // Edit the first (session): the prompt holds the whole value, typing replaces it.
        harness.press("e")
        #expect(harness.shows("Value of session (shop.mock/)"))
        harness.type("edited")
        harness.press("enter")
        #expect(jarFile(harness).contains("\tsession\tedited\n"))
        #expect(harness.shows("Cookies · dev · 2"))

        // Delete it: the next send no longer carries it.
        harness.press("d")
        #expect(harness.shows("Deleted cookie session (shop.mock)"))
        #expect(!jarFile(harness).contains("session"))
        harness.press("esc")
        harness.press("F5")
        #expect(try sentCookies(harness).last == ["theme=dark"])

        // Clear asks first; any key but y keeps them.
        harness.press("c")
        harness.press("C")
        #expect(harness.shows("Clear every cookie of this jar? y: yes"))
        harness.press("n")
        #expect(jarFile(harness).contains("\ttheme\tdark\n"))
        harness.press("C")
        harness.press("y")
        #expect(harness.shows("No cookies yet"))
        #expect(!jarFile(harness).contains("theme"))
    }

    @Test func aRunOfTheRunnerViewUsesAndKeepsTheEnvironmentsJar() async throws {
        let harness = try ExplorerHarness(collections: [Self.shop], startup: StartupRequest(request: "login"))
        _ = try harness.workspace.cookies.apply(
            [.put(Cookie(name: "before", value: "1", domain: "shop.mock"))], collectionID: Self.id, environment: "dev")
        harness.press("g")
        harness.press("1")
        harness.press("R")
        try await harness.waitForTheRun()
        // The run sent the jar's cookie and its login's cookies joined the jar file.
        #expect(try sentCookies(harness) == [["before=1"]])
        let file = jarFile(harness)
        #expect(file.contains("\tbefore\t1\n"))
        #expect(file.contains("\tsession\tabc123def456\n"))
    }

    @Test func anotherExplorersCookiesAreKeptWhenThisOneWritesItsJar() throws {
        let harness = try ExplorerHarness(collections: [Self.shop], startup: StartupRequest(request: "login"))
        // The send reads the jar file (empty) as it leaves...
        harness.press("F5", settle: false)
        // ...another lazer writes a cookie of its own into the same jar meanwhile...
        _ = try harness.workspace.cookies.apply(
            [.put(Cookie(name: "other", value: "1", domain: "shop.mock"))], collectionID: Self.id, environment: "dev")
        // ...and this explorer's answer is merged into the file, not written over it.
        harness.settle()
        let file = jarFile(harness)
        #expect(file.contains("\tother\t1\n"))
        #expect(file.contains("\tsession\tabc123def456\n"))
    }
}
