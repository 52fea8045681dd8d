import Foundation
import LoopbackTesting
import Testing

/// Issue 35: the recording proxy wrote the client's bearer token and cookies, echoed by the
/// upstream in its body, into the recorded body files in clear.
@Suite("lazer record: credentials the client sent are masked where they are echoed")
struct RecordCredentialTests {
    /// `lazer record --proxy` into an empty collection, in front of an httpbin-like server: the
    /// scratch folder, the server, the collection file, the proxy and its port.
    static func recordingProxy() throws -> (
        RunCommandTests.Scratch, HTTPBinLikeServer, String, MockCommandTests.MockProcess, Int
    ) {
        let scratch = try RunCommandTests.Scratch()
        let server = try HTTPBinLikeServer()
        do {
            let file = try scratch.write(MockCommandTests.emptyCollection, to: "app.json")
            let proxy = try MockCommandTests.MockProcess(
                [file, "--into", "recorded", "--proxy", "0", "--target", server.baseURL],
                environment: scratch.environment, command: "record")
            let port = try #require(Int(proxy.url.split(separator: ":").last ?? ""))
            return (scratch, server, file, proxy, port)
        } catch {
            server.stop()
            throw error
        }
    }

    @Test("--proxy: an echoed Authorization (Bearer, Basic) and cookies are masked in the body files")
    func proxyMasksEchoedCredentials() throws {
        let (scratch, server, file, proxy, port) = try Self.recordingProxy()
        defer { server.stop() }
        let basic = Data("alice:Pa55-w0rd-B".utf8).base64EncodedString()
        let bearer = try RawClientLite(port: port).get(
            "/headers", headers: ["Authorization: Bearer tok-SECRET-123", "Cookie: session=c00kie-SECRET; theme=dark"])
        // The client gets the answer as it came: only the recording is masked.
        #expect(bearer.contains("tok-SECRET-123"))
        _ = try RawClientLite(port: port).get("/anything/basic", headers: ["Authorization: Basic \(basic)"])
        #expect(proxy.stop().status == 0)
        let bodies = try SecretEncodingTests.files(under: scratch.path + "/mocks")
        #expect(bodies.count == 2, "\(bodies.map(\.0))")
        for (path, text) in bodies + [(file, try String(contentsOfFile: file, encoding: .utf8))] {
            for secret in ["tok-SECRET-123", "c00kie-SECRET", basic, "Pa55-w0rd-B"] {
                #expect(!text.contains(secret), "\(path) holds \(secret): \(text)")
            }
        }
        #expect(bodies.allSatisfy { $0.1.contains("••••••") })
    }

    @Test("--proxy: a credential sent in the query is not written into the route, its file name or the echoed body")
    func proxyMasksQueryCredentials() throws {
        let (scratch, server, file, proxy, port) = try Self.recordingProxy()
        defer { server.stop() }
        #expect(try RawClientLite(port: port).get("/get?q=a&api_key=QUERYSECRET").contains("QUERYSECRET"))
        #expect(proxy.stop().status == 0)
        let written =
            try SecretEncodingTests.files(under: scratch.path + "/mocks")
            + [(file, try String(contentsOfFile: file, encoding: .utf8))]
        for (path, text) in written {
            #expect(!(path + text).lowercased().contains("querysecret"), "\(path): \(text)")
        }
        #expect(written.contains { $0.1.contains("\"q\"") }, "the other query item is still matched on")
    }
}
