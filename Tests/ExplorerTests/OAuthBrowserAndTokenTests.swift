import Explorer
import ExplorerTesting
import Foundation
import HTTPCore
import TUI
import Testing
import Workspace

/// oauth2 in the explorer (issue 26): the authorization code grant's waiting card (the whole
/// address, where Lazer waits, `u` copying the address), the Auth tab's token state read from the
/// cache when a request is selected (before any send), and the status line while an auth command
/// runs.
struct OAuthBrowserAndTokenTests {
    static let file = FixtureFile.text(
        "oauth.json",
        """
        {
          "formatVersion": 1, "id": "oa", "name": "OAuth", "defaultEnvironment": "dev",
          "auth": {"type": "oauth2", "grant": "authorization_code", "authorizationUrl": "https://id.test/authorize",
                   "tokenUrl": "https://id.test/token", "clientId": "app", "scope": "read"},
          "requests": [{"id": "me", "name": "Me", "method": "GET", "url": "/me"},
                       {"id": "plain", "name": "Plain", "method": "GET", "url": "/plain", "auth": {"type": "none"}}],
          "environments": [{"name": "dev", "kind": "live", "baseURL": "https://dev.test"}]
        }
        """)
    static let key = RequestKey(collectionID: "oa", requestID: "me")
    static let address =
        "https://id.test/authorize?response_type=code&client_id=app&redirect_uri=http%3A%2F%2F127.0.0.1%3A43210"
        + "%2Fcallback&scope=read&state=\(String(repeating: "s", count: 22))&code_challenge="
        + "\(String(repeating: "c", count: 43))&code_challenge_method=S256"

    /// A token whose access token is an (unsigned) HS256 JWT with `claims`, valid 50 minutes more.
    static func jwtToken(claims: String) -> (OAuthToken, jwt: String) {
        let jwt =
            "eyJhbGciOiJIUzI1NiJ9." + Data(claims.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            + ".sig"
        let token = OAuthToken(
            accessToken: jwt, refreshToken: "r", expiresAt: Date().addingTimeInterval(3000), scope: "read",
            obtainedAt: Date())
        return (token, jwt)
    }

    @Test func theWaitingCardShowsTheWholeAddressAndUCopiesIt() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "me"))
        fixture.driver.press("F5")
        let generation = try #require(fixture.driver.state.exchanges[Self.key]?.inFlight)
        fixture.driver.reduce(
            .oauthAuthorization(
                Self.key, generation: generation,
                OAuthBrowserPrompt(authorizationURL: Self.address, redirectURI: "http://127.0.0.1:43210/callback")))
        let screen = fixture.driver.render()
        #expect(screen.contains("Waiting for the browser (oauth2 authorization code)"))
        #expect(screen.contains("Open this address in a browser, sign in and approve:"))
        // The address is cut into lines, none of it lost: its start and its end are on screen.
        #expect(screen.contains("https://id.test/authorize?response_type=code"))
        #expect(screen.contains("code_challenge_method=S256"))
        #expect(screen.contains("Lazer waits at http://127.0.0.1:43210/callback"))
        #expect(screen.contains("u copies the address (OSC 52). Esc cancels."))
        fixture.driver.press("g", "3")
        let effects = fixture.driver.press("u")
        #expect(effects.contains(.copy(Self.address)))
        #expect(fixture.driver.render().contains("Copied the authorization address"))
        // Esc cancels the send: the card goes with it, and u has nothing to copy.
        fixture.driver.press("escape")
        #expect(fixture.driver.state.exchanges[Self.key]?.inFlight == nil)
        #expect(!fixture.driver.render().contains("Waiting for the browser"))
        #expect(!fixture.driver.press("u").contains(.copy(Self.address)))
    }

    @Test func aDesktopBrowserOpenedIsSaid() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "me"))
        fixture.driver.press("F5")
        let generation = try #require(fixture.driver.state.exchanges[Self.key]?.inFlight)
        fixture.driver.reduce(
            .oauthAuthorization(
                Self.key, generation: generation,
                OAuthBrowserPrompt(
                    authorizationURL: Self.address, redirectURI: "http://127.0.0.1:43210/callback", opened: true)))
        #expect(fixture.driver.render().contains("Lazer opened this address in your browser"))
    }

    /// The Auth tab counts a token's seconds down by itself — the screen wakes each second while
    /// it shows one that has not expired — from the state's time of day, not a clock the view
    /// read (it stood still until a key was pressed).
    @Test func theTokenCountdownMovesWithTheStatesTime() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "plain"))
        fixture.driver.press("g", "1")
        fixture.driver.press("k")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        fixture.driver.state.date = start
        let token = OAuthToken(
            accessToken: "opaque", refreshToken: nil, expiresAt: start.addingTimeInterval(5), scope: "read",
            obtainedAt: start)
        fixture.driver.reduce(.oauthToken(Self.key, OAuthTokenState(token)))
        fixture.driver.press("alt+4")
        #expect(fixture.driver.render().contains("(in 5 s)"))
        #expect(fixture.driver.state.nextWake != nil)
        fixture.driver.state.date = start.addingTimeInterval(2)
        #expect(fixture.driver.render().contains("(in 3 s)"))
        fixture.driver.state.date = start.addingTimeInterval(7)
        #expect(fixture.driver.render().contains("expired at"))
        // Expired: nothing left to count, the screen sleeps.
        #expect(fixture.driver.state.nextWake == nil)
    }

    /// A JWT's claims that do not fit under the Auth tab's rows are counted, with the key that
    /// shows them: they were cut without a sign (at 80×24 nothing of the token showed).
    @Test func tokenLinesThatDoNotFitAreCounted() throws {
        var fixture = try ReducerFixture(
            [Self.file], size: Size(width: 80, height: 24), startup: StartupRequest(request: "plain"))
        fixture.driver.press("g", "1")
        fixture.driver.press("k")
        let (token, _) = Self.jwtToken(
            claims: #"{"sub":"alice","scope":"read","iss":"https://id.test","aud":"api","exp":1800000000}"#)
        fixture.driver.reduce(.oauthToken(Self.key, OAuthTokenState(token)))
        fixture.driver.press("alt+4")
        // At 80×24 the pane has no row for them: the hint's line says where they are.
        #expect(fixture.driver.render().contains("token below: Alt+Z"), "\(fixture.driver.render())")
        // Taller, the first lines show and the rest are counted.
        fixture.driver.reduce(.event(.resize(Size(width: 80, height: 40))))
        let screen = fixture.driver.render()
        #expect(
            screen.contains("valid until") && screen.contains("more lines: Alt+Z shows the pane whole"), "\(screen)")
    }

    /// "Copy as curl" of an oauth2 request says the token is left out (it is fetched at each
    /// send): the command went to the clipboard without a word of it.
    @Test func copyAsCurlSaysTheTokenIsLeftOut() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "me"))
        fixture.driver.press("ctrl+p")
        fixture.driver.type("curl (secrets as shell")
        #expect(fixture.driver.press("enter").copies.count == 1)
        let message = fixture.driver.state.toast?.message ?? ""
        #expect(message.contains("left out: the oauth2 token (made at each send)"), "\(message)")
    }

    @Test func selectingAnOAuthRequestReadsItsCachedTokenForTheAuthTab() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "plain"))
        // Selecting the oauth2 request asks for its cached token (an effect, no request sent).
        fixture.driver.press("g", "1")
        let effects = fixture.driver.press("k")
        let reads = effects.compactMap { effect -> OAuthTokenJob? in
            if case .oauthToken(let job) = effect, job.change == .read { return job }
            return nil
        }
        #expect(reads.map(\.key) == [Self.key])
        #expect(fixture.driver.state.selection == Self.key)
        // The cache answers: the Auth tab shows the token's state before any send.
        let (token, jwt) = Self.jwtToken(claims: #"{"sub":"alice","scope":"read"}"#)
        fixture.driver.reduce(.oauthToken(Self.key, OAuthTokenState(token)))
        #expect(fixture.driver.state.exchanges[Self.key]?.inFlight == nil)
        fixture.driver.press("alt+4")
        let screen = fixture.driver.render()
        #expect(screen.contains("valid until"), "\(screen)")
        #expect(!screen.contains(jwt))
        // The header and claims below what fits are counted; the zoomed pane shows them.
        fixture.driver.press("alt+z")
        let zoomed = fixture.driver.render()
        #expect(zoomed.contains("alg: HS256") && zoomed.contains("sub: alice"), "\(zoomed)")
        fixture.driver.press("alt+z")
        // Known now: selecting it again reads nothing.
        fixture.driver.press("g", "1")
        fixture.driver.press("j")
        let again = fixture.driver.press("k")
        #expect(!again.contains { if case .oauthToken = $0 { true } else { false } })
    }

    @Test func aRequestWithoutOAuthReadsNoToken() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "me"))
        fixture.driver.press("g", "1")
        let effects = fixture.driver.press("j")
        #expect(fixture.driver.state.selection == RequestKey(collectionID: "oa", requestID: "plain"))
        #expect(!effects.contains { if case .oauthToken = $0 { true } else { false } })
    }

    @Test func theStatusLineSaysTheAuthCommandRuns() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "me"))
        fixture.driver.press("F5")
        let generation = try #require(fixture.driver.state.exchanges[Self.key]?.inFlight)
        fixture.driver.reduce(.preparing(Self.key, generation: generation, .authCommand))
        #expect(fixture.driver.render().contains("running the auth command"))
        fixture.driver.reduce(.preparing(Self.key, generation: generation, nil))
        #expect(!fixture.driver.render().contains("running the auth command"))
    }
}

/// The read behind the Auth tab's token state, through the program: the token cached by an
/// earlier process (the cache file) is shown for a request selected at startup, before any send.
@MainActor
struct OAuthCachedTokenProgramTests {
    @Test func theCachedTokenIsShownBeforeAnySend() throws {
        let folder = try HarnessFolder()
        var auth = OAuth2Auth(grant: .authorizationCode)
        auth.authorizationURL = "https://id.test/authorize"
        auth.tokenURL = "https://id.test/token"
        auth.clientID = "app"
        auth.scope = "read"
        var settings = OAuthSettings(auth) { text, _ in text }
        settings.collectionID = "oa"
        settings.environment = "dev"
        let token = OAuthToken(
            accessToken: "opaque-token-not-shown", refreshToken: "r", expiresAt: Date().addingTimeInterval(1800),
            scope: "read write", obtainedAt: Date())
        try OAuthTokenStore(path: folder.config + "/oauth-tokens.json").save([settings.cacheKey: token])
        let harness = try ExplorerHarness(
            collections: [OAuthBrowserAndTokenTests.file], folder: folder, startup: StartupRequest(request: "plain"))
        harness.press("g", "1", "k", "alt+4")
        #expect(harness.state.selection == OAuthBrowserAndTokenTests.key)
        #expect(harness.shows("valid until"), "\(harness.screen)")
        #expect(harness.shows("read write"))
        #expect(!harness.shows("opaque-token-not-shown"))
        #expect(harness.state.exchanges[OAuthBrowserAndTokenTests.key]?.inFlight == nil)
    }
}

extension OAuthBrowserAndTokenTests {
    /// oauth2 is edited in the file; its Auth tab says what it is, `private_key_jwt`'s key file,
    /// algorithm and kid included (a key given as text stays masked).
    @Test func theAuthTabSaysHowTheClientAuthenticates() throws {
        let file = FixtureFile.text(
            "pkj.json",
            """
            {
              "formatVersion": 1, "id": "pk", "name": "Keys", "defaultEnvironment": "dev",
              "requests": [
                {"id": "file", "name": "File", "method": "GET", "url": "/me",
                 "auth": {"type": "oauth2", "grant": "client_credentials", "tokenUrl": "https://id.test/token",
                          "clientId": "svc", "clientAuthentication": "private_key_jwt",
                          "privateKeyFile": "keys/svc.pem", "assertionAlgorithm": "PS256", "keyId": "2026-12"}}],
              "environments": [{"name": "dev", "kind": "live", "baseURL": "https://dev.test"}]
            }
            """)
        var fixture = try ReducerFixture([file], startup: StartupRequest(request: "file"))
        fixture.driver.press("alt+4")
        let screen = fixture.driver.render()
        #expect(
            screen.contains("oauth2 client_credentials svc")
                && screen.contains("client key          private_key_jwt PS256 keys/svc.pem kid 2026-12"),
            "\(screen)")
    }
}

/// A token fetch that fails says where: the provider's step and URL, not the API's base URL,
/// which was never asked (the card's "Where:" named it, and the token URL appeared nowhere).
@MainActor
struct OAuthFailureOriginTests {
    @Test func theCardNamesTheTokenURL() async throws {
        let file = FixtureFile.text(
            "cc.json",
            """
            {"formatVersion": 1, "id": "cc", "name": "CC", "defaultEnvironment": "prod",
             "auth": {"type": "oauth2", "grant": "client_credentials", "tokenUrl": "http://id.test/oauth/token",
                      "clientId": "c", "clientSecret": "s"},
             "requests": [{"id": "me", "name": "Me", "method": "GET", "url": "/api/me"}],
             "environments": [{"name": "prod", "kind": "live", "baseURL": "http://api.test"}]}
            """)
        let harness = try ExplorerHarness(collections: [file], startup: StartupRequest(request: "me"))
        try harness.live.register(.post, "/oauth/token", responses: .failing(.connectionRefused))
        harness.press("F5")
        for _ in 0..<300 where harness.state.exchange?.result == nil {
            try? await Task.sleep(for: .milliseconds(10))
            harness.settle()
        }
        let card: FailureCard? =
            if case .failure(let card)? = harness.state.exchange?.result?.outcome { card } else { nil }
        let origin = try #require(card?.origin, "\(harness.screen)")
        #expect(origin.contains("http://id.test/oauth/token"), "\(origin)")
        #expect(!origin.contains("api.test"), "\(origin)")
    }
}
