#!/usr/bin/env python3
"""An httpbin-like server on 127.0.0.1 for `lazer record` round trips (Python 3 standard library).

Answers the endpoints `Collections/httpbin.json` uses, in httpbin's shapes, so recording that
collection from it and replaying the recording offline can be compared with a live run. Prints
`PORTS http=<port>` and exits when its standard input closes.
"""

import base64
import gzip
import hashlib
import json
import os
import sys
import threading
import time
import urllib.parse
from email.parser import BytesParser
from email.policy import HTTP as HTTP_POLICY
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from loopback_fixtures import parse_digest

nonces = set()
nonces_lock = threading.Lock()
REALM = "httpbin-like"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=(), content_type="application/json"):
        self.send_response(status)
        if body or status not in (204, 304):
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_json(self, status, value, headers=()):
        self.send(status, json.dumps(value).encode(), headers)

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def echo(self, body):
        parsed = urllib.parse.urlsplit(self.path)
        content_type = self.headers.get("Content-Type", "")
        form, files, parsed_json = {}, {}, None
        if content_type.startswith("application/x-www-form-urlencoded"):
            form = dict(urllib.parse.parse_qsl(body.decode("utf-8", "replace")))
        elif content_type.startswith("multipart/form-data"):
            message = BytesParser(policy=HTTP_POLICY).parsebytes(
                b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
            for part in message.iter_parts():
                name = part.get_param("name", header="content-disposition")
                data = (part.get_payload(decode=True) or b"").decode("utf-8", "replace")
                (files if part.get_filename() else form)[name] = data
        else:
            try:
                parsed_json = json.loads(body) if body else None
            except ValueError:
                parsed_json = None
        return {
            "args": dict(urllib.parse.parse_qsl(parsed.query)),
            "data": "" if files or form else body.decode("utf-8", "replace"),
            "files": files,
            "form": form,
            "headers": dict(self.headers.items()),
            "json": parsed_json,
            "method": self.command,
            "url": f"http://{self.headers.get('Host', '')}{self.path}",
        }

    def handle_any(self):
        body = self.read_body()
        parsed = urllib.parse.urlsplit(self.path)
        path = parsed.path
        query = dict(urllib.parse.parse_qsl(parsed.query))
        parts = path.strip("/").split("/")
        auth = self.headers.get("Authorization", "")
        if path in ("/get", "/post", "/put", "/patch", "/delete") or path.startswith("/anything"):
            self.send_json(200, self.echo(body))
        elif parts[0] == "status" and len(parts) == 2:
            self.send(int(parts[1]))
        elif path == "/headers":
            self.send_json(200, {"headers": dict(self.headers.items())})
        elif path == "/response-headers":
            self.send_json(200, query, headers=list(query.items()))
        elif path == "/user-agent":
            self.send_json(200, {"user-agent": self.headers.get("User-Agent", "")})
        elif parts[0] == "basic-auth" and len(parts) == 3:
            expected = "Basic " + base64.b64encode(f"{parts[1]}:{parts[2]}".encode()).decode()
            if auth == expected:
                self.send_json(200, {"authenticated": True, "user": parts[1]})
            else:
                self.send(401, b"", [("WWW-Authenticate", 'Basic realm="Fake Realm"')])
        elif path == "/bearer":
            if auth.startswith("Bearer ") and len(auth) > 7:
                self.send_json(200, {"authenticated": True, "token": auth[7:]})
            else:
                self.send(401, b"", [("WWW-Authenticate", "Bearer")])
        elif parts[0] == "digest-auth" and len(parts) == 4:
            self.digest(urllib.parse.unquote(parts[2]), urllib.parse.unquote(parts[3]))
        elif parts[0] == "redirect" and len(parts) == 2:
            count = int(parts[1])
            self.send(302, b"", [("Location", "/get" if count <= 1 else f"/redirect/{count - 1}")])
        elif path == "/redirect-to":
            self.send(int(query.get("status_code", "302")), b"", [("Location", query.get("url", "/"))])
        elif parts[0] == "delay" and len(parts) == 2:
            time.sleep(min(float(parts[1]), 10))
            self.send_json(200, self.echo(body))
        elif path == "/gzip":
            data = gzip.compress(json.dumps({"gzipped": True, "method": self.command}).encode())
            self.send(200, data, [("Content-Encoding", "gzip")])
        elif path == "/json":
            self.send_json(200, {"slideshow": {"author": "Yours Truly", "title": "Sample Slide Show"}})
        elif path == "/html":
            self.send(200, b"<!DOCTYPE html><html><body><h1>Herman Melville - Moby-Dick</h1></body></html>",
                      content_type="text/html; charset=utf-8")
        elif path == "/cookies/set":
            cookies = [("Set-Cookie", f"{name}={value}; Path=/") for name, value in query.items()]
            self.send_json(200, {"cookies": query}, headers=cookies)
        elif path == "/cookies":
            jar = dict(item.strip().split("=", 1) for item in self.headers.get("Cookie", "").split(";") if "=" in item)
            self.send_json(200, {"cookies": jar})
        else:
            self.send(404, b"not found\n", content_type="text/plain")

    def digest(self, user, password):
        fields = parse_digest(self.headers.get("Authorization", ""))
        if fields is not None and fields.get("username") == user and fields.get("nonce") in nonces:
            def md5(text):
                return hashlib.md5(text.encode()).hexdigest()
            ha1 = md5(f"{user}:{REALM}:{password}")
            ha2 = md5(f"{self.command}:{fields.get('uri', '')}")
            expected = md5(":".join([ha1, fields["nonce"], fields.get("nc", ""), fields.get("cnonce", ""), "auth", ha2]))
            if fields.get("response") == expected:
                self.send_json(200, {"authenticated": True, "user": user})
                return
        nonce = os.urandom(16).hex()
        with nonces_lock:
            nonces.add(nonce)
        challenge = f'Digest realm="{REALM}", qop="auth", algorithm=MD5, nonce="{nonce}", opaque="{os.urandom(8).hex()}"'
        self.send(401, b"", [("WWW-Authenticate", challenge)])

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = handle_any


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORTS http={server.server_address[1]}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
