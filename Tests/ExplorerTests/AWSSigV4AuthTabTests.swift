import Explorer
import ExplorerTesting
import TUI
import Testing
import Workspace

/// The Auth tab of `aws-sigv4` auth (issue 26): its fields, the secret access key and a literal
/// session token masked, the summary an inheriting request shows, and edits written back.
struct AWSSigV4AuthTabTests {
    static let file = FixtureFile.text(
        "aws.json",
        """
        {
          "formatVersion": 1, "id": "aws", "name": "AWS", "defaultEnvironment": "dev",
          "auth": {"type": "aws-sigv4", "accessKeyId": "AKIDEXAMPLE", "secretAccessKey": "{{awsSecret}}",
                   "region": "eu-west-1", "service": "execute-api"},
          "variables": [{"name": "awsSecret", "secret": true}],
          "requests": [{"id": "inherits", "name": "Inherits", "method": "GET", "url": "/a"},
                       {"id": "own", "name": "Own", "method": "PUT", "url": "/bucket/key",
                        "auth": {"type": "aws-sigv4", "accessKeyId": "AKIDOWN", "secretAccessKey": "{{awsSecret}}",
                                 "sessionToken": "literal-session-token", "region": "us-east-1", "service": "s3",
                                 "unsignedPayload": true}}],
          "environments": [{"name": "dev", "kind": "mock", "baseURL": "https://dev.test"}]
        }
        """)

    @Test func theFieldsShowWithTheSecretsMasked() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "own"))
        fixture.driver.press("alt+4")
        let screen = fixture.driver.render()
        #expect(screen.contains("Auth aws-sigv4"))
        for text in [
            "‹ aws-sigv4 ›", "access key id", "AKIDOWN", "secret access key", "{{awsSecret}}", "session token",
            "region", "us-east-1", "service", "s3", "unsigned payload",
        ] {
            #expect(screen.contains(text), "missing \(text)")
        }
        #expect(!screen.contains("literal-session-token"))
        #expect(screen.contains("••••••"))
    }

    @Test func anInheritingRequestSaysWhatItIsSignedWith() throws {
        var fixture = try ReducerFixture([Self.file], startup: StartupRequest(request: "inherits"))
        fixture.driver.press("alt+4")
        let screen = fixture.driver.render()
        #expect(screen.contains("Auth ↑aws-sigv4"))
        // The line is cut at the pane's width; the summary's start says the scheme, region and service.
        #expect(screen.contains("inherited from the collection: aws-sigv4 eu-west-1/execute-api A"))
    }

    @Test func editsAreWrittenBackAndSwitchingSchemesKeepsTheCredential() throws {
        var request = SavedRequest(
            name: "r", url: "/x",
            auth: SavedAuth(
                .awsSigV4(AWSSigV4Auth(accessKeyID: "A", secretAccessKey: "{{s}}", region: "r", service: "s"))))
        #expect(RequestForms.apply(.awsRegion, " eu-north-1 ", to: &request) == nil)
        #expect(RequestForms.apply(.awsUnsignedPayload, "yes", to: &request) == nil)
        #expect(RequestForms.apply(.awsSessionToken, "{{token}}", to: &request) == nil)
        #expect(
            request.auth.scheme
                == .awsSigV4(
                    AWSSigV4Auth(
                        accessKeyID: "A", secretAccessKey: "{{s}}", sessionToken: "{{token}}", region: "eu-north-1",
                        service: "s", unsignedPayload: true)))
        // A literal secret key is the typed credential the save offers to keep as a secret.
        #expect(RequestForms.apply(.awsSecretKey, "typed-secret-key", to: &request) == nil)
        let offered = try #require(LiteralCredential.unsaved(in: request, saved: nil))
        #expect(offered.field == .awsSecretKey)
        #expect(offered.text == "typed-secret-key")
        let collection = RequestCollection(id: "c", name: "C")
        #expect(
            LiteralCredential.proposedName(for: .awsSecretKey, value: "typed-secret-key", in: collection)
                == "awsSecretAccessKey")
        guard
            case .awsSigV4(let replaced) = LiteralCredential.replacing(
                .awsSecretKey, in: request.auth.scheme, with: "{{awsSecretAccessKey}}")
        else {
            Issue.record("not aws-sigv4")
            return
        }
        #expect(replaced.secretAccessKey == "{{awsSecretAccessKey}}")
    }

    @MainActor
    @Test func theAuthTabSnapshot() throws {
        let harness = try ExplorerHarness(
            collections: [Self.file], size: Size(width: 120, height: 40), theme: .defaultDark,
            startup: StartupRequest(request: "Own"))
        harness.press("alt+4")
        harness.assertScreen(named: "request-auth-aws-sigv4-120x40-dark")
    }
}
