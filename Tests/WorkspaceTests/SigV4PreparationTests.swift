import AWSSigning
import Foundation
import FuturesTesting
import HTTPCore
import HTTPCoreTesting
import Testing
import Workspace

/// `aws-sigv4` auth from the collection file to the request a dispatcher is handed: inherited
/// from the collection, every placeholder filled first, signed over the final URL and headers,
/// the secret access key a secret even when written as a literal (issue 26).
@Suite struct SigV4PreparationTests {
    let scheduler = ManualScheduler()

    static func collection(auth: String, base: String = "https://api.example.com") -> String {
        """
        {"formatVersion": 1, "id": "aws", "name": "AWS", "defaultEnvironment": "live",
         "auth": \(auth),
         "variables": [{"name": "awsSecret", "secret": true}, {"name": "region", "value": "eu-west-1"}],
         "environments": [{"name": "live", "kind": "live", "baseURL": "\(base)"}],
         "requests": [{"id": "put", "name": "Put", "method": "POST", "url": "/items/a b",
           "query": [{"name": "limit", "value": "10"}],
           "headers": [{"name": "X-Trace", "value": "  one   two "}],
           "body": {"type": "json", "json": {"name": "n"}}}]}
        """
    }

    static let auth = """
        {"type": "aws-sigv4", "accessKeyId": "AKIDEXAMPLE", "secretAccessKey": "{{awsSecret}}",
         "region": "{{region}}", "service": "execute-api"}
        """

    /// The services of the last `prepare`: a relative request holds its base URL's provider (the
    /// services') weakly, as the explorer's requests do.
    private let kept = Kept()
    final class Kept: @unchecked Sendable { var services: WorkspaceServices? }

    private func prepare(_ text: String, secret: String = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY") throws
        -> (SendPreparation, CollectionDocument)
    {
        let state = try TemporaryFolder()
        try state.write(text, to: "aws.json")
        let services = WorkspaceServices(
            directories: UserDirectories(config: state.path + "/config", state: state.path + "/state"),
            liveDispatcher: RecordingDispatcher(scheduler: scheduler), scheduler: scheduler, delays: ManualClock(),
            processEnvironment: ["LAZER_VAR_awsSecret": secret])
        kept.services = services
        let document = try #require(try services.open(folder: state.path).documents.first)
        let request = try #require(document.collection.request(id: "put"))
        return (services.prepare(request, in: document), document)
    }

    @Test func anInheritedSigV4AuthSignsTheFinalRequest() throws {
        let (preparation, _) = try prepare(Self.collection(auth: Self.auth))
        #expect(preparation.problems.isEmpty, "\(preparation.problems)")
        let request = try #require(preparation.request)
        let authorization = try #require(request.headers["Authorization"])
        #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"))
        #expect(authorization.contains("/eu-west-1/execute-api/aws4_request, "))
        #expect(authorization.contains("SignedHeaders=content-type;host;x-amz-date;x-trace, "))
        #expect(try request.url().absoluteString == "https://api.example.com/items/a%20b?limit=10")
        #expect(
            preparation.signing
                == "signed (SigV4: eu-west-1/execute-api, signed headers content-type;host;x-amz-date;x-trace)")
        // Signed again at the time it was signed, the request gives the same signature: what was
        // signed is what is sent.
        let stamp = try #require(request.headers["X-Amz-Date"])
        var unsigned = request
        for name in ["Authorization", "X-Amz-Date"] { unsigned.headers.remove(name: name) }
        let date = try #require(Self.date(stamp))
        let again = try SigV4Signer(
            credentials: SigV4Credentials(
                accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
            region: "eu-west-1", service: "execute-api", clock: { date }
        ).sign(unsigned)
        #expect(again.request.headers["Authorization"] == authorization)
    }

    /// The secret key (a collection secret, masked by the preparer already) and the signature (a
    /// credential for some minutes) are masked wherever the exchange is echoed.
    @Test func theSecretKeyAndTheSignatureAreMasked() throws {
        let (preparation, _) = try prepare(Self.collection(auth: Self.auth))
        let authorization = try #require(preparation.request?.headers["Authorization"])
        let signature = String(try #require(authorization.split(separator: "=").last))
        #expect(signature.count == 64)
        #expect(
            preparation.redactor.redact("echo \(signature) wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
                == "echo •••••• ••••••")
        #expect(preparation.resolved.secretValues.isEmpty, "the collection's own secret is not noted again")
    }

    @Test func theSecretKeyIsMaskedEvenWhenWrittenAsALiteral() throws {
        let literal = Self.auth.replacingOccurrences(of: "{{awsSecret}}", with: "literal-secret-key-123")
        let (preparation, document) = try prepare(Self.collection(auth: literal))
        #expect(preparation.redactor.redact("key=literal-secret-key-123") == "key=••••••")
        #expect(
            document.diagnostics.contains {
                $0.severity == .warning && $0.message.contains("secret access key is written in the file")
            }, "\(document.diagnostics)")
    }

    @Test func s3WithAnUnsignedPayloadSaysSoInTheContentHash() throws {
        let s3 = """
            {"type": "aws-sigv4", "accessKeyId": "AKID", "secretAccessKey": "{{awsSecret}}", "sessionToken": "{{awsSecret}}-token",
             "region": "us-east-1", "service": "s3", "unsignedPayload": true}
            """
        let (preparation, _) = try prepare(Self.collection(auth: s3))
        let request = try #require(preparation.request)
        #expect(request.headers["X-Amz-Content-SHA256"] == "UNSIGNED-PAYLOAD")
        #expect(request.headers["X-Amz-Security-Token"] == "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY-token")
        #expect(
            try #require(request.headers["Authorization"]).contains(
                "x-amz-content-sha256;x-amz-date;x-amz-security-token"))
    }

    @Test func aMissingRegionOrServiceIsAnErrorThatNamesIt() {
        let text = Self.collection(
            auth: #"{"type": "aws-sigv4", "accessKeyId": "A", "secretAccessKey": "{{awsSecret}}", "service": "s3"}"#)
        let loaded = CollectionLoader.load(Array(text.utf8), file: "aws.json")
        #expect(loaded.collection == nil)
        #expect(loaded.diagnostics.contains { $0.message.contains("missing required field \"region\"") })
        let empty = Self.collection(
            auth:
                #"{"type": "aws-sigv4", "accessKeyId": "A", "secretAccessKey": "{{awsSecret}}", "region": "eu-west-1", "service": ""}"#
        )
        #expect(
            CollectionLoader.load(Array(empty.utf8), file: "aws.json").diagnostics.contains {
                $0.message.contains("aws-sigv4 auth needs a service")
            })
    }

    @Test func theAuthSurvivesSavingAndLoading() throws {
        let loaded = try #require(
            CollectionLoader.load(Array(Self.collection(auth: Self.auth).utf8), file: "aws.json").collection)
        let reloaded = try #require(CollectionLoader.load(Array(loaded.fileText().utf8), file: "aws.json").collection)
        #expect(reloaded.auth == loaded.auth)
        guard case .awsSigV4(let aws)? = reloaded.auth?.scheme else {
            Issue.record("not aws-sigv4: \(String(describing: reloaded.auth))")
            return
        }
        #expect(aws.secretAccessKey == "{{awsSecret}}")
        #expect(aws.region == "{{region}}")
    }

    static func date(_ stamp: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.date(from: stamp)
    }
}
