import Foundation
import HTTPCore
import Testing

@testable import AWSSigning

/// AWS's own documented example (IAM `ListUsers`, "Signature Version 4 signing process"): the
/// signature a reader can check by hand against the AWS documentation.
@Suite struct SigV4KnownAnswerTests {
    @Test func iamListUsersExampleMatchesTheDocumentedSignature() throws {
        let date = Date(timeIntervalSince1970: 1_440_938_160)  // 2015-08-30T12:36:00Z
        let signer = SigV4Signer(
            credentials: SigV4Credentials(
                accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
            region: "us-east-1", service: "iam", clock: { date })
        let signature = signer.sign(
            method: "GET", url: "https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08",
            headers: [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")],
            payloadHash: SigV4PayloadHash.empty, date: date)
        #expect(
            signature.authorization
                == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, "
                + "SignedHeaders=content-type;host;x-amz-date, "
                + "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7")
    }

    @Test func timestampIsUTCCivilTime() {
        #expect(SigV4Timestamp(Date(timeIntervalSince1970: 1_440_938_160)).amzDate == "20150830T123600Z")
        #expect(SigV4Timestamp(Date(timeIntervalSince1970: 951_782_399)).amzDate == "20000228T235959Z")
        #expect(SigV4Timestamp(Date(timeIntervalSince1970: 951_868_800)).day == "20000301")
    }

    @Test func fileBodyIsHashedByStreamingAndEqualsTheInMemoryHash() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sigv4-\(UUID()).bin").path
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try SigV4PayloadHash.of(.file(path: path)) == SigV4PayloadHash.hex(of: bytes))
    }

    @Test func missingBodyFileIsTheTransportsError() {
        #expect(throws: RequestError.bodyFileNotFound(path: "/nonexistent/sigv4-body")) {
            try SigV4PayloadHash.of(.file(path: "/nonexistent/sigv4-body"))
        }
    }
}
