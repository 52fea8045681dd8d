import Explorer
import ExplorerTesting
import Foundation
import TUI
import Testing
import Workspace

/// Issue 33: a credential typed into the Auth tab was shown masked but saved in clear into the
/// collection file. Typed as itself, it is offered as a secret (a collection variable whose value
/// goes to the secrets file); Ctrl+S asks before it writes one in clear.
@Suite("Explorer: a credential typed into the Auth tab is kept as a secret")
@MainActor
struct LiteralCredentialTests {
    static let id = "cred-0000-4000-8000-000000000001"
    static let key = RequestKey(collectionID: id, requestID: "me")
    static let collection = FixtureFile.text(
        "api.json",
        """
        {
          "formatVersion": 1, "id": "\(id)", "name": "API", "defaultEnvironment": "dev",
          "environments": [{ "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
            { "method": "GET", "path": "/me", "response": { "status": 200, "text": "ok" } }]}],
          "requests": [{ "id": "me", "name": "Me", "method": "GET", "url": "/me",
                         "auth": { "type": "bearer", "token": "" } }]
        }
        """)

    /// Types `token` into the bearer token line of the Auth tab and writes it (Enter).
    private func typeToken(_ token: String, _ harness: ExplorerHarness) {
        harness.press("alt+4", "j", "enter", "ctrl+a")
        harness.type(token)
        harness.press("enter")
    }

    private func secretsFile(_ harness: ExplorerHarness) -> String {
        (try? String(contentsOfFile: harness.folder.config + "/secrets.json", encoding: .utf8)) ?? ""
    }

    @Test("a token typed as itself is offered as a secret; yes keeps it out of the collection file")
    func typedTokenBecomesASecret() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "me"))
        typeToken("s3cr3t-token", harness)
        guard case .keepSecret(let offer, _)? = harness.state.overlay else {
            Issue.record("no question: \(harness.screen)")
            return
        }
        #expect(offer.name == "token")
        #expect(harness.shows("Keep the bearer token as a secret?"), "\(harness.screen)")
        #expect(!harness.screen.contains("s3cr3t-token"))
        // Keys read before the question could be seen answer nothing.
        harness.press("alt+y")
        #expect(harness.state.overlay == .keepSecret(offer, selected: -1))
        harness.advance(by: .milliseconds(600))
        harness.press("alt+y")
        #expect(harness.state.overlay == nil)
        let file = try harness.folder.read("api.json")
        #expect(!file.contains("s3cr3t-token"), "\(file)")
        #expect(file.contains("\"secret\": true"), "\(file)")
        #expect(secretsFile(harness).contains("s3cr3t-token"))
        #expect(harness.state.drafts[Self.key]?.auth.scheme == .bearer(token: "{{token}}"))
        #expect(harness.shows("{{token}}"), "\(harness.screen)")
        // Saving the draft writes the reference, and asks nothing.
        harness.press("ctrl+s")
        #expect(harness.state.overlay == nil)
        let saved = try harness.folder.read("api.json")
        #expect(saved.contains("{{token}}") && !saved.contains("s3cr3t-token"), "\(saved)")
        #expect(harness.state.drafts.isEmpty)
    }

    @Test("another name: the prompt refuses a name an environment uses, and takes a free one")
    func anotherName() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "me"))
        typeToken("abc-123", harness)
        harness.advance(by: .milliseconds(600))
        harness.press("alt+e")
        guard case .prompt(let prompt)? = harness.state.overlay else {
            Issue.record("no prompt: \(harness.screen)")
            return
        }
        #expect(prompt.field.text == "token")
        harness.press("ctrl+a")
        harness.type("bad name")
        harness.press("enter")
        guard case .prompt(let refused)? = harness.state.overlay else {
            Issue.record("the prompt closed: \(harness.screen)")
            return
        }
        #expect(refused.error?.contains("not a variable name") == true)
        for _ in 0..<8 { harness.press("backspace") }
        harness.type("apiToken")
        harness.press("enter")
        #expect(harness.state.overlay == nil, "\(harness.screen)")
        #expect(harness.state.drafts[Self.key]?.auth.scheme == .bearer(token: "{{apiToken}}"))
        #expect(secretsFile(harness).contains("abc-123"))
        #expect(try !harness.folder.read("api.json").contains("abc-123"))
    }

    @Test("Ctrl+S asks before writing a typed credential in clear: cancel, make it a secret, save anyway")
    func saveAsksFirst() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "me"))
        typeToken("s3cr3t-token", harness)
        harness.advance(by: .milliseconds(600))
        harness.press("alt+n")
        #expect(harness.state.overlay == nil)
        #expect(harness.state.drafts[Self.key]?.auth.scheme == .bearer(token: "s3cr3t-token"))
        harness.press("ctrl+s")
        guard case .clearCredentialSave(let offer, _)? = harness.state.overlay else {
            Issue.record("no question: \(harness.screen)")
            return
        }
        #expect(offer.name == "token")
        #expect(harness.shows("Save the bearer token in clear?"), "\(harness.screen)")
        harness.advance(by: .milliseconds(600))
        harness.press("escape")
        #expect(harness.state.toast?.message == "Not saved: the bearer token is still typed as itself")
        #expect(try !harness.folder.read("api.json").contains("s3cr3t-token"))
        // Make it a secret, then save: one write, with the reference.
        harness.press("ctrl+s")
        harness.advance(by: .milliseconds(600))
        harness.press("alt+m")
        var file = try harness.folder.read("api.json")
        #expect(file.contains("{{token}}") && !file.contains("s3cr3t-token"), "\(file)")
        #expect(secretsFile(harness).contains("s3cr3t-token"))
        #expect(harness.state.drafts.isEmpty)
        // Typed again, under another value: "save anyway" writes it, as the user said.
        typeToken("other-value", harness)
        harness.advance(by: .milliseconds(600))
        harness.press("alt+n", "ctrl+s")
        harness.advance(by: .milliseconds(600))
        harness.press("alt+s")
        file = try harness.folder.read("api.json")
        #expect(file.contains("other-value"), "\(file)")
    }

    @Test("Save all asks before writing a typed credential in clear: cancel, make it a secret, save all anyway")
    func saveAllAsksFirst() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "me"))
        func saveAll() {
            harness.press("ctrl+p")
            harness.type("Save all")
            harness.press("enter")
        }
        typeToken("s3cr3t-token", harness)
        harness.advance(by: .milliseconds(600))
        harness.press("alt+n")
        saveAll()
        guard case .clearCredentialSave(let offer, _)? = harness.state.overlay else {
            Issue.record("Save all asked nothing: \(harness.screen)")
            return
        }
        #expect(offer.savingAll)
        #expect(harness.shows("Alt+S save all anyway"), "\(harness.screen)")
        harness.advance(by: .milliseconds(600))
        harness.press("escape")
        #expect(try !harness.folder.read("api.json").contains("s3cr3t-token"))
        // Make it a secret: save all goes on and writes the collection with the reference.
        saveAll()
        harness.advance(by: .milliseconds(600))
        harness.press("alt+m")
        var file = try harness.folder.read("api.json")
        #expect(file.contains("{{token}}") && !file.contains("s3cr3t-token"), "\(file)")
        #expect(secretsFile(harness).contains("s3cr3t-token"))
        #expect(harness.state.drafts.isEmpty)
        // "Save all anyway" writes it, as the user said.
        typeToken("other-value", harness)
        harness.advance(by: .milliseconds(600))
        harness.press("alt+n")
        saveAll()
        harness.advance(by: .milliseconds(600))
        harness.press("alt+s")
        file = try harness.folder.read("api.json")
        #expect(file.contains("other-value"), "\(file)")
    }

    @Test("quitting with a typed credential: the question says save all writes it in clear")
    func quitSaysSaveAllWritesItInClear() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "me"))
        typeToken("s3cr3t-token", harness)
        harness.advance(by: .milliseconds(600))
        harness.press("alt+n", "ctrl+q")
        #expect(harness.state.overlay == .quitPrompt(selected: -1))
        let text = QuestionText.quit(harness.state)
        #expect(text.contains("(with the credential typed as itself in Me, in clear: Esc, then make it a secret)"))
        #expect(harness.shows("typed as itself"), "\(harness.screen)")
    }

    @Test("giving a typed credential to the collection makes it a secret first: never written in clear")
    func givingAuthAsksFirst() throws {
        let harness = try ExplorerHarness(collections: [Self.collection], startup: StartupRequest(request: "me"))
        typeToken("s3cr3t-token", harness)
        harness.advance(by: .milliseconds(600))
        harness.press("alt+n")
        harness.dispatch(.command(.request(.authToCollection)))
        guard case .keepSecret? = harness.state.overlay else {
            Issue.record("no question: \(harness.screen)")
            return
        }
        #expect(harness.state.toast?.message.hasPrefix("Not given: the bearer token is typed as itself") == true)
        #expect(try !harness.folder.read("api.json").contains("s3cr3t-token"))
        harness.advance(by: .milliseconds(600))
        harness.press("alt+y")
        harness.dispatch(.command(.request(.authToCollection)))
        let file = try harness.folder.read("api.json")
        #expect(file.contains("{{token}}") && !file.contains("s3cr3t-token"), "\(file)")
        #expect(harness.state.document(collectionID: Self.id)?.collection.auth?.scheme == .bearer(token: "{{token}}"))
    }

    @Test(arguments: ScreenVariant.all) func questionsSnapshot(_ variant: ScreenVariant) throws {
        let harness = try ExplorerHarness(
            collections: [Self.collection], size: Size(width: variant.width, height: variant.height),
            theme: variant.theme, startup: StartupRequest(request: "me"))
        typeToken("s3cr3t-token", harness)
        harness.assertScreen(named: "keep-secret-\(variant)")
        harness.advance(by: .milliseconds(600))
        harness.press("alt+n", "ctrl+s")
        harness.assertScreen(named: "clear-credential-save-\(variant)")
    }
}
