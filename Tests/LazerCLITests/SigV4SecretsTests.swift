import Foundation
import LoopbackTesting
import Testing

/// Issue 26: a `lazer run` of an `aws-sigv4` request against the loopback echo server signs it
/// (the echo shows the headers that arrived), and the AWS secret access key and session token
/// appear in nothing Lazer wrote or printed: the output, the reports, the state folder
/// (history), the collection file.
@Suite("aws-sigv4: signed by lazer run, the secret nowhere")
struct SigV4SecretsTests {
    static let secretKey = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
    static let sessionToken = "FQoGZXIvYXdzEXAMPLEsessionTOKENvalue0123456789"

    @Test("signed on the wire; the secret key and the token in no output and no file")
    func signedAndNeverWritten() throws {
        let server = try HTTPBinLikeServer()
        defer { server.stop() }
        let scratch = try RunCommandTests.Scratch()
        let collection = try scratch.write(
            """
            {"formatVersion": 1, "id": "aws", "name": "AWS", "defaultEnvironment": "live",
             "variables": [{"name": "awsSecret", "secret": true}, {"name": "awsToken", "secret": true}],
             "auth": {"type": "aws-sigv4", "accessKeyId": "AKIDEXAMPLE", "secretAccessKey": "{{awsSecret}}",
                      "sessionToken": "{{awsToken}}", "region": "eu-west-1", "service": "execute-api"},
             "environments": [{"name": "live", "kind": "live", "baseURL": "\(server.baseURL)"}],
             "requests": [{"id": "r", "name": "Signed", "method": "POST", "url": "/post",
               "body": {"type": "json", "json": {"note": "hello"}},
               "expectations": [
                 {"subject": "jsonPath", "path": "$.headers.Authorization", "op": "contains",
                  "value": "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/"},
                 {"subject": "jsonPath", "path": "$.headers.Authorization", "op": "contains",
                  "value": "/eu-west-1/execute-api/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token, Signature="},
                 {"subject": "jsonPath", "path": "$.headers", "op": "equals", "value": "shown in the report"}]}]}
            """, to: "aws.json")
        let before = try String(contentsOfFile: collection, encoding: .utf8)
        var environment = scratch.environment
        environment["LAZER_VAR_awsSecret"] = Self.secretKey
        environment["LAZER_VAR_awsToken"] = Self.sessionToken
        let reports = ["junit", "json", "tap"].map { ($0, scratch.path + "/report.\($0)") }
        var arguments = ["run", collection, "--reporter", "human"]
        for (kind, path) in reports { arguments += ["--reporter", kind, "--output", path] }
        let run = try LazerBinary.run(arguments, environment: environment, currentDirectory: scratch.path)
        // The last check fails on purpose: its actual value, every header echoed, goes into the reports.
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("3 checks, 1 failed"), "\(run.stdout)")
        // The signature, a credential for this request for some minutes, is masked in the echo too.
        #expect(run.stdout.contains("Signature=••••••"), "\(run.stdout)")
        #expect(run.stdout.contains("\"X-Amz-Security-Token\": \"••••••\""), "\(run.stdout)")
        #expect(!run.stdout.contains("✗ jsonPath $.headers.Authorization"), "the request was not signed: \(run.stdout)")
        var written = [("stdout", run.stdout), ("stderr", run.stderr)]
        for (kind, path) in reports { written.append((kind, try String(contentsOfFile: path, encoding: .utf8))) }
        let state = try SecretEncodingTests.files(under: scratch.path + "/state")
        #expect(!state.isEmpty, "no history was written")
        written += state
        written += try SecretEncodingTests.files(under: scratch.path).filter { !$0.0.contains("/state/") }
        for (name, text) in written {
            #expect(!text.contains(Self.secretKey), "the secret access key is in \(name)")
            #expect(!text.contains("wJalrXUtnFEMI"), "part of the secret access key is in \(name)")
            #expect(!text.contains(Self.sessionToken), "the session token is in \(name)")
        }
        #expect(try String(contentsOfFile: collection, encoding: .utf8) == before)
    }
}
