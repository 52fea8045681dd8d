import Foundation
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing
import Workspace

/// `ntlm` and `negotiate` auth (issue 26) reach the transport as `RequestOptions.authentication`
/// (libcurl answers the challenge); no header is set in advance and the password stays a secret.
@Suite struct ChallengeAuthPreparationTests {
    let scheduler = ManualScheduler()
    private let kept = Kept()
    final class Kept: @unchecked Sendable { var services: WorkspaceServices? }

    private func prepare(auth: String) throws -> SendPreparation {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            {"formatVersion": 1, "id": "win", "name": "Windows", "defaultEnvironment": "live", "auth": \(auth),
             "variables": [{"name": "ntlmPassword", "secret": true}],
             "environments": [{"name": "live", "kind": "live", "baseURL": "https://intranet.example"}],
             "requests": [{"id": "shares", "name": "Shares", "method": "GET", "url": "/shares"}]}
            """, to: "win.json")
        let services = WorkspaceServices(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"),
            liveDispatcher: RecordingDispatcher(scheduler: scheduler), scheduler: scheduler, delays: ManualClock(),
            processEnvironment: ["LAZER_VAR_ntlmPassword": "pa55-w0rd"])
        kept.services = services
        let document = try #require(try services.open(folder: folder.path).documents.first)
        return services.prepare(try #require(document.collection.request(id: "shares")), in: document)
    }

    @Test func ntlmCredentialsGoToTheTransportWithTheDomain() throws {
        let preparation = try prepare(
            auth: #"{"type": "ntlm", "username": "ada", "password": "{{ntlmPassword}}", "domain": "CORP"}"#)
        #expect(preparation.problems.isEmpty, "\(preparation.problems)")
        let request = try #require(preparation.request)
        #expect(request.options.authentication == .ntlm(username: "CORP\\ada", password: "pa55-w0rd"))
        #expect(request.headers["Authorization"] == nil)
        #expect(!preparation.redactor.redact("pa55-w0rd").contains("pa55"))
    }

    @Test func negotiateNeedsNoCredentials() throws {
        let preparation = try prepare(auth: #"{"type": "negotiate"}"#)
        #expect(preparation.request?.options.authentication == .negotiate)
    }
}
