import Foundation
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import JWTSigning
import Testing
import Workspace

/// `jwt` auth (issue 26): the token is signed locally when the request is prepared, equal to what
/// PyJWT makes for the same claims, key and time (`Tests/JWTVectors/pyjwt.json`, `make jwt-vectors`).
@Suite struct JWTAuthTests {
    let scheduler = ManualScheduler()
    static let vectors = Fixtures.repositoryRoot + "/Tests/JWTVectors"

    private let kept = Kept()
    final class Kept: @unchecked Sendable { var services: WorkspaceServices? }

    private func prepare(auth: String, at time: Double, variables: String = "[]") throws -> SendPreparation {
        let folder = try TemporaryFolder()
        try folder.write(
            """
            {"formatVersion": 1, "id": "jwt", "name": "JWT", "defaultEnvironment": "live", "auth": \(auth),
             "variables": \(variables),
             "environments": [{"name": "live", "kind": "live", "baseURL": "https://api.example.com"}],
             "requests": [{"id": "me", "name": "Me", "method": "GET", "url": "/me"}]}
            """, to: "jwt.json")
        var values = DynamicValues.system
        values.now = { Date(timeIntervalSince1970: time) }
        let services = WorkspaceServices(
            directories: UserDirectories(config: folder.path + "/config", state: folder.path + "/state"),
            liveDispatcher: RecordingDispatcher(scheduler: scheduler), scheduler: scheduler, delays: ManualClock(),
            processEnvironment: ["LAZER_VAR_jwtSecret": "hs-secret-for-lazer-tests-0123456789"],
            dynamicValues: values)
        kept.services = services
        let document = try #require(try services.open(folder: folder.path).documents.first)
        let request = try #require(document.collection.request(id: "me"))
        return services.prepare(request, in: document)
    }

    @Test func everyTokenIsPyJWTsForTheSameClaimsKeyAndTime() throws {
        let text = try String(contentsOfFile: Self.vectors + "/pyjwt.json", encoding: .utf8)
        guard case .array(let vectors)? = try StoredJSON(parsing: text)["vectors"] else {
            Issue.record("no vectors")
            return
        }
        #expect(vectors.count >= 60)
        for vector in vectors {
            let algorithm = vector["algorithm"]?.stringValue ?? ""
            let token = vector["token"]?.stringValue ?? ""
            var auth = #"{"type": "jwt", "algorithm": "\#(algorithm)""#
            if let file = vector["privateKeyFile"]?.stringValue {
                auth += #", "privateKeyFile": "\#(Self.vectors)/\#(file)""#
            } else {
                auth += #", "secret": "{{jwtSecret}}""#
            }
            if let kid = vector["kid"]?.stringValue, !kid.isEmpty { auth += #", "keyId": "\#(kid)""# }
            auth += #", "claims": \#(vector["claims"]?.compact() ?? "{}")"#
            auth += #", "lifetimeSeconds": \#(vector["lifetimeSeconds"]?.compact() ?? "300")}"#
            let iat = Double(vector["iat"]?.compact() ?? "0") ?? 0
            let preparation = try prepare(auth: auth, at: iat + 0.75)
            #expect(preparation.problems.isEmpty, "\(preparation.problems)")
            let sent = try #require(preparation.request?.headers["Authorization"])
            if algorithm == "ES256" {
                // ECDSA signatures are random: the same header and claims, and both signatures verify.
                let ours = String(sent.dropFirst("Bearer ".count))
                #expect(ours.split(separator: ".").prefix(2) == token.split(separator: ".").prefix(2))
                let key = try String(contentsOfFile: Self.vectors + "/ec-test-key.pem", encoding: .utf8)
                let signer = try JWTSigner(algorithm: .es256, key: key)
                #expect(signer.verifies(token) && signer.verifies(ours))
            } else {
                #expect(sent == "Bearer " + token, "\(auth)")
            }
        }
    }

    @Test func claimsTakePlaceholdersAndTheirOwnExpiryWins() throws {
        let preparation = try prepare(
            auth: #"""
                {"type": "jwt", "algorithm": "HS256", "secret": "{{jwtSecret}}", "keyId": "k-{{user}}",
                 "header": "X-Token", "prefix": "", "claims": {"sub": "{{user}}", "exp": 42}}
                """#,
            at: 1_767_225_600, variables: #"[{"name": "user", "value": "ada"}]"#)
        #expect(preparation.problems.isEmpty, "\(preparation.problems)")
        let token = try #require(preparation.request?.headers["X-Token"])
        #expect(preparation.signing == "signed (JWT HS256, kid k-ada, in X-Token)")
        let parts = token.split(separator: ".").map { JWTSigner.decodeBase64URL(String($0)) ?? [] }
        #expect(String(decoding: parts[0], as: UTF8.self) == #"{"alg":"HS256","kid":"k-ada","typ":"JWT"}"#)
        #expect(String(decoding: parts[1], as: UTF8.self) == #"{"sub":"ada","exp":42,"iat":1767225600}"#)
        // The token and the secret are masked in whatever is shown or recorded.
        #expect(preparation.redactor.redact("t=\(token)") == "t=" + Redactor.masked(token))
        #expect(!preparation.redactor.redact("hs-secret-for-lazer-tests-0123456789").contains("lazer-tests"))
    }

    @Test func aMissingOrWrongKeyStopsTheSendWithAClearProblem() throws {
        let missing = try prepare(
            auth: #"{"type": "jwt", "algorithm": "RS256", "privateKeyFile": "keys/none.pem"}"#, at: 0)
        #expect(missing.request == nil)
        #expect(missing.problems.contains { $0.contains("none.pem does not exist") }, "\(missing.problems)")
        let wrong = try prepare(
            auth: #"{"type": "jwt", "algorithm": "ES256", "privateKeyFile": "\#(Self.vectors)/rsa-test-key.pem"}"#,
            at: 0)
        #expect(wrong.problems.contains { $0.contains("not a P-256 EC private key") }, "\(wrong.problems)")
        let notPEM = try prepare(auth: #"{"type": "jwt", "algorithm": "RS256", "secret": "{{jwtSecret}}"}"#, at: 0)
        #expect(notPEM.problems.contains { $0.contains("not a PEM private key") }, "\(notPEM.problems)")
    }
}
