import CurlTransport
import Foundation
import Futures
import HTTPCore
import LoopbackTesting
import Testing

/// NTLM and Negotiate (issue 26) through `RequestOptions.authentication`: libcurl answers the
/// loopback server's `401 WWW-Authenticate` itself, on one connection.
@Suite("CurlDispatcher NTLM and Negotiate against the loopback server's challenges")
struct CurlChallengeAuthTests {
    private struct NTLMResult: Decodable {
        var type1: String?
        var user: String
        var domain: String
        var ntResponseLength: Int
    }

    private func send(_ path: String, _ authentication: HTTPAuthentication?) async throws -> Response<ResponseBody> {
        let server = try LoopbackServer.shared()
        let dispatcher = CurlDispatcher(configuration: .init(scheduler: ImmediateScheduler()))
        let request = HTTPRequest(
            method: .get, url: server.url(path),
            options: RequestOptions(totalTimeout: .seconds(30), authentication: authentication))
        return try await dispatcher.dataFuture(from: request).value
    }

    @Test("NTLM: the type-1 message after the 401, then a type-3 with the user and domain")
    func ntlmHandshake() async throws {
        let response = try await send("/ntlm-auth", .ntlm(username: "CORP\\ada", password: "pa55"))
        #expect(response.statusCode.rawValue == 200)
        let result = try JSONDecoder().decode(NTLMResult.self, from: try response.body.data())
        // "TlRMTVNTUAAB" is base64 of "NTLMSSP\0" and the first byte of message type 1.
        #expect(result.type1?.hasPrefix("NTLM TlRMTVNTUAAB") == true, "\(result.type1 ?? "none")")
        #expect(result.user == "ada")
        #expect(result.domain == "CORP")
        #expect(result.ntResponseLength > 0)
    }

    @Test("without credentials the NTLM challenge is the answer")
    func ntlmWithoutCredentials() async throws {
        let response = try await send("/ntlm-auth", nil)
        #expect(response.statusCode.rawValue == 401)
        #expect(response.headers["WWW-Authenticate"] == "NTLM")
    }

    @Test("Negotiate without a Kerberos ticket ends with the server's 401, at once, not a hang or a crash")
    func negotiateWithoutTicket() async throws {
        let response = try await send("/negotiate-auth", .negotiate)
        #expect(response.statusCode.rawValue == 401)
        #expect(HTTPAuthentication.negotiate.description == "negotiate")
        #expect(!HTTPAuthentication.ntlm(username: "ada", password: "pa55").description.contains("pa55"))
    }
}
