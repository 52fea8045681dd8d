import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// The body `/digest-auth/<user>/<password>` answers once the Digest response hash checks out.
private struct Authenticated: Decodable {
    var authenticated: Bool
    var user: String
}

@Suite("CurlDispatcher authentication: RequestOptions.authentication answers the loopback server's challenge")
struct CurlAuthenticationTests {
    private func send(
        _ path: String, _ authentication: HTTPAuthentication?, method: HTTPMethod = .get,
        configure: (inout HTTPRequest) -> Void = { _ in }
    ) async throws -> Response<ResponseBody> {
        let server = try LoopbackServer.shared()
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        var request = HTTPRequest(
            method: method, url: server.url(path),
            options: RequestOptions(totalTimeout: .seconds(30), authentication: authentication))
        configure(&request)
        return try await dispatcher.dataFuture(from: request).value
    }

    @Test("digest with the right credentials gets 200 after the challenge")
    func digestRightCredentials() async throws {
        let response = try await send(
            "/digest-auth/alice/s3cr%20t", .digest(username: "alice", password: "s3cr t"))
        #expect(response.statusCode.rawValue == 200)
        let body = try JSONDecoder().decode(Authenticated.self, from: try response.body.data())
        #expect(body.authenticated && body.user == "alice")
    }

    @Test("digest with a POST body resends the body after the challenge")
    func digestWithBody() async throws {
        let response = try await send(
            "/digest-auth/alice/pw", .digest(username: "alice", password: "pw"), method: .post
        ) {
            $0.setJSONBody(string: "{\"a\":1}")
        }
        #expect(response.statusCode.rawValue == 200)
    }

    @Test(
        "wrong password, wrong user, Basic instead of Digest, or no credentials get 401",
        arguments: [
            HTTPAuthentication.digest(username: "alice", password: "wrong"),
            .digest(username: "bob", password: "pw"),
            .basic(username: "alice", password: "pw"),
        ] as [HTTPAuthentication?] + [nil])
    func digestWrongCredentials(_ authentication: HTTPAuthentication?) async throws {
        let response = try await send("/digest-auth/alice/pw", authentication)
        #expect(response.statusCode.rawValue == 401)
        #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Digest ") == true)
    }

    @Test("basic credentials are sent as an Authorization header built by the transport")
    func basicHeader() async throws {
        let response = try await send("/echo", .basic(username: "ann", password: "pa55"))
        struct Echo: Decodable { var headers: [[String]] }
        let echo = try JSONDecoder().decode(Echo.self, from: try response.body.data())
        let sent = echo.headers.filter { $0.first?.lowercased() == "authorization" }.compactMap(\.last)
        #expect(sent == ["Basic " + Data("ann:pa55".utf8).base64EncodedString()])
    }

    @Test("descriptions of the credential never contain the password")
    func passwordIsMasked() {
        let options = RequestOptions(authentication: .digest(username: "alice", password: "hunter2"))
        var dumped = ""
        dump(options, to: &dumped)
        for text in [String(describing: options), String(reflecting: options), dumped] {
            #expect(!text.contains("hunter2"))
            #expect(text.contains("alice"))
        }
    }
}
