#!/usr/bin/env python3
"""The postman-echo.com endpoints that Newman's echo-v2 collection uses, on 127.0.0.1, for
test-scripts-echo.sh (standard library only).

Usage: echo_server.py [PORT]. Binds 127.0.0.1 on PORT (0 or none: a free port), prints the port on
a line of its own and serves until killed. Each request is logged to stderr as
`METHOD PATH STATUS [Authorization scheme]`.

Answers as Postman Echo does:
  /get /post /put /patch /delete   {"args", "data", "files", "form", "headers", "json", "url"}
                                   (GET: args, headers, url); headers with lower-case names
  /headers                         {"headers": {...}}
  /response-headers?K=V...         the query as JSON, each pair also a response header
  /status/N                        status N, {"status": N}
  /stream/N                        N JSON lines, chunked
  /delay/N                         {"delay": "N"} after N seconds (at most 10)
  /encoding/utf8                   an HTML page of UTF-8 text
  /gzip, /deflate                  {"gzipped"/"deflated": true, "headers", "method"}, compressed
                                   whatever the Accept-Encoding (as the real service)
  /basic-auth                      postman:password, else 401
  /digest-auth                     postman:password, realm "Users", MD5, qop=auth; the nonce must be
                                   one this server issued in a 401 challenge
  /oauth1                          an HMAC-SHA1 OAuth 1.0 signature for consumer RKCGzna7bv9YD57c
                                   (secret D+EdQ-gs$-%@2Nu7), else 401 {"status": "fail"}
  /cookies, /cookies/set?K=V, /cookies/delete?K   the cookies sent; set and delete answer 302 to
                                   /cookies with their Set-Cookie headers
  /oauth2/token                    (the collection's "[draft]" flow) the form's code abc123's
                                   client answers {"access_token", "token_type": "Bearer"}
  /oauth2/user/info                that token as Bearer: {"user_id", "name"}, else 401
"""

import base64
import gzip
import hashlib
import hmac
import json
import secrets
import sys
import threading
import time
import zlib
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, quote, unquote, urlsplit

DIGEST_USER, DIGEST_PASSWORD, DIGEST_REALM = "postman", "password", "Users"
OAUTH1_KEY, OAUTH1_SECRET = "RKCGzna7bv9YD57c", "D+EdQ-gs$-%@2Nu7"
OAUTH2_CODE, OAUTH2_CLIENT, OAUTH2_SECRET = "xWnkliVQJURqB2x1", "abc123", "ssh-secret"
OAUTH2_TOKEN = ("vp7jxTwqgczoFHs0uIdOvv4VdBWmvCkbVbNBCuaTQ3JZplPS40BaNV47HD1zt7MztQPILJvqYsOs6PfJpFYBgwbaE3CVEK"
                "Oj")
issued_nonces = set()
lock = threading.Lock()


def md5(text):
    return hashlib.md5(text.encode()).hexdigest()


def auth_params(value):
    """The key="value" pairs of a Digest or OAuth Authorization header."""
    params, rest = {}, value
    while rest:
        rest = rest.lstrip(" ,")
        if "=" not in rest:
            break
        key, rest = rest.split("=", 1)
        if rest.startswith('"'):
            end = rest.index('"', 1)
            params[key.strip()], rest = rest[1:end], rest[end + 1:]
        else:
            item, _, rest = rest.partition(",")
            params[key.strip()] = item.strip()
    return params


def oauth_encode(text):
    return quote(text, safe="-._~")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def version_string(self):
        return "echo_server"

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send(self, status, body, content_type="application/json; charset=utf-8", headers=(), encoding=None):
        data = body if isinstance(body, bytes) else (json.dumps(body) if not isinstance(body, str) else body).encode()
        if encoding == "gzip":
            data = gzip.compress(data)
        elif encoding == "deflate":
            data = zlib.compress(data)
        self.send_response(status)
        names = {name.lower() for name, _ in headers}
        if "content-type" not in names:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        scheme = self.headers.get("Authorization", "").split(" ")[0]
        print(f"{self.command} {self.path} {status}{' ' + scheme if scheme else ''}", file=sys.stderr, flush=True)

    def lower_headers(self):
        return {name.lower(): value for name, value in self.headers.items()}

    def url(self):
        return f"http://{self.headers.get('Host', '127.0.0.1')}{self.path}"

    def form_of(self, body):
        """Form fields and files of a multipart or urlencoded body."""
        content_type = self.headers.get("Content-Type", "")
        if content_type.startswith("application/x-www-form-urlencoded"):
            return dict(parse_qsl(body.decode(errors="replace"), keep_blank_values=True)), {}
        if content_type.startswith("multipart/form-data"):
            message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
            form, files = {}, {}
            for part in message.iter_parts():
                name = part.get_param("name", header="content-disposition")
                filename = part.get_filename()
                payload = part.get_payload(decode=True) or b""
                if filename:
                    files[filename] = "data:application/octet-stream;base64," + base64.b64encode(payload).decode()
                else:
                    form[name] = payload.decode(errors="replace")
            return form, files
        return {}, {}

    def cookies(self):
        jar = {}
        for pair in self.headers.get("Cookie", "").split(";"):
            if "=" in pair:
                key, value = pair.split("=", 1)
                jar[key.strip()] = value.strip()
        return jar

    def handle_any(self):
        body = self.read_body()
        parts = urlsplit(self.path)
        path = parts.path
        args = dict(parse_qsl(parts.query, keep_blank_values=True))
        method = self.command
        if path in ("/get", "/post", "/put", "/patch", "/delete"):
            if path[1:].upper() != method:
                return self.send(404, {"error": f"{path} answers {path[1:].upper()} only"})
            if method == "GET":
                return self.send(200, {"args": args, "headers": self.lower_headers(), "url": self.url()})
            form, files = self.form_of(body)
            data = "" if form or files else body.decode(errors="replace")
            parsed = None
            if self.headers.get("Content-Type", "").startswith("application/json"):
                try:
                    parsed = json.loads(body)
                except ValueError:
                    parsed = None
            return self.send(200, {"args": args, "data": data, "files": files, "form": form,
                                   "headers": self.lower_headers(), "json": parsed, "url": self.url()})
        if path == "/headers":
            return self.send(200, {"headers": self.lower_headers()})
        if path == "/response-headers":
            return self.send(200, args, headers=list(args.items()))
        if path.startswith("/status/") and path[8:].isdigit():
            code = int(path[8:])
            return self.send(code, {"status": code})
        if path.startswith("/stream/") and path[8:].isdigit():
            self.send_response(200)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for n in range(int(path[8:])):
                line = (json.dumps({"args": {"n": str(n)}, "headers": self.lower_headers(), "url": self.url()}) + "\n").encode()
                self.wfile.write(b"%x\r\n%s\r\n" % (len(line), line))
            self.wfile.write(b"0\r\n\r\n")
            print(f"{method} {self.path} 200", file=sys.stderr, flush=True)
            return
        if path.startswith("/delay/") and path[7:].isdigit():
            time.sleep(min(int(path[7:]), 10))
            return self.send(200, {"delay": path[7:]})
        if path == "/encoding/utf8":
            page = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body><h1>Unicode Demo</h1>" \
                   "<p>∮ E⋅da = Q,  n → ∞, ∑ f(i) = ∏ g(i) — Σὲ γνωρίζω ἀπὸ τὴν κόψη — ᚠᛇᚻ᛫ᛒᛦᚦ</p></body></html>"
            return self.send(200, page, content_type="text/html; charset=utf-8")
        if path == "/gzip":
            return self.send(200, {"gzipped": True, "headers": self.lower_headers(), "method": method}, encoding="gzip")
        if path == "/deflate":
            return self.send(200, {"deflated": True, "headers": self.lower_headers(), "method": method}, encoding="deflate")
        if path == "/basic-auth":
            expected = "Basic " + base64.b64encode(f"{DIGEST_USER}:{DIGEST_PASSWORD}".encode()).decode()
            if self.headers.get("Authorization") == expected:
                return self.send(200, {"authenticated": True})
            return self.send(401, "Unauthorized", content_type="text/plain",
                             headers=[("WWW-Authenticate", 'Basic realm="Users"')])
        if path == "/digest-auth":
            return self.digest(method)
        if path == "/oauth1":
            return self.oauth1(method, parts, args, body)
        if path == "/cookies":
            return self.send(200, {"cookies": self.cookies()})
        if path == "/cookies/set":
            headers = [("Set-Cookie", f"{k}={v}; Path=/") for k, v in args.items()] + [("Location", "/cookies")]
            return self.send(302, "Found. Redirecting to /cookies", content_type="text/plain", headers=headers)
        if path == "/cookies/delete":
            headers = [("Set-Cookie", f"{k}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT") for k in args]
            return self.send(302, "Found. Redirecting to /cookies", content_type="text/plain",
                             headers=headers + [("Location", "/cookies")])
        if path == "/oauth2/token" and method == "POST":
            form, _ = self.form_of(body)
            if (form.get("grant_type"), form.get("code"), form.get("client_id"), form.get("client_secret")) == \
                    ("authorization_code", OAUTH2_CODE, OAUTH2_CLIENT, OAUTH2_SECRET):
                return self.send(200, {"access_token": OAUTH2_TOKEN, "token_type": "Bearer", "expires_in": 3600})
            return self.send(401, {"error": "invalid_grant"})
        if path == "/oauth2/user/info":
            if self.headers.get("Authorization") == f"Bearer {OAUTH2_TOKEN}":
                return self.send(200, {"user_id": "echo-user", "name": "Postman Echo"})
            return self.send(401, {"error": "invalid_token"})
        self.send(404, {"error": f"no route for {method} {path}"})

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any

    def digest(self, method):
        header = self.headers.get("Authorization", "")
        if header.startswith("Digest "):
            p = auth_params(header[len("Digest "):])
            with lock:
                known = p.get("nonce") in issued_nonces
            if known and p.get("username") == DIGEST_USER and p.get("realm") == DIGEST_REALM:
                ha1 = md5(f"{DIGEST_USER}:{DIGEST_REALM}:{DIGEST_PASSWORD}")
                ha2 = md5(f"{method}:{p.get('uri', '')}")
                if p.get("qop"):
                    expected = md5(f"{ha1}:{p['nonce']}:{p.get('nc', '')}:{p.get('cnonce', '')}:{p['qop']}:{ha2}")
                else:
                    expected = md5(f"{ha1}:{p['nonce']}:{ha2}")
                if hmac.compare_digest(expected, p.get("response", "")):
                    return self.send(200, {"authenticated": True})
        nonce = secrets.token_urlsafe(24)
        with lock:
            issued_nonces.add(nonce)
        challenge = f'Digest realm="{DIGEST_REALM}", nonce="{nonce}", algorithm=MD5, qop="auth"'
        self.send(401, "Unauthorized", content_type="text/plain", headers=[("WWW-Authenticate", challenge)])

    def oauth1(self, method, parts, args, body):
        header = self.headers.get("Authorization", "")
        if header.startswith("OAuth "):
            p = auth_params(header[len("OAuth "):])
            p = {k: unquote(v) for k, v in p.items()}
            signature = p.pop("oauth_signature", "")
            p.pop("realm", None)
            params = list(parse_qsl(parts.query, keep_blank_values=True)) + list(p.items())
            if self.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
                params += parse_qsl(body.decode(), keep_blank_values=True)
            normal = "&".join(f"{k}={v}" for k, v in sorted((oauth_encode(k), oauth_encode(v)) for k, v in params))
            base_url = f"http://{self.headers.get('Host', '127.0.0.1')}{parts.path}"
            base = "&".join([method.upper(), oauth_encode(base_url), oauth_encode(normal)])
            key = f"{oauth_encode(OAUTH1_SECRET)}&"  # no token: an empty token secret
            expected = base64.b64encode(hmac.new(key.encode(), base.encode(), hashlib.sha1).digest()).decode()
            if p.get("oauth_consumer_key") == OAUTH1_KEY and p.get("oauth_signature_method") == "HMAC-SHA1" \
                    and hmac.compare_digest(expected, signature):
                return self.send(200, {"status": "pass", "message": "OAuth-1.0a signature verification was successful"})
            return self.send(401, {"status": "fail", "message": "HMAC-SHA1 verification failed", "base_uri": base_url,
                                   "normalized_param_string": normal, "base_string": base, "signing_key": key})
        self.send(401, {"status": "fail", "message": "HMAC-SHA1 verification failed: no OAuth Authorization header"})


def main():
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    server = ThreadingHTTPServer(("127.0.0.1", int(numbers[0]) if numbers else 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
