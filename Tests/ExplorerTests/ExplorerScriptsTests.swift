import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import Scripting
import TUI
import Testing
import Workspace

/// Scripts in the explorer (issue 32), run by the real engine: a send asks to trust the file's
/// scripts first, then runs the pre-request scripts before the request is prepared (what they
/// change is what goes out) and the test scripts after the expectations (their tests in the Checks
/// tab, their console in the Console tab, their time in the Timeline). The Scripts tab edits both
/// and checks their syntax as they are typed.
@MainActor
struct ExplorerScriptsTests {
    static let collection = """
        {
          "formatVersion": 1, "id": "scripted", "name": "Scripted", "defaultEnvironment": "live",
          "scripts": {"test": "pm.test('collection: status 200', () => pm.response.to.have.status(200));"},
          "requests": [
            {"id": "who", "name": "Who", "method": "GET", "url": "/who",
             "scripts": {
               "preRequest": "const sig = CryptoJS.HmacSHA256('GET /who', pm.environment.get('key')).toString();\\npm.request.headers.add({key: 'X-Signature', value: sig});\\nconsole.log('signed');",
               "test": "pm.test('name is ada', () => pm.expect(pm.response.json().name).to.equal('ada'));\\npm.test('age is 40', () => pm.expect(pm.response.json().age).to.equal(40));\\npm.environment.set('seen', pm.response.json().name);\\nconsole.warn('tested ' + pm.info.requestName);"
             }},
            {"id": "next", "name": "Next", "method": "GET", "url": "/next/{{seen}}"},
            {"id": "broken", "name": "Broken", "method": "GET", "url": "/who",
             "scripts": {"preRequest": "console.log('before');\\nnull.boom();"}},
            {"id": "plain", "name": "Plain", "method": "GET", "url": "/who"}
          ],
          "environments": [{"name": "live", "kind": "live", "baseURL": "https://api.example.com",
            "variables": [{"name": "key", "value": "k3y"}]}]
        }
        """

    static let engine = JavaScriptEngine()

    static func harness(_ request: String = "who", size: Size = ExplorerHarness.standardSize) throws -> ExplorerHarness
    {
        let harness = try ExplorerHarness(
            collections: [.text("scripted.json", collection)], size: size, startup: StartupRequest(request: request),
            scripts: engine)
        try harness.live.register(.get, "/who", responses: .jsonText(Data(#"{"name": "ada", "age": 41}"#.utf8)))
        try harness.live.register(.get, "/next/ada", responses: .jsonText(Data(#"{"next": true}"#.utf8)))
        return harness
    }

    /// The expected `X-Signature`: HMAC-SHA256 of "GET /who" with the environment's key `k3y`, in
    /// hex (worked out with Python's hmac module).
    static let signature = "2d730f837c3724996c439f3c160073527e84b76e6a165798e589d933d65a646d"

    @Test func aSendAsksToTrustTheFilesScriptsAndSendsNothingBeforeTheAnswer() throws {
        let harness = try Self.harness()
        harness.press("F5")
        #expect(harness.shows("Run scripts of Scripted?"))
        #expect(harness.shows("request Who (pre-request)"))
        #expect(harness.shows("collection Scripted (test)"))
        #expect(harness.live.recordedRequests.isEmpty)
        Self.answer("alt+c", in: harness)
        #expect(harness.shows("Not sent: scripts not trusted"))
        #expect(harness.live.recordedRequests.isEmpty)
        // A request without scripts of its own still runs the collection's test script: asked too.
        Self.open(3, in: harness)
        harness.press("F5")
        #expect(harness.shows("Run scripts of Scripted?"))
    }

    @Test func trustedScriptsSignTheRequestAndTheirTestsShowInTheChecksTab() throws {
        let harness = try Self.harness()
        harness.press("F5")
        Self.answer("alt+t", in: harness)
        #expect(harness.shows(" 200 OK "))
        let sent = try #require(harness.live.recordedRequests.last?.request)
        let signature = try #require(sent.headers["X-Signature"])
        #expect(signature == Self.signature)
        // The trust is remembered for this user, outside the collection.
        let trusted = try String(contentsOfFile: harness.folder.state + "/trusted-scripts.json", encoding: .utf8)
        #expect(trusted.contains("scripted.json"))
        Self.show(.checks, in: harness)
        #expect(harness.shows("collection Scripted test script"))
        #expect(harness.shows("✓ collection: status 200"))
        #expect(harness.shows("request Who test script"))
        #expect(harness.shows("✓ name is ada"))
        #expect(harness.shows("✗ age is 40  expected 41 to equal 40"))
        #expect(harness.shows("Checks ✗1"))
        // Sent again: no question.
        harness.press("F5")
        #expect(!harness.shows("Run scripts of"))
        #expect(harness.live.recordedRequests.count == 2)
    }

    @Test func theConsoleTabAndTheTimelineShowWhatTheScriptsDid() throws {
        let harness = try Self.harness()
        harness.press("F5")
        Self.answer("alt+t", in: harness)
        Self.show(.console, in: harness)
        #expect(harness.shows("Console 2"))
        #expect(harness.shows("pre-request scripts"))
        #expect(harness.shows("signed"))
        #expect(harness.shows("test scripts"))
        #expect(harness.shows("warn: tested Who"))
        Self.show(.timeline, in: harness)
        #expect(harness.shows("pre-request     –"))
        #expect(harness.shows("1 script before the send"))
        #expect(harness.shows("test script"))
    }

    @Test func aValueATestScriptSetsFillsTheNextRequest() throws {
        let harness = try Self.harness()
        harness.press("F5")
        Self.answer("alt+t", in: harness)
        Self.open(1, in: harness)
        #expect(harness.state.selection?.requestID == "next")
        harness.press("F5")
        #expect(harness.shows("next: true"))
        #expect(try harness.live.recordedRequests.last?.request.url().path == "/next/ada")
    }

    @Test func aValueAScriptUnsetsIsForgottenInTheExplorerAndTheStore() throws {
        let collection = """
            {
              "formatVersion": 1, "id": "unsetting", "name": "Unsetting", "defaultEnvironment": "live",
              "requests": [
                {"id": "login", "name": "Login", "method": "GET", "url": "/who",
                 "scripts": {"test": "pm.environment.set('seen', pm.response.json().name);"}},
                {"id": "logout", "name": "Logout", "method": "GET", "url": "/who",
                 "scripts": {"test": "pm.environment.unset('seen');"}}
              ],
              "environments": [{"name": "live", "kind": "live", "baseURL": "https://api.example.com"}]
            }
            """
        let harness = try ExplorerHarness(
            collections: [.text("unsetting.json", collection)], startup: StartupRequest(request: "login"),
            scripts: Self.engine)
        try harness.live.register(.get, "/who", responses: .jsonText(Data(#"{"name": "ada"}"#.utf8)))
        harness.press("F5")
        Self.answer("alt+t", in: harness)
        harness.settle()
        #expect(harness.state.captures["unsetting"]?["seen"]?.text == "ada")
        #expect(
            try harness.workspace.captures.load(collectionID: "unsetting", environment: "live")["seen"]?.text == "ada")
        Self.open(1, in: harness)
        harness.press("F5")
        harness.settle()
        #expect(harness.state.captures["unsetting"]?["seen"] == nil)
        #expect(try harness.workspace.captures.load(collectionID: "unsetting", environment: "live")["seen"] == nil)
    }

    @Test func aValueAScriptSetsForASecretNameIsMaskedInTheConsoleAndChecks() throws {
        let collection = """
            {
              "formatVersion": 1, "id": "secretive", "name": "Secretive", "defaultEnvironment": "live",
              "variables": [{"name": "token", "secret": true}],
              "requests": [
                {"id": "who", "name": "Who", "method": "GET", "url": "/who",
                 "headers": [{"name": "Authorization", "value": "Bearer {{token}}"}],
                 "scripts": {
                   "preRequest": "pm.environment.set('token', 'fresh-secret-42');\\nconsole.log('token is ' + pm.environment.get('token'));",
                   "test": "pm.test('token ' + pm.environment.get('token'), () => pm.expect(pm.environment.get('token')).to.eql('other'));"
                 }}
              ],
              "environments": [{"name": "live", "kind": "live", "baseURL": "https://api.example.com"}]
            }
            """
        let harness = try ExplorerHarness(
            collections: [.text("secretive.json", collection)], startup: StartupRequest(request: "who"),
            processEnvironment: ["LAZER_VAR_token": "old-secret-1"], scripts: Self.engine)
        try harness.live.register(.get, "/who", responses: .jsonText(Data(#"{"name": "ada"}"#.utf8)))
        harness.press("F5")
        Self.answer("alt+t", in: harness)
        // The script's value went out in place of the old one.
        #expect(harness.live.recordedRequests.count == 1)
        #expect(harness.live.recordedRequests.last?.request.headers["Authorization"] == "Bearer fresh-secret-42")
        Self.show(.console, in: harness)
        #expect(harness.shows("token is ••••••"))
        #expect(!harness.shows("fresh-secret-42"))
        Self.show(.checks, in: harness)
        #expect(harness.shows("✗ token ••••••"))
        #expect(!harness.shows("fresh-secret-42"))
    }

    @Test func aFailingPreRequestScriptStopsTheSendAndSaysWhere() throws {
        let harness = try Self.harness("broken")
        harness.press("F5")
        Self.answer("alt+t", in: harness)
        #expect(harness.shows("Not sent: a pre-request script failed"))
        #expect(harness.shows("request Broken script, line 2"))
        // The console lines written before the error are in the technical detail.
        for _ in 0..<3 where harness.state.focus != .response { harness.press("tab") }
        harness.press("t")
        #expect(harness.shows("console:"))
        #expect(harness.shows("  before"))
        #expect(harness.live.recordedRequests.isEmpty)
    }

    @Test func theScriptsTabShowsBothScriptsAndChecksTheirSyntaxAsTheyAreTyped() throws {
        let harness = try Self.harness()
        harness.press("alt+8")
        #expect(harness.shows("Scripts 2"))
        #expect(harness.shows("▸ Pre-request script  before the send  ✓ parses"))
        #expect(harness.shows("Test script  after the response  ✓ parses"))
        #expect(harness.shows("Also runs, before this request's own: collection Scripted (test)"))
        harness.press("j", "enter")
        harness.type("if (")
        #expect(harness.shows("▸ Test script  ✗ line 1: SyntaxError"))
        // The text is the draft: the collection's file is not written until a save.
        #expect(
            harness.state.drafts[RequestKey(collectionID: "scripted", requestID: "who")]?.scripts?.test?.contains(
                "if (") == true)
        harness.press("backspace", "backspace", "backspace", "backspace")
        #expect(harness.shows("▸ Test script  after the response  ✓ parses"))
    }

    @Test func aScriptWrittenInTheScriptsTabRunsAtTheNextSend() throws {
        let harness = try Self.harness("plain")
        harness.press("alt+8", "j", "enter")
        harness.type("pm.test('typed here', () => pm.expect(1).to.equal(2));")
        harness.press("escape", "F5")
        #expect(harness.shows("Run scripts of Scripted?"))
        Self.answer("alt+t", in: harness)
        Self.show(.checks, in: harness)
        #expect(harness.shows("✗ typed here  expected 1 to equal 2"))
    }

    @Test(arguments: [Size(width: 120, height: 40), Size(width: 80, height: 24)])
    func theScriptsTabSnapshot(size: Size) throws {
        let harness = try Self.harness(size: size)
        harness.press("alt+8")
        harness.assertScreen(named: "request-scripts-\(size.width)x\(size.height)-dark")
    }

    @Test func theConsoleTabSnapshot() throws {
        let harness = try Self.harness()
        harness.press("F5")
        Self.answer("alt+t", in: harness)
        Self.show(.console, in: harness)
        harness.assertScreen(named: "response-console-120x40-dark", scrubbing: [.clockTimes])
    }

    /// Answers the trust question once it takes keys (a moment after it opens).
    static func answer(_ key: String, in harness: ExplorerHarness) {
        harness.advance(by: .seconds(1))
        harness.press(key)
    }

    /// Focuses the response pane and shows `tab`, as `Tab` and `]` do.
    static func show(_ tab: ResponseTab, in harness: ExplorerHarness) {
        for _ in 0..<3 where harness.state.focus != .response { harness.press("tab") }
        for _ in 0..<ResponseTab.allCases.count where harness.state.response.tab != tab { harness.press("]") }
    }

    /// Opens the collection's `index`th request (0: Who) from the Collections pane.
    static func open(_ index: Int, in harness: ExplorerHarness) {
        for _ in 0..<3 where harness.state.focus != .collections { harness.press("tab") }
        harness.press("g", "g")
        for _ in 0...index { harness.press("j") }
        harness.press("enter")
    }
}
