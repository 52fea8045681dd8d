import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import StateStore
import TUI
import Testing
import Workspace

/// The history browser (Alt+H): every exchange of the workspace newest first, searched as you
/// type, Enter shows one, Ctrl+O re-opens one as a draft; "Clear history…" asks first.
@Suite("Explorer: the history browser")
@MainActor
struct HistoryBrowserTests {
    static let collectionID = "hist-0000-4000-8000-000000000001"
    static let collection = FixtureFile.text(
        "hist.json",
        """
        {
          "formatVersion": 1, "id": "\(collectionID)", "name": "Hist", "defaultEnvironment": "dev",
          "environments": [{ "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
            { "method": "GET", "path": "/users", "response": { "status": 200, "json": [{ "name": "ada" }] } },
            { "method": "POST", "path": "/orders", "response": { "status": 404, "json": { "error": "no such item" } } }
          ]}],
          "requests": [
            { "id": "users", "name": "Find users", "method": "GET", "url": "/users" },
            { "id": "orders", "name": "Make order", "method": "POST", "url": "/orders",
              "headers": [{ "name": "X-Token", "value": "{{token}}" }],
              "body": { "type": "json", "json": { "item": "lamp" } } }
          ]
        }
        """)

    static let users = RequestKey(collectionID: collectionID, requestID: "users")
    static let orders = RequestKey(collectionID: collectionID, requestID: "orders")

    static func browser(_ harness: ExplorerHarness) -> HistoryBrowserState? {
        if case .historyBrowser(let browser)? = harness.state.overlay { return browser }
        return nil
    }

    /// Opens the browser and lets the debounced search run.
    static func open(_ harness: ExplorerHarness) {
        harness.press("alt+h")
        harness.advance(by: .milliseconds(200))
    }

    static func harnessWithTwoSends() throws -> ExplorerHarness {
        let harness = try ExplorerHarness(
            collections: [collection], startup: StartupRequest(request: "Find users"),
            processEnvironment: ["LAZER_VAR_token": "t0ken"])
        harness.press("F5")
        harness.advance(by: .seconds(1))
        harness.dispatch(.command(.app(.history)))
        harness.advance(by: .milliseconds(200))
        harness.press("escape")
        // The second request, selected as a user would from the collections pane.
        harness.press("g", "1")
        harness.press("j")
        harness.press("enter")
        harness.press("F5")
        harness.advance(by: .seconds(1))
        return harness
    }

    @Test("Alt+H lists every exchange of the workspace, newest first, after the search has run")
    func opensNewestFirst() throws {
        let harness = try Self.harnessWithTwoSends()
        #expect(harness.state.selection == Self.orders)
        harness.press("alt+h")
        let opened = try #require(Self.browser(harness))
        #expect(opened.loading, "the list is loaded off the main loop, after the debounce")
        harness.advance(by: .milliseconds(200))
        let browser = try #require(Self.browser(harness))
        #expect(!browser.loading)
        #expect(browser.rows.map(\.requestName) == ["Make order", "Find users"])
        #expect(browser.rows.map(\.status) == ["404", "200"])
        #expect(harness.shows("History · 2 entries"), "\(harness.screen)")
        #expect(harness.shows("Hist / Make order"), "\(harness.screen)")
    }

    @Test("typing searches as you type: by URL text, by a status class, by a day")
    func searchAsYouType() throws {
        let harness = try Self.harnessWithTwoSends()
        Self.open(harness)
        harness.type("users")
        #expect(Self.browser(harness)?.loading == true)
        harness.advance(by: .milliseconds(200))
        #expect(Self.browser(harness)?.rows.map(\.requestName) == ["Find users"])
        for _ in 0..<5 { harness.press("backspace") }
        harness.type("4xx")
        harness.advance(by: .milliseconds(200))
        #expect(Self.browser(harness)?.rows.map(\.requestName) == ["Make order"])
        for _ in 0..<3 { harness.press("backspace") }
        harness.type("1999-01-01")
        harness.advance(by: .milliseconds(200))
        #expect(Self.browser(harness)?.rows.isEmpty == true)
        #expect(harness.shows("Nothing matches"), "\(harness.screen)")
    }

    @Test("a result of an older search is dropped: only the search typed last fills the list")
    func generationCheck() {
        var state = OverlayState()
        var context = OverlayReducer.Context(now: .zero)
        context.historyCollections = ["c"]
        let opened = OverlayReducer.reduce(&state, .openHistoryBrowser, context)
        #expect(opened.effects == [.history(.browse(generation: 1, query: "", collectionIDs: ["c"]))])
        let typed = OverlayReducer.reduce(&state, .key(.char("a")), context)
        #expect(typed.effects == [.history(.browse(generation: 2, query: "a", collectionIDs: ["c"]))])
        let old = HistorySummary(
            id: "old", collectionID: "c", requestID: nil, time: 0, requestName: "Old", method: "GET", url: "/",
            status: "200", durationMilliseconds: nil)
        var new = old
        new.id = "new"
        _ = OverlayReducer.reduce(&state, .historyBrowsed(generation: 1, .success([old])), context)
        guard case .historyBrowser(let stale)? = state.overlay else {
            Issue.record("the browser closed")
            return
        }
        #expect(stale.rows.isEmpty && stale.loading, "the first search's late result is dropped")
        _ = OverlayReducer.reduce(&state, .historyBrowsed(generation: 2, .success([new])), context)
        guard case .historyBrowser(let current)? = state.overlay else { return }
        #expect(current.rows == [new] && !current.loading)
    }

    @Test("Enter shows the entry in the response views, from history, its request selected")
    func enterShows() throws {
        let harness = try Self.harnessWithTwoSends()
        Self.open(harness)
        harness.press("down")
        harness.press("enter")
        #expect(harness.state.overlay == nil)
        #expect(harness.state.selection == Self.users)
        #expect(harness.state.response.openedHistory?.requestName == "Find users")
        #expect(harness.state.focus == .response)
        #expect(harness.shows("from history"), "\(harness.screen)")
        #expect(harness.state.shownResult?.response?.status == 200)
    }

    /// A failed exchange opened from history says so, as a response from history does (it said
    /// "live (dev)" for a mock environment: history does not keep whether it was one).
    @Test("a failed exchange opened from history reads 'from history · env NAME', not 'live'")
    func aFailureFromHistory() throws {
        let collection = FixtureFile.text(
            "slow.json",
            """
            {"formatVersion": 1, "id": "slow-0000-4000-8000-000000000001", "name": "Slow", "defaultEnvironment": "dev",
             "environments": [{"name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
               {"method": "GET", "path": "/slow", "response": {"status": 200, "text": "late", "delayMilliseconds": 5000}}]}],
             "requests": [{"id": "slow", "name": "Slow", "method": "GET", "url": "/slow", "options": {"timeoutSeconds": 1}}]}
            """)
        let harness = try ExplorerHarness(collections: [collection], startup: StartupRequest(request: "Slow"))
        harness.press("F5")
        harness.advance(by: .seconds(2))
        #expect(harness.shows("no response"), "\(harness.screen)")
        #expect(harness.shows("mock (dev)"), "\(harness.screen)")
        Self.open(harness)
        harness.press("enter")
        #expect(harness.state.response.openedHistory != nil)
        #expect(harness.shows("from history · env dev"), "\(harness.screen)")
        #expect(!harness.shows("live (dev)"), "\(harness.screen)")
        // The card's title and explanation apart, as live (one title "Title: explanation" was cut).
        #expect(harness.shows("✖ Request timed out"), "\(harness.screen)")
        #expect(!harness.shows("Request timed out:"), "\(harness.screen)")
    }

    @Test("Ctrl+O re-opens the entry as a draft of its request; revert discards it")
    func reopenAsDraftOfExistingRequest() throws {
        let harness = try Self.harnessWithTwoSends()
        // The request changed since the send: the draft takes the entry's values back.
        harness.press("g", "1")
        harness.press("g", "2")
        Self.open(harness)
        harness.press("down")
        harness.press("ctrl+o")
        #expect(harness.state.selection == Self.users)
        let draft = try #require(harness.state.drafts[Self.users])
        #expect(draft.url == "http://dev.mock/users")
        #expect(draft.method == .get)
        #expect(harness.state.editor.key == Self.users)
        #expect(harness.shows("a draft from history"), "\(harness.screen)")
        harness.press("g", "2")
        harness.press("X")
        #expect(harness.state.drafts[Self.users] == nil, "revert discards the draft like any edit")
    }

    @Test("Ctrl+O on an entry whose request is gone makes a new request in that collection")
    func reopenAsDraftOfDeletedRequest() throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "Find users"))
        let entry = HistoryEntry(
            id: "gone-1", date: Date(timeIntervalSince1970: 1_767_225_600), requestID: "deleted",
            requestName: "Old report", method: "PUT", url: "http://dev.mock/reports/7",
            requestHeaders: [.init("Content-Type", "text/plain"), .init("X-Key", Redactor.mask)],
            requestBody: HistoryBody(bytes: Array("ready".utf8), limit: 100, redactor: Redactor(secrets: [])),
            status: 204, durationMilliseconds: 3)
        try harness.workspace.history.append(entry, collectionID: Self.collectionID, redactor: Redactor(secrets: []))
        Self.open(harness)
        #expect(harness.shows("Hist / Old report"), "\(harness.screen)")
        harness.press("ctrl+o")
        let document = try #require(harness.state.document(collectionID: Self.collectionID))
        let made = try #require(document.collection.allRequests.map(\.request).first { $0.name == "Old report" })
        let key = RequestKey(collectionID: Self.collectionID, requestID: made.id)
        #expect(harness.state.selection == key)
        let draft = try #require(harness.state.drafts[key])
        #expect(draft.method.rawValue == "PUT")
        #expect(draft.url == "http://dev.mock/reports/7")
        #expect(draft.body == SavedBody(.text("ready", contentType: "text/plain")))
        // A masked value never becomes text of the request: a placeholder stands there.
        #expect(draft.headers.first { $0.name == "X-Key" }?.value == "{{secret}}")
        #expect(!draft.headers.contains { $0.value.contains(Redactor.mask) })
    }

    @Test("Clear history… asks with the counts, and clears only what the answer says")
    func clearAsks() throws {
        let harness = try Self.harnessWithTwoSends()
        try harness.workspace.history.append(
            HistoryEntry(method: "GET", url: "http://other/"), collectionID: "another-collection",
            redactor: Redactor(secrets: []))
        harness.dispatch(.command(.app(.clearHistory)))
        guard case .clearHistory(let question, _)? = harness.state.overlay else {
            Issue.record("no question: \(harness.screen)")
            return
        }
        #expect(question.collectionCount == 2 && question.allCount == 2)
        #expect(harness.shows("Clear history?"), "\(harness.screen)")
        #expect(try harness.workspace.history.count(collectionIDs: nil) == 3, "nothing goes before the answer")
        harness.advance(by: .seconds(1))
        harness.press("alt+c")
        #expect(harness.state.overlay == nil)
        #expect(try harness.workspace.history.count(collectionIDs: [Self.collectionID]) == 0)
        #expect(try harness.workspace.history.count(collectionIDs: nil) == 1, "another collection's history stays")
        #expect(harness.shows("Cleared 2 history entries"), "\(harness.screen)")
    }

    @Test("ten thousand rows: the list shows its window and moves by pages")
    func tenThousandRows() throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "Find users"))
        harness.press("alt+h", settle: false)
        guard let browser = Self.browser(harness) else {
            Issue.record("the browser did not open")
            return
        }
        let rows = (0..<10_000).map { index in
            HistorySummary(
                id: "e\(index)", collectionID: Self.collectionID, requestID: "users", time: 1_767_225_600,
                requestName: "Find users", method: "GET", url: "http://dev.mock/users/\(index)", status: "200",
                durationMilliseconds: 1)
        }
        harness.dispatch(.history(.browsed(generation: browser.generation, .success(rows))))
        #expect(harness.shows("History · 10000 entries"), "\(harness.screen)")
        #expect(harness.shows("of 10000"), "\(harness.screen)")
        harness.press("pgdn")
        harness.press("pgdn")
        let moved = try #require(Self.browser(harness))
        #expect(moved.selected > 0 && moved.offset > 0 && moved.selected >= moved.offset)
        #expect(harness.shows(" dev.mock/users/\(moved.selected) "), "\(harness.screen)")
    }

    @Test("the browser's screen")
    func snapshot() throws {
        let harness = try Self.harnessWithTwoSends()
        Self.open(harness)
        harness.assertScreen(named: "history-browser", scrubbing: [.clockTimes, .historyDurations])
    }
}

/// What a history entry becomes as a draft of a request that still exists.
@Suite("Explorer: a history entry as a draft")
struct HistoryDraftTests {
    @Test("a masked value keeps the request's own template; the auth's header is left to the auth")
    func maskedValuesKeepTheTemplate() {
        let base = SavedRequest(
            name: "Make order", method: .post, url: "{{base}}/orders?key={{key}}",
            headers: [KeyValueRow(name: "X-Token", value: "{{token}}"), KeyValueRow(name: "Old", value: "1")],
            body: SavedBody(.jsonText("{\"item\": \"{{item}}\"}")), auth: SavedAuth(.bearer(token: "{{jwt}}")))
        let entry = HistoryEntry(
            method: "PUT", url: "http://h/orders?key=" + Redactor.mask,
            requestHeaders: [
                .init("X-Token", Redactor.mask), .init("Authorization", "Bearer " + Redactor.mask),
                .init("Accept", "application/json"),
            ],
            requestBody: HistoryBody(
                text: "{\"item\":\"lamp\",\"pin\":\"\(Redactor.mask)\"}", encoding: .utf8, size: 30, truncated: false))
        let (draft, kept) = HistoryDraft.request(from: entry, onto: base, isNew: false)
        #expect(draft.method.rawValue == "PUT")
        #expect(draft.url == base.url && draft.query == base.query, "the masked URL stays the template")
        #expect(draft.headers.map(\.name) == ["X-Token", "Accept"])
        #expect(draft.headers.first?.value == "{{token}}")
        #expect(draft.body == base.body, "a masked body stays the request's")
        #expect(draft.auth == base.auth)
        #expect(kept == ["URL", "X-Token", "body"])
        let everything = [draft.url] + draft.headers.map(\.value) + [String(describing: draft.body)]
        #expect(!everything.contains { $0.contains(Redactor.mask) })
    }

    @Test("unmasked values are taken as sent: the URL's query becomes rows, a JSON body stays JSON")
    func plainValuesAreTaken() {
        let base = SavedRequest(name: "Find", url: "/users", body: SavedBody(.jsonText("{}")))
        let entry = HistoryEntry(
            method: "POST", url: "http://h/users?q=ada",
            requestHeaders: [.init("Content-Type", "application/json")],
            requestBody: HistoryBody(text: "{\"name\":\"ada\"}", encoding: .utf8, size: 14, truncated: false))
        let (draft, kept) = HistoryDraft.request(from: entry, onto: base, isNew: false)
        #expect(draft.url == "http://h/users")
        #expect(draft.query.map(\.name) == ["q"] && draft.query.map(\.value) == ["ada"])
        #expect(kept.isEmpty)
        switch draft.body.content {
        case .json, .jsonText: break
        default: Issue.record("not a JSON body: \(draft.body)")
        }
    }
}

/// The browser opened while the collections still load.
@Suite("Explorer: the history browser during start-up")
@MainActor
struct HistoryBrowserStartupTests {
    @Test("opened before the collections loaded, it searches again once they have")
    func openedWhileLoading() throws {
        let harness = try ExplorerHarness(
            collections: [HistoryBrowserTests.collection], startup: StartupRequest(request: "Find users"),
            start: false)
        try harness.workspace.history.append(
            HistoryEntry(requestID: "users", requestName: "Find users", method: "GET", url: "http://dev.mock/users"),
            collectionID: HistoryBrowserTests.collectionID, redactor: Redactor(secrets: []))
        harness.program.start(paths: [harness.folder.collections])
        harness.press("alt+h", settle: false)
        harness.advance(by: .milliseconds(200))
        #expect(HistoryBrowserTests.browser(harness)?.rows.map(\.requestName) == ["Find users"])
        #expect(harness.shows("History · 1 entry"), "\(harness.screen)")
    }
}

/// The URL column shows what tells entries apart: no `http://`, and a long URL keeps its host
/// and the end of its path (it was cut after the host, so every row of a server read the same).
struct HistoryBrowserURLColumnTests {
    @Test func aLongURLKeepsItsHostAndTheEndOfItsPath() {
        let url = "http://127.0.0.1:41443/anything/customers/1234/orders/A-42"
        #expect(HistoryBrowserLayout.shortURL(url, width: 80) == "127.0.0.1:41443/anything/customers/1234/orders/A-42")
        #expect(HistoryBrowserLayout.shortURL(url, width: 30) == "127.0.0.1:41443/…4/orders/A-42")
        #expect(HistoryBrowserLayout.shortURL(url, width: 17) == "…1234/orders/A-42")
        #expect(
            HistoryBrowserLayout.shortURL("https://api.example/v1/a/b/c/d/e/f", width: 28)
                == "https://api.example/…c/d/e/f")
    }
}

/// Ctrl+D in the history browser marks entries as `m` does in the History tab: the first is
/// marked (a dot in the list), the second opens the Diff view over the panes.
@Suite("Explorer: comparing from the history browser")
@MainActor
struct HistoryBrowserMarkTests {
    @Test("Ctrl+D on two entries of the browser compares them in the Diff view")
    func ctrlDMarksTwoEntries() throws {
        let harness = try HistoryBrowserTests.harnessWithTwoSends()
        HistoryBrowserTests.open(harness)
        harness.press("ctrl+d")
        harness.advance(by: .milliseconds(50))
        #expect(harness.state.diff.marked?.requestID == "orders")
        #expect(harness.state.toast?.message.hasSuffix(": ctrl+d on another entry compares them") == true)
        #expect(HistoryBrowserTests.browser(harness) != nil, "the browser stays open for the second mark")
        #expect(harness.lines.contains { $0.contains("●") && $0.contains("Hist / Make order") })
        harness.press("down", "ctrl+d")
        harness.advance(by: .milliseconds(50))
        #expect(HistoryBrowserTests.browser(harness) == nil)
        let view = try #require(harness.state.diff.view)
        #expect(view.isShown)
        #expect(view.summary == "1 change: 0 added, 0 removed, 1 changed")
        #expect(harness.state.keyContexts == [.diff])
        #expect(harness.state.toast?.message.hasPrefix("Compared ") == true)
    }
}
