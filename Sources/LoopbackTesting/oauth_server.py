#!/usr/bin/env python3
"""An OAuth 2.0 / OpenID Connect authorization server on 127.0.0.1, built on Authlib (pinned, in
the virtualenv scripts/oauth-venv.sh makes), for Lazer's OAuth tests.

Three providers on one port, by path prefix: /p/main (JWT access tokens for an hour), /p/rotating
(every refresh hands out a new refresh token and revokes the old one; access tokens last 2 s),
/p/slow (the token endpoint answers after 0.5 s). Each has /token, /authorize, /device,
/.well-known/openid-configuration, a protected /api that answers 401 with
`WWW-Authenticate: Bearer error="invalid_token"` for an unknown or expired token, and test hooks:
POST /approve?user_code=… (the person approving a device), POST /revoke-all (every access token
becomes invalid), GET /stats (how many token requests each grant had), GET /seen (the authorization
codes and PKCE verifiers token requests carried). /authorize consents for alice at once (the
browser step is the test following the redirect), or refuses with login_hint=deny. Clients: lazer-client /
lazer-secret (every grant), lazer-public (no secret: authorization code with PKCE, device code),
lazer-jwt-client (private_key_jwt, RFC 7523: every grant, at /p/main only — the others' discovery
does not list the method). Its keys are made at start: GET /client-keys gives the private keys
(RSA for RS256/PS256 with kid lazer-rsa-1, P-256 for ES256 with kid lazer-ec-1, and a stranger's RSA
key), GET /assertions the headers, claims and text of the client assertions it accepted.
The user for the password grant is alice / wonderland. Prints `PORTS http=<port>` and exits when
its standard input closes.
"""

import json
import os
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from authlib.common.security import generate_token
from authlib.jose import jwt
from authlib.oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import ClientMixin, InvalidClientError, OAuth2Request, grants
from authlib.oauth2.rfc6749.requests import BasicOAuth2Payload
from authlib.oauth2.rfc6750 import BearerTokenGenerator
from authlib.oauth2.rfc7523 import JWTBearerClientAssertion
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

# Loopback over plain HTTP is what the tests use (RFC 8252 allows it for native apps).
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"
lock = threading.RLock()
USER = {"id": "alice", "password": "wonderland"}
JWT_KEY = b"lazer-test-signing-key-not-a-secret"


def pem_pair(key):
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo)
    return private, public


# lazer-jwt-client's keys (made at start, handed to the tests by GET /client-keys), and a stranger's.
RSA_PRIVATE, RSA_PUBLIC = pem_pair(rsa.generate_private_key(public_exponent=65537, key_size=2048))
EC_PRIVATE, EC_PUBLIC = pem_pair(ec.generate_private_key(ec.SECP256R1()))
STRANGER_PRIVATE, _ = pem_pair(rsa.generate_private_key(public_exponent=65537, key_size=2048))
CLIENT_KEYS = {"lazer-rsa-1": RSA_PUBLIC, "lazer-ec-1": EC_PUBLIC}


class Client(ClientMixin):
    def __init__(self, client_id, secret, method=None):
        self.client_id, self.secret, self.method = client_id, secret, method

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return scope or "read"

    def check_redirect_uri(self, redirect_uri):
        # RFC 8252: a loopback redirect on any port.
        parsed = urllib.parse.urlsplit(redirect_uri or "")
        return parsed.scheme == "http" and parsed.hostname in ("127.0.0.1", "localhost")

    def check_client_secret(self, client_secret):
        return self.secret is not None and client_secret == self.secret

    def check_endpoint_auth_method(self, method, endpoint):
        if self.method:
            return method == self.method
        return method == "none" if self.secret is None else method in ("client_secret_basic", "client_secret_post")

    def check_response_type(self, response_type):
        return response_type == "code"

    def check_grant_type(self, grant_type):
        return self.secret is not None or self.method is not None or grant_type != "client_credentials"


CLIENTS = {
    "lazer-client": Client("lazer-client", "lazer-secret"),
    "lazer-public": Client("lazer-public", None),
    "lazer-jwt-client": Client("lazer-jwt-client", None, method="private_key_jwt"),
}


class ClientAssertion(JWTBearerClientAssertion):
    """private_key_jwt (RFC 7523 §2.2): the assertion's signature by the client's key (by kid, else
    by alg), iss = sub = the client, aud = this provider's token endpoint, exp at most 5 minutes
    after iat, and a jti never seen before."""

    CLIENT_AUTH_METHOD = "private_key_jwt"

    def __init__(self, provider):
        super().__init__(provider.issuer + "/token", validate_jti=True)
        self.provider = provider

    def create_claims_options(self):
        options = super().create_claims_options()
        options["iat"] = {"essential": True}
        return options

    def validate_jti(self, claims, jti):
        if jti in self.provider.jtis:
            return False
        self.provider.jtis.add(jti)
        return True

    def resolve_client_public_key(self, client, headers):
        self.provider.assertion_headers.append(dict(headers))
        kid = headers.get("kid")
        if kid is not None:
            return CLIENT_KEYS.get(kid, b"")
        return EC_PUBLIC if headers.get("alg") == "ES256" else RSA_PUBLIC

    def process_assertion_claims(self, assertion, resolve_key):
        claims = super().process_assertion_claims(assertion, resolve_key)
        if not 0 < claims["exp"] - claims["iat"] <= 300:
            raise InvalidClientError(description="the client assertion must expire within 5 minutes of iat")
        self.provider.assertions.append(
            {"header": self.provider.assertion_headers[-1], "claims": dict(claims), "raw": assertion})
        return claims


class Request(OAuth2Request):
    """A request as Authlib's grants read it: query and form fields, headers."""

    def __init__(self, method, uri, headers, query, form):
        super().__init__(method, uri, headers=headers)
        self._args, self._form = query, form
        merged = dict(query)
        merged.update(form)
        self.payload = BasicOAuth2Payload(merged)

    @property
    def args(self):
        return self._args

    @property
    def form(self):
        return self._form


class Provider(AuthorizationServer):
    def __init__(self, name, issuer, expires_in, rotates, delay, assertions=False):
        super().__init__(scopes_supported=["read", "write", "openid", "profile", "offline_access"])
        self.name, self.issuer, self.delay, self.rotates = name, issuer, delay, rotates
        self.tokens, self.refresh, self.codes, self.devices, self.grants = {}, {}, {}, {}, {}
        self.polls = {}
        # private_key_jwt: the jtis seen, and the assertions accepted (headers and claims).
        self.jtis, self.assertions, self.assertion_headers = set(), [], []
        jwt_method = ["private_key_jwt"] if assertions else []
        self.auth_methods = ["client_secret_basic", "client_secret_post", "none"] + jwt_method
        if assertions:
            self.register_client_auth_method("private_key_jwt", ClientAssertion(self))
        self.stats = {}
        # The authorization codes and PKCE verifiers token requests carried (for the secrets greps).
        self.seen = {"codes": [], "verifiers": []}
        self.register_token_generator(
            "default",
            BearerTokenGenerator(
                access_token_generator=self.access_token,
                refresh_token_generator=lambda **_: generate_token(40),
                expires_generator=lambda client, grant_type: expires_in,
            ),
        )
        provider = self

        class AuthorizationCode(grants.AuthorizationCodeGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] + jwt_method

            def save_authorization_code(self, code, request):
                provider.codes[code] = {
                    "client_id": request.client.client_id,
                    "redirect_uri": request.payload.redirect_uri,
                    "scope": request.payload.scope,
                    "code_challenge": request.payload.data.get("code_challenge"),
                    "code_challenge_method": request.payload.data.get("code_challenge_method"),
                }

            def query_authorization_code(self, code, client):
                item = provider.codes.get(code)
                if item and item["client_id"] == client.client_id:
                    return Code(code, item)

            def delete_authorization_code(self, authorization_code):
                provider.codes.pop(authorization_code.code, None)

            def authenticate_user(self, authorization_code):
                return USER

        class Password(grants.ResourceOwnerPasswordCredentialsGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"] + jwt_method

            def authenticate_user(self, username, password):
                return USER if (username, password) == (USER["id"], USER["password"]) else None

        class ClientCredentials(grants.ClientCredentialsGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"] + jwt_method

        class Refresh(grants.RefreshTokenGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] + jwt_method
            INCLUDE_NEW_REFRESH_TOKEN = rotates

            def authenticate_refresh_token(self, refresh_token):
                item = provider.refresh.get(refresh_token)
                return RefreshCredential(refresh_token, item) if item else None

            def authenticate_user(self, credential):
                return USER

            def revoke_old_credential(self, credential):
                if provider.rotates:
                    provider.refresh.pop(credential.token, None)

        class Device(DeviceCodeGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] + jwt_method

            def query_device_credential(self, device_code):
                item = provider.devices.get(device_code)
                return DeviceCredentialDict(item) if item else None

            def query_user_grant(self, user_code):
                return provider.grants.get(user_code)

            def should_slow_down(self, credential):
                # Polled sooner than the interval (less 10 % for clocks): slow_down, as RFC 8628 says.
                now, code = time.time(), credential["device_code"]
                last = provider.polls.get(code)
                provider.polls[code] = now
                return last is not None and now - last < credential["interval"] * 0.9

        class DeviceEndpoint(DeviceAuthorizationEndpoint):
            CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] + jwt_method
            INTERVAL = 1
            EXPIRES_IN = 120

            def get_verification_uri(self):
                return provider.issuer + "/device"

            def save_device_credential(self, client_id, scope, data):
                provider.devices[data["device_code"]] = dict(
                    data, client_id=client_id, scope=scope or "read", expires_at=int(time.time()) + self.EXPIRES_IN
                )

        self.register_grant(AuthorizationCode, [CodeChallenge(required=True)])
        self.register_grant(Password)
        self.register_grant(ClientCredentials)
        self.register_grant(Refresh)
        self.register_grant(Device)
        self.register_endpoint(DeviceEndpoint)

    def access_token(self, client, grant_type, user, scope):
        now = int(time.time())
        claims = {"iss": self.issuer, "sub": user["id"] if user else client.client_id, "aud": "lazer-tests",
                  "client_id": client.client_id, "scope": scope or "", "iat": now, "jti": generate_token(8)}
        return jwt.encode({"alg": "HS256", "typ": "at+jwt"}, claims, JWT_KEY).decode()

    def query_client(self, client_id):
        return CLIENTS.get(client_id)

    def save_token(self, token, request):
        self.tokens[token["access_token"]] = time.time() + token.get("expires_in", 3600)
        if "refresh_token" in token:
            self.refresh[token["refresh_token"]] = {"scope": token.get("scope", ""), "client_id": request.client.client_id}

    def create_oauth2_request(self, request):
        return request

    def handle_response(self, status, body, headers):
        return status, body, headers

    def send_signal(self, name, *args, **kwargs):
        pass

    def discovery(self):
        return {
            "issuer": self.issuer, "authorization_endpoint": self.issuer + "/authorize",
            "token_endpoint": self.issuer + "/token", "device_authorization_endpoint": self.issuer + "/device_authorization",
            "grant_types_supported": ["authorization_code", "client_credentials", "password", "refresh_token",
                                      "urn:ietf:params:oauth:grant-type:device_code"],
            "response_types_supported": ["code"], "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": self.auth_methods,
            "scopes_supported": self.scopes_supported, "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["HS256"], "jwks_uri": self.issuer + "/jwks",
        }


class Code:
    def __init__(self, code, item):
        self.code, self.item = code, item

    def get_redirect_uri(self):
        return self.item["redirect_uri"]

    def get_scope(self):
        return self.item["scope"]

    def get_nonce(self):
        return None

    def get_auth_time(self):
        return None

    def get_acr(self):
        return None

    def get_amr(self):
        return None


Code.code_challenge = property(lambda self: self.item["code_challenge"])
Code.code_challenge_method = property(lambda self: self.item["code_challenge_method"])


class RefreshCredential:
    def __init__(self, token, item):
        self.token, self.item = token, item

    def get_scope(self):
        return self.item["scope"]

    def is_expired(self):
        return False

    def is_revoked(self):
        return False

    def check_client(self, client):
        return client.client_id == self.item["client_id"]


PROVIDERS = {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        names = {name.lower() for name, _ in headers}
        if "content-type" not in names:
            self.send_header("Content-Type", "application/json")
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        parts = urllib.parse.urlsplit(self.path)
        segments = parts.path.split("/", 3)
        if len(segments) < 4 or segments[1] != "p" or segments[2] not in PROVIDERS:
            return self.answer(404, {"error": "not_found"})
        provider, endpoint = PROVIDERS[segments[2]], "/" + segments[3]
        query = dict(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        form = dict(urllib.parse.parse_qsl(raw.decode(), keep_blank_values=True)) if method == "POST" else {}
        headers = {name: value for name, value in self.headers.items()}
        uri = provider.issuer + endpoint + ("?" + parts.query if parts.query else "")
        request = Request(method, uri, headers, query, form)
        if endpoint == "/token":
            if provider.delay:
                time.sleep(provider.delay)
            with lock:
                grant = form.get("grant_type", "?")
                provider.stats[grant] = provider.stats.get(grant, 0) + 1
                if "code" in form:
                    provider.seen["codes"].append(form["code"])
                if "code_verifier" in form:
                    provider.seen["verifiers"].append(form["code_verifier"])
                status, body, extra = provider.create_token_response(request)
            return self.answer(status, body, extra)
        with lock:
            if endpoint == "/.well-known/openid-configuration":
                return self.answer(200, provider.discovery())
            if endpoint == "/device_authorization":
                status, body, extra = provider.create_endpoint_response("device_authorization", request)
                return self.answer(status, body, extra)
            if endpoint.startswith("/authorize"):
                return self.authorize(provider, request, query)
            if endpoint == "/approve":
                code = query.get("user_code", "")
                provider.grants[code] = (USER, query.get("deny") != "1")
                return self.answer(200, {"approved": code})
            if endpoint == "/revoke-all":
                provider.tokens.clear()
                return self.answer(200, {"revoked": True})
            if endpoint == "/stats":
                return self.answer(200, provider.stats)
            if endpoint == "/seen":
                return self.answer(200, provider.seen)
            if endpoint == "/client-keys":
                return self.answer(200, {"rsa": RSA_PRIVATE, "ec": EC_PRIVATE, "stranger": STRANGER_PRIVATE})
            if endpoint == "/assertions":
                return self.answer(200, provider.assertions)
            if endpoint.startswith("/api"):
                return self.api(provider, endpoint)
        return self.answer(404, {"error": "not_found"})

    def authorize(self, provider, request, query):
        # The person consents at once, unless the test asks for a refusal (login_hint=deny).
        user = None if query.get("login_hint") == "deny" else USER
        status, body, extra = provider.create_authorization_response(request, grant_user=user)
        return self.answer(status, body if body else b"", extra)

    def api(self, provider, endpoint):
        value = self.headers.get("Authorization", "")
        token = value[7:] if value.startswith("Bearer ") else urllib.parse.parse_qs(
            urllib.parse.urlsplit(self.path).query).get("access_token", [""])[0]
        expires = provider.tokens.get(token)
        if expires is None or expires < time.time():
            challenge = 'Bearer realm="lazer-tests", error="invalid_token", error_description="expired or unknown"'
            return self.answer(401, {"error": "invalid_token"}, [("WWW-Authenticate", challenge)])
        claims = jwt.decode(token, JWT_KEY)
        return self.answer(200, {"path": endpoint, "sub": claims["sub"], "scope": claims["scope"]})


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    port = server.server_address[1]
    base = f"http://127.0.0.1:{port}/p/"
    PROVIDERS["main"] = Provider("main", base + "main", 3600, rotates=False, delay=0, assertions=True)
    PROVIDERS["rotating"] = Provider("rotating", base + "rotating", 2, rotates=True, delay=0)
    PROVIDERS["slow"] = Provider("slow", base + "slow", 3600, rotates=False, delay=0.5)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORTS http={port}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
