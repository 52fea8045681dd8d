import Explorer
import ExplorerTesting
import Testing
import Workspace

/// An Options line left at its default says what is in force: the collection's option, else
/// Lazer's default (issue 33: it showed `(default)` and nothing else).
struct OptionsInForceTests {
    static let file = FixtureFile.text(
        "opts.json",
        """
        {
          "formatVersion": 1, "id": "opts", "name": "Opts", "defaultEnvironment": "dev",
          "options": {"timeoutSeconds": 5, "verifyTLS": false},
          "requests": [{"id": "r", "name": "R", "method": "GET", "url": "/r", "options": {"maxRedirects": 3}}],
          "environments": [{"name": "dev", "kind": "mock", "baseURL": "https://dev.test"}]
        }
        """)

    @Test func defaultLinesSayTheValueInForce() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "r"))
        fixture.driver.press("alt+5")
        let screen = fixture.driver.render()
        #expect(screen.contains("(default) → 5 s (collection)"))
        #expect(screen.contains("‹ default › → yes"))
        #expect(screen.contains("‹ default › → no (collection)"))
        // Set on the request itself: no note.
        #expect(screen.contains("max redirects       3 "))
        #expect(!screen.contains("3 →"))
    }
}

/// The client certificate lines of the Options tab: the collection's certificate, key and
/// passphrase reference shown as in force; a passphrase typed out is refused (it would be kept in
/// the draft and the file), a `{{variable}}` is taken.
struct ClientCertificateOptionsTests {
    static let file = FixtureFile.text(
        "mtls.json",
        """
        {
          "formatVersion": 1, "id": "mtls", "name": "MTLS", "defaultEnvironment": "dev",
          "options": {"clientCertificate": "certs/client.pem", "clientKey": "certs/key.pem",
                      "clientKeyPassphrase": "{{keyPass}}"},
          "requests": [{"id": "r", "name": "R", "method": "GET", "url": "/r"},
                       {"id": "anonymous", "name": "Anonymous", "method": "GET", "url": "/r",
                        "options": {"clientCertificate": ""}}],
          "environments": [{"name": "dev", "kind": "mock", "baseURL": "https://dev.test"}]
        }
        """)

    @Test func theCollectionsCertificateIsInForceAndAPassphraseIsOnlyAReference() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "r"))
        fixture.driver.press("alt+5")
        var screen = fixture.driver.render()
        #expect(screen.contains("(default) → certs/client.pem (collection)"), "\(screen)")
        #expect(screen.contains("(default) → certs/key.pem (collection)"))
        for _ in 0..<9 { fixture.driver.press("down") }
        #expect(fixture.driver.render().contains("(default) → {{keyPass}} (collection)"))
        fixture.driver.press("enter")
        fixture.driver.type("hunter22")
        fixture.driver.press("enter")
        #expect(fixture.driver.state.editor.formError?.contains("never the passphrase itself") == true)
        let key = RequestKey(collectionID: "mtls", requestID: "r")
        #expect(fixture.driver.state.drafts[key]?.options.clientKeyPassphrase == nil)
        fixture.driver.press("ctrl+a")
        fixture.driver.type("{{myPass}}")
        fixture.driver.press("enter")
        screen = fixture.driver.render()
        #expect(screen.contains("{{myPass}}"), "\(screen)")
        #expect(fixture.driver.state.drafts[key]?.options.clientKeyPassphrase == "{{myPass}}")
        // The request now makes its own certificate choice: nothing of the collection's is mixed in.
        #expect(!screen.contains("(collection)"), "\(screen)")
        #expect(screen.contains("client certificate  (default) → none"), "\(screen)")
    }

    @Test func aRequestThatOptsOutSaysItPresentsNoCertificate() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "anonymous"))
        fixture.driver.press("alt+5")
        var screen = fixture.driver.render()
        #expect(screen.contains("client certificate  none → not the collection's"), "\(screen)")
        #expect(screen.contains("client key          (default) → none"), "\(screen)")
        #expect(!screen.contains("in the certificate file"), "\(screen)")
        #expect(!screen.contains("certs/client.pem"), "\(screen)")
        // Typed back: the collection's certificate is in force again; `none` opts out once more.
        for _ in 0..<7 { fixture.driver.press("down") }
        fixture.driver.press("enter")
        fixture.driver.press("ctrl+a")
        fixture.driver.press("backspace")
        fixture.driver.press("enter")
        screen = fixture.driver.render()
        #expect(screen.contains("(default) → certs/client.pem (collection)"), "\(screen)")
        fixture.driver.press("enter")
        fixture.driver.type("none")
        fixture.driver.press("enter")
        // Back to what the file says: no draft is left.
        let key = RequestKey(collectionID: "mtls", requestID: "anonymous")
        #expect(fixture.driver.state.drafts[key] == nil)
        #expect(fixture.driver.render().contains("client certificate  none → not the collection's"))
    }
}
