import Foundation
import Futures
import HTTPCore
import JWTSigning
import Synchronization
import Testing
import Workspace

/// oauth2's `private_key_jwt` client authentication (RFC 7523 §2.2) against a scripted provider:
/// every token request — the grant and the refresh — carries a fresh assertion signed with the
/// client's key (iss = sub = the client, aud = the discovered token endpoint, a new jti, exp two
/// minutes after iat) and no secret; a refusal says when discovery did not list the method.
@Suite struct OAuthClientAssertionTests {
    static let vectors = Fixtures.repositoryRoot + "/Tests/JWTVectors"

    /// Discovery (listing `methods`), then token answers: `refuse` answers invalid_client.
    final class Provider: DataDispatcher {
        let scheduler: any Scheduler = ImmediateScheduler()
        let methods: [String]
        let refuse: Bool
        let forms = Mutex<[[FormField]]>([])
        let authorizations = Mutex<[String]>([])

        init(methods: [String] = ["client_secret_basic", "private_key_jwt"], refuse: Bool = false) {
            self.methods = methods
            self.refuse = refuse
        }

        func dataFuture(from request: HTTPRequest) -> ResponseFuture<DataResponse> {
            ResponseFuture(scheduler: scheduler) { future in
                let url = try request.url()
                @Sendable func answer(_ status: Int, _ json: String) {
                    future.succeed(
                        with: Response(
                            request: request, statusCode: StatusCode(status), url: url, body: .data(Data(json.utf8))))
                }
                if url.path.hasSuffix("openid-configuration") {
                    let listed = self.methods.map { "\"\($0)\"" }.joined(separator: ", ")
                    return answer(
                        200,
                        #"{"issuer": "http://id.test", "token_endpoint": "http://id.test/oauth/token", "token_endpoint_auth_methods_supported": [\#(listed)]}"#
                    )
                }
                if case .formURLEncoded(let fields) = request.body { self.forms.withLock { $0.append(fields) } }
                self.authorizations.withLock { $0 += request.headers.values(for: "Authorization") }
                if self.refuse { return answer(401, #"{"error": "invalid_client"}"#) }
                answer(
                    200, #"{"access_token": "at", "token_type": "Bearer", "expires_in": 1, "refresh_token": "rt"}"#)
            }
        }
    }

    static func settings(_ configure: (inout OAuth2Auth) -> Void) -> OAuthSettings {
        var auth = OAuth2Auth(grant: .clientCredentials)
        auth.issuer = "http://id.test"
        auth.clientID = "svc"
        auth.clientAuthentication = .privateKeyJWT
        configure(&auth)
        return OAuthSettings(auth) { text, _ in text }
    }

    static func value(_ name: String, in form: [FormField]) -> String? {
        form.first { $0.name == name }?.value
    }

    /// The claims of an assertion (not checked here: the signature is, by the caller).
    static func claims(_ assertion: String) throws -> [String: Any] {
        let part = try #require(assertion.split(separator: ".").dropFirst().first)
        let bytes = try #require(JWTSigner.decodeBase64URL(String(part)))
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func theGrantAndTheRefreshEachCarryAFreshSignedAssertionAndNoSecret() async throws {
        let keyFile = Self.vectors + "/rsa-test-key.pem"
        let settings = Self.settings {
            $0.privateKeyFile = keyFile
            $0.keyID = "k1"
            $0.clientSecret = "unused-secret"
        }
        let provider = Provider()
        // Each look at the clock is 100 s later: the first token has expired when the second is
        // asked for, so the second is a refresh.
        let clock = Mutex(1_800_000_000.0)
        let broker = OAuthTokenBroker(
            store: nil,
            now: {
                Date(
                    timeIntervalSince1970: clock.withLock {
                        $0 += 100
                        return $0
                    })
            })
        _ = try await broker.token(for: settings, dispatcher: provider).fetchResult().get()
        let second = try await broker.token(for: settings, dispatcher: provider).fetchResult().get()
        #expect(second.source == .refreshed)
        let forms = provider.forms.withLock { $0 }
        #expect(forms.count == 2)
        #expect(forms.map { Self.value("grant_type", in: $0) } == ["client_credentials", "refresh_token"])
        let signer = try JWTSigner(algorithm: .rs256, key: String(contentsOfFile: keyFile, encoding: .utf8))
        var jtis: Set<String> = []
        for form in forms {
            #expect(Self.value("client_secret", in: form) == nil)
            #expect(Self.value("client_id", in: form) == "svc")
            #expect(
                Self.value("client_assertion_type", in: form)
                    == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
            let assertion = try #require(Self.value("client_assertion", in: form))
            #expect(signer.verifies(assertion))
            let header = try #require(
                JWTSigner.decodeBase64URL(String(assertion.prefix { $0 != "." })).map {
                    String(decoding: $0, as: UTF8.self)
                })
            #expect(header == #"{"alg":"RS256","kid":"k1","typ":"JWT"}"#)
            let claims = try Self.claims(assertion)
            #expect(claims["iss"] as? String == "svc" && claims["sub"] as? String == "svc")
            #expect(claims["aud"] as? String == "http://id.test/oauth/token")
            let iat = try #require(claims["iat"] as? Int)
            let exp = try #require(claims["exp"] as? Int)
            #expect(exp - iat > 0 && exp - iat <= 300)
            jtis.insert(try #require(claims["jti"] as? String))
        }
        #expect(jtis.count == 2)
        #expect(provider.authorizations.withLock { $0 }.isEmpty)
    }

    @Test func anES256KeyGivenAsTextSigns() async throws {
        let pem = try String(contentsOfFile: Self.vectors + "/ec-test-key.pem", encoding: .utf8)
        let settings = Self.settings {
            $0.privateKey = pem
            $0.assertionAlgorithm = .es256
        }
        #expect(settings.secrets.contains(pem))
        let provider = Provider()
        _ = try await OAuthTokenBroker(store: nil).token(for: settings, dispatcher: provider).fetchResult().get()
        let assertion = try #require(
            provider.forms.withLock { $0 }.first.flatMap { Self.value("client_assertion", in: $0) })
        #expect(try JWTSigner(algorithm: .es256, key: pem).verifies(assertion))
    }

    @Test func aRefusalSaysTheProviderDoesNotListTheMethod() async throws {
        let settings = Self.settings { $0.privateKeyFile = Self.vectors + "/rsa-test-key.pem" }
        let provider = Provider(methods: ["client_secret_basic", "client_secret_post"], refuse: true)
        let result = await OAuthTokenBroker(store: nil).token(for: settings, dispatcher: provider).fetchResult()
        guard case .failure(let error as OAuthError) = result else {
            Issue.record("not an OAuthError: \(result)")
            return
        }
        #expect(error.description.contains("token request failed: invalid_client"), "\(error.description)")
        #expect(
            error.description.contains(
                "the provider's discovery document lists client_secret_basic, client_secret_post — not private_key_jwt"),
            "\(error.description)")
        #expect((error.translationTemplate.hint ?? "").contains("clientAuthentication"))
    }

    /// A discovery document naming another issuer is refused before anything is sent to the
    /// endpoints it lists (the client secret went to them).
    @Test func aDiscoveryDocumentOfAnotherIssuerIsRefused() async throws {
        let settings = Self.settings {
            $0.issuer = "http://other.test/"
            $0.clientAuthentication = .basic
            $0.clientSecret = "s3cret"
        }
        let provider = Provider()
        let result = await OAuthTokenBroker(store: nil).token(for: settings, dispatcher: provider).fetchResult()
        guard case .failure(let error as OAuthError) = result else {
            Issue.record("not an OAuthError: \(result)")
            return
        }
        #expect(error.step == .discovery)
        #expect(
            error.description.contains("names the issuer http://id.test, not http://other.test/"),
            "\(error.description)")
        #expect(provider.forms.withLock { $0 }.isEmpty && provider.authorizations.withLock { $0 }.isEmpty)
        // The issuer it names, a trailing slash aside, is accepted.
        let same = Self.settings {
            $0.issuer = "http://id.test/"
            $0.clientAuthentication = .basic
            $0.clientSecret = "s3cret"
        }
        _ = try await OAuthTokenBroker(store: nil).token(for: same, dispatcher: Provider()).fetchResult().get()
    }

    @Test func aRefusalOfAListedMethodPointsAtTheKey() async throws {
        let settings = Self.settings { $0.privateKeyFile = Self.vectors + "/rsa-test-key.pem" }
        let result = await OAuthTokenBroker(store: nil).token(for: settings, dispatcher: Provider(refuse: true))
            .fetchResult()
        guard case .failure(let error as OAuthError) = result else {
            Issue.record("not an OAuthError: \(result)")
            return
        }
        #expect(!error.description.contains("not private_key_jwt"))
        #expect(
            (error.translationTemplate.hint ?? "").contains("public key"),
            "\(String(describing: error.translationTemplate.hint))")
    }

    @Test func aMissingKeyFileIsSaidAndNothingIsSent() async throws {
        let settings = Self.settings { $0.privateKeyFile = "/nonexistent/lazer-key.pem" }
        let provider = Provider()
        let result = await OAuthTokenBroker(store: nil).token(for: settings, dispatcher: provider).fetchResult()
        guard case .failure(let error as OAuthError) = result else {
            Issue.record("not an OAuthError: \(result)")
            return
        }
        #expect(error.description.contains("the private_key_jwt key file /nonexistent/lazer-key.pem does not exist"))
        #expect(provider.forms.withLock { $0 }.isEmpty)
    }
}
