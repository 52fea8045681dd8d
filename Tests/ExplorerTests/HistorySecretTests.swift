import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Issue 35: a secret in a query value, a form field or a Basic password template (`{{pw}}!`),
/// echoed by the server in its encoded forms, reached the explorer's History tab in clear.
@Suite("Explorer: secrets masked in the History tab")
@MainActor
struct HistorySecretTests {
    static let collection = FixtureFile.text(
        "echo.json",
        """
        {
          "formatVersion": 1, "id": "echo-0000-4000-8000-000000000001", "name": "Echo", "defaultEnvironment": "dev",
          "variables": [{ "name": "pw", "secret": true }],
          "environments": [{ "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
            { "method": "*", "path": "/echo", "response": { "status": 200, "text": "form f=hunter+two%2FS3CRET%22x query q=hunter%20two%2FS3CRET%22x json {\\"note\\":\\"hunter two/S3CRET\\\\\\"x\\"} auth Basic dXNlcjpodW50ZXIgdHdvL1MzQ1JFVCJ4IQ==" } }]}],
          "requests": [{
            "id": "e", "name": "Echo", "method": "POST", "url": "/echo",
            "query": [{ "name": "q", "value": "{{pw}}" }],
            "auth": { "type": "basic", "username": "user", "password": "{{pw}}!" },
            "body": { "type": "form", "fields": [{ "name": "f", "value": "{{pw}}" }] }
          }]
        }
        """)

    @Test("the History tab and a past exchange opened from it show no encoding of the secret")
    func historyTabMasksEveryEncoding() throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], startup: StartupRequest(request: "Echo"),
            processEnvironment: ["LAZER_VAR_pw": "hunter two/S3CRET\"x"])
        harness.press("F5")
        harness.press("g", "3")
        harness.press("F5")
        harness.press("[")
        #expect(harness.state.response.tab == .history)
        #expect(harness.shows("History 2"), "\(harness.screen)")
        #expect(!harness.screen.contains("S3CRET"), "\(harness.screen)")
        #expect(harness.screen.contains("••••••"), "\(harness.screen)")
        harness.press("enter")
        #expect(!harness.screen.contains("S3CRET"), "\(harness.screen)")
        #expect(!harness.screen.contains("dXNlcjpodW50ZXIgdHdvL1MzQ1JFVCJ4IQ=="), "\(harness.screen)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: harness.folder.state)
        for file in files {
            let text = (try? String(contentsOfFile: harness.folder.state + "/" + file, encoding: .utf8)) ?? ""
            #expect(
                !text.contains("S3CRET") && !text.contains("dXNlcjpodW50ZXIgdHdvL1MzQ1JFVCJ4IQ=="), "\(file): \(text)")
        }
    }
}
