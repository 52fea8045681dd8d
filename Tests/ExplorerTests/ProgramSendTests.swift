import Explorer
import ExplorerTesting
import Foundation
import Futures
import FuturesTesting
import HTTPCore
import JSONTree
import StateStore
import TUI
import Testing
import Workspace

/// The whole program against the shipped collections' mock environments: sending, what comes
/// back on screen, failures, environments, chaining. Everything runs on the test's thread.
@MainActor
struct ProgramSendTests {
    @Test func browseSendAndTheTreeShows() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        #expect(harness.shows("JSONPlaceholder"))
        #expect(harness.shows("env ▸ mock (mock)"))
        // The first request is selected at start.
        #expect(harness.state.selectedRequest?.name == "List posts")
        #expect(harness.shows("→ http://jsonplaceholder.mock/posts"))
        harness.press("F5")
        #expect(harness.state.exchange?.inFlight == nil)
        #expect(harness.shows(" 200 OK "))
        #expect(harness.shows("▾ [ 10 items"))
        #expect(harness.shows("▸ 0: {…} 4 keys"))
        #expect(harness.shows("Checks ✓4"))
        // The request went through the collection's own mock environment.
        let recorded = try harness.mock("mock", of: ShippedIDs.jsonPlaceholder).recordedRequests
        #expect(recorded.map(\.path) == ["/posts"])
        #expect(harness.live.recordedRequests.isEmpty)
        // History was written off the main thread and is listed.
        #expect(harness.shows("History 1"))
    }

    @Test func aMockBodyFileSurvivesItsSendsAndASpilledBodyIsRemoved() throws {
        let harness = try ExplorerHarness(collections: try Shipped.jsonPlaceholder())
        let mockFile = harness.folder.collections + "/mocks/jsonplaceholder/posts.json"
        #expect(FileManager.default.fileExists(atPath: mockFile))
        harness.press("F5")
        harness.press("F5")
        // The mock's body file belongs to the collection: both sends answer from it, it stays.
        #expect(harness.shows(" 200 OK "))
        #expect(harness.shows("▾ [ 10 items"))
        #expect(FileManager.default.fileExists(atPath: mockFile))
        // Only the transport's own spill files (in the temporary folder) are the receiver's to remove.
        let temporary = FileManager.default.temporaryDirectory
        #expect(ResponseBody.isTransportSpill(temporary.appendingPathComponent("lazer-body-a1B2c3")))
        #expect(!ResponseBody.isTransportSpill(URL(fileURLWithPath: mockFile)))
        #expect(!ResponseBody.isTransportSpill(temporary.appendingPathComponent("report.json")))
    }

    @Test func theStageShowsWhileInFlightAndTheAnswerArrivesWhenItsTimeComes() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-slow"),
            processEnvironment: TestCollections.environment)
        harness.press("F5")
        #expect(harness.state.exchange?.inFlight != nil)
        // The mock's events: sent at once, then waiting for the first byte until its delay.
        #expect(harness.shows("waiting for the first byte · 0 ms  mock"))
        #expect(harness.shows("⇅ 1 in flight"))
        harness.advance(by: .milliseconds(1200))
        #expect(harness.shows("waiting for the first byte · 1.2 s  mock"))
        harness.advance(by: .milliseconds(1800))
        #expect(harness.state.exchange?.inFlight == nil)
        #expect(harness.shows("late: true"))
        #expect(harness.shows("· 3.0 s ·"))
        #expect(!harness.shows("in flight"))
    }

    @Test func escCancelsASlowSendAndNothingArrivesLater() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-slow"),
            processEnvironment: TestCollections.environment)
        harness.press("F5")
        harness.advance(by: .seconds(1))
        harness.press("esc")
        #expect(harness.shows("Cancelled after 1.0 s, while waiting for the first byte"))
        harness.advance(by: .seconds(5))
        #expect(harness.shows("Cancelled after 1.0 s, while waiting for the first byte"))
        #expect(!harness.shows("late: true"))
    }

    @Test func aTimeoutFailsAtItsSecondWithTheErrorCard() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), startup: StartupRequest(request: "Failures/Timeout"))
        harness.press("F5")
        harness.advance(by: .milliseconds(999))
        #expect(harness.state.exchange?.inFlight != nil)
        harness.advance(by: .milliseconds(1))
        #expect(harness.state.exchange?.inFlight == nil)
        guard case .failure(let card)? = harness.state.exchange?.result?.outcome else {
            Issue.record("a timeout ends in the error card")
            return
        }
        // (How long it took is measured on the wall clock, not the program's clock: not checked.)
        #expect(card.elapsed != nil)
        #expect(harness.shows("✖ " + card.translation.title))
        // The card says at which stage it failed, and after how long.
        #expect(harness.shows("Failed while waiting for the response after 1.0 s"))
        #expect(harness.shows("r retry"))
    }

    @Test func aDNSFailureNamesTheEnvironmentsBaseURL() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), startup: StartupRequest(request: "Failures/DNS failure"))
        harness.press("F5")
        guard case .failure(let card)? = harness.state.exchange?.result?.outcome else {
            Issue.record("a DNS failure ends in the error card")
            return
        }
        #expect(card.origin == "the base URL of environment \"mock\" (mock): http://showcase.mock")
        #expect(harness.shows("✖ " + card.translation.title))
        #expect(harness.shows("Where: the base URL of environment \"mock\" (mock): http://showcase.mock"))
        harness.press("g", "3", "t")
        #expect(harness.shows("GET http://showcase.mock/dns-failure"))
        // r in the response pane retries.
        let mock = try harness.mock("mock", of: ShippedIDs.showcase)
        harness.press("g", "3", "r")
        #expect(mock.recordedRequests.count == 2)
    }

    @Test func aServerErrorKeepsItsBodyUnderABanner() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), startup: StartupRequest(request: "Failures/500: server error"))
        harness.press("F5")
        #expect(harness.shows(" 500 Internal Server Error "))
        #expect(harness.shows("⚠ "))
        #expect(harness.shows("error: \"database unavailable\""))
    }

    @Test func aBodyThatIsNotJSONIsShownAsText() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), startup: StartupRequest(request: "Failures/A body that is not JSON"))
        harness.press("F5")
        #expect(harness.shows("Not JSON. See Raw (])."))
        #expect(harness.shows("<html><body><h1>Maintenance</h1></body></html>"))
        #expect(harness.shows("text/html; charset=utf-8"))
    }

    @Test func anUnresolvedVariableStopsTheSendAndNothingLeaves() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), startup: StartupRequest(request: "Failures/A variable nobody defined"))
        harness.press("F5")
        #expect(harness.shows("Unresolved variables"))
        #expect(harness.shows("traceId"))
        #expect(try harness.mock("mock", of: ShippedIDs.showcase).recordedRequests.isEmpty)
        harness.press("enter")
        #expect(harness.state.editor.tab == .headers)
    }

    @Test func aSecretCaptureChainsIntoTheNextRequestAndStaysMasked() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), startup: StartupRequest(request: "Chaining/2. Who am I"),
            processEnvironment: ["LAZER_VAR_password": "correct horse"])
        // Without the token captured by logging in, {{token}} has no value.
        harness.press("F5")
        #expect(harness.shows("Unresolved variables"))
        harness.press("esc")
        harness.open("1. Log in")
        harness.press("F5")
        #expect(harness.shows(" 200 OK "))
        #expect(harness.state.captures[ShippedIDs.showcase]?["token"]?.secret == true)
        harness.open("2. Who am I")
        harness.press("F5")
        #expect(harness.shows("name: \"Ada Lovelace\""))
        let recorded = try harness.mock("mock", of: ShippedIDs.showcase).recordedRequests
        #expect(recorded.last?.request.headers["Authorization"] == "Bearer mock-token-5f2a9c")
        // The variables view masks the captured secret.
        harness.press("F4")
        let tokenLine = try #require(harness.lines.first { $0.contains("│token ") })
        #expect(!tokenLine.contains("mock-token-5f2a9c"))
        #expect(tokenLine.contains("captured, kept for mock"))
        // So does the history written to disk.
        let history = try StateDatabase(path: harness.folder.stateStorePath).history(collectionID: ShippedIDs.showcase)
            .joined(separator: "\n")
        #expect(!history.contains("correct horse"))
        // The token is masked in history too: in the login's own answer (where the capture took
        // it) and in the next request's Authorization header.
        #expect(history.contains("Log in"))
        #expect(!history.contains("mock-token-5f2a9c"))
    }

    /// The showcase in `folder`, its log-in sent in the mock: the token captured (a secret).
    private static func loggedIn(
        _ folder: HarnessFolder, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ExplorerHarness {
        let harness = try ExplorerHarness(
            collections: try Shipped.showcase(), folder: folder, startup: StartupRequest(request: "Chaining/1. Log in"),
            processEnvironment: ["LAZER_VAR_password": "correct horse"])
        harness.press("F5")
        #expect(harness.shows(" 200 OK "), sourceLocation: sourceLocation)
        #expect(harness.state.captures[ShippedIDs.showcase]?["token"]?.secret == true, sourceLocation: sourceLocation)
        harness.settle()
        return harness
    }

    /// Renaming the environment in use keeps its captured values, now and after a restart in the
    /// new name: they stayed under the old name, and the next request's {{token}} was undefined.
    @Test func capturedValuesFollowTheirEnvironmentsRename() throws {
        let folder = try HarnessFolder()
        do {
            let first = try Self.loggedIn(folder)
            // F2's manager, on the environment in use: r renames it.
            first.press("F2")
            first.press("r")
            first.type("offline")
            first.press("enter")
            first.press("esc")
            first.settle()
            #expect(first.state.environmentName(collectionID: ShippedIDs.showcase) == "offline")
            #expect(first.state.captures[ShippedIDs.showcase]?["token"]?.secret == true)
            first.press("ctrl+s")
            first.settle()
        }
        let second = try ExplorerHarness(
            folder: folder, startup: StartupRequest(environment: "offline", request: "Chaining/2. Who am I"))
        second.settle()
        #expect(second.state.captures[ShippedIDs.showcase]?["token"]?.text == "mock-token-5f2a9c")
    }

    /// Captured values were lost on restart and shared by every environment (issue 33): the
    /// local token went to staging.
    @Test func capturedValuesAreKeptPerEnvironmentAcrossRestartsAndSecretOnesOutOfTheStore() throws {
        let folder = try HarnessFolder()
        do {
            let first = try Self.loggedIn(folder)
            // Switching to another environment: its own (none) replace mock's.
            first.press("F2")
            first.press("j", "enter")
            first.settle()
            #expect(first.state.environmentName(collectionID: ShippedIDs.showcase) != "mock")
            #expect(first.state.captures[ShippedIDs.showcase]?["token"] == nil)
        }
        // The secret value is in the secrets file, never in the state store.
        let store =
            try Data(contentsOf: URL(fileURLWithPath: folder.stateStorePath))
            + ((try? Data(contentsOf: URL(fileURLWithPath: folder.stateStorePath + "-wal"))) ?? Data())
        #expect(store.range(of: Data("mock-token-5f2a9c".utf8)) == nil)
        // A restart in mock has the token again, and uses it.
        let second = try ExplorerHarness(
            folder: folder, startup: StartupRequest(environment: "mock", request: "Chaining/2. Who am I"))
        second.settle()
        #expect(second.state.captures[ShippedIDs.showcase]?["token"]?.text == "mock-token-5f2a9c")
        second.press("F5")
        #expect(second.shows("name: \"Ada Lovelace\""))
        // F4, x: forgotten, here and after a restart.
        second.press("F4", "x")
        #expect(second.state.captures[ShippedIDs.showcase] == nil)
        second.settle()
        let third = try ExplorerHarness(
            folder: folder, startup: StartupRequest(environment: "mock", request: "Chaining/2. Who am I"))
        third.settle()
        #expect(third.state.captures[ShippedIDs.showcase] == nil)
    }

    @Test func switchingTheEnvironmentSendsTheNextRequestToTheOtherServerButNotTheOneInFlight() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-slow"),
            processEnvironment: TestCollections.environment)
        try harness.live.register(.get, "/slow", responses: .text("from the live server"))
        harness.press("F5")
        harness.press("F2", "j", "enter")
        #expect(harness.shows("env ▸ prod (live)"))
        #expect(harness.shows("→ https://api.example.com/slow"))
        // The send in flight still answers from the mock environment it left for.
        harness.advance(by: .seconds(3))
        #expect(harness.shows("late: true"))
        #expect(harness.shows("mock (dev)"))
        #expect(harness.live.recordedRequests.isEmpty)
        harness.press("F5")
        #expect(
            harness.live.recordedRequests.map { try? $0.request.url().absoluteString } == [
                "https://api.example.com/slow"
            ])
        #expect(harness.shows("from the live server"))
        #expect(harness.shows("live (prod)"))
    }

    @Test func searchAndFilterRunOffTheMainQueueAndComeBack() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/List posts"))
        harness.press("F5")
        harness.press("g", "3", "/")
        harness.type("qui est esse")
        // Something long on the work queue (an exchange's history write, a body's parse) does
        // not hold the search up: it runs on the queries' queue.
        harness.work.schedule {}
        harness.press("enter", settle: false)
        #expect(harness.queries.pendingCount == 1)
        harness.queries.runAll()
        harness.main.runAll()
        #expect(harness.work.pendingCount == 1, "the work queue has not run")
        #expect(harness.state.response.search.matches.count == 1)
        harness.settle()
        #expect(harness.shows("title: \"qui est esse\""))
        #expect(harness.shows("1 match (n/N)"))
        harness.press("|")
        harness.type("$[?@.id > 8].title")
        harness.press("enter")
        #expect(harness.shows("| $[?@.id > 8].title"))
        #expect(harness.state.response.tree?.rowCount == 4)
        #expect(harness.shows("2 values selected by $[?@.id > 8].title"))
        // Y copies where the value is in the response, not in the filtered list.
        harness.press("j", "Y")
        #expect(harness.host.copied.last == "$[8]['title']")
        harness.press("k", "Y")
        #expect(harness.host.copied.last == "$[?@.id > 8].title")
        harness.press("|")
        harness.type("$[?")
        harness.press("enter")
        #expect(harness.state.response.filter.error != nil)
        #expect(harness.shows("| ✖ "))
    }

    @Test func copyingGoesToTheClipboardAndAFailingHelperIsReported() throws {
        let harness = try ExplorerHarness(
            collections: try Shipped.jsonPlaceholder(), startup: StartupRequest(request: "Posts/Get a post"))
        harness.press("ctrl+p")
        harness.type("Copy as curl (secrets as shell variables)")
        harness.press("enter")
        // Lazer asks for compressed responses, and so does the command (`--compressed`).
        // Redirects are followed, as Lazer follows them (`--location`).
        #expect(harness.host.copied == ["curl 'http://jsonplaceholder.mock/posts/1' --location --compressed"])
        harness.press("F5")
        harness.press("g", "3", "j", "y")
        #expect(harness.host.copied.last == "1")
        harness.host.copyFailure = "no clipboard helper (install xclip or wl-clipboard)"
        harness.press("Y")
        #expect(harness.host.copied.last == "$['userId']")
        #expect(harness.shows("no clipboard helper (install xclip or wl-clipboard)"))
    }
}

@MainActor
struct ProgramTypingTests {
    @Test func anAnswerArrivingWhileTheSearchIsTypedLeavesTheFieldOpen() throws {
        let harness = try ExplorerHarness(
            collections: [TestCollections.alpha], startup: StartupRequest(request: "a-slow"),
            processEnvironment: TestCollections.environment)
        harness.press("F5")
        harness.press("g", "3", "/")
        harness.type("la")
        harness.advance(by: .seconds(3))
        #expect(harness.shows("late: true"))
        // The keys that follow are still the search's text, not commands (q would quit).
        harness.type("te q")
        #expect(!harness.host.didQuit)
        #expect(harness.state.response.search.query.text == "late q")
        harness.press("backspace", "backspace", "enter")
        #expect(harness.state.response.search.matches.count == 1)
        #expect(harness.shows("1 match (n/N)"))
    }
}
