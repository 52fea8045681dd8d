#!/usr/bin/env python3
"""A loopback HTTP server for the explorer's end-to-end tests (standard library only).

Usage: explorer_server.py NAME LOGFILE. Binds 127.0.0.1 on a free port, prints `PORT <port>` and
serves until its standard input closes (so it never outlives the test that started it). Every
request is logged to LOGFILE as one line `NAME METHOD PATH` (then ` key=VALUE` when it carries an
`X-Api-Key` header: the environments test checks a secret variable reached the server).

  /slow   waits up to 10 s before answering; if the client closes the connection first, logs
          `NAME slow client-closed` and answers nothing, else logs `NAME slow answered`.
  /trickle  waits 1.5 s before the head, then sends a 60,000-byte JSON body in 20 pieces over
          2 s (Content-Length set), logging `NAME trickle answered`; stops early if the client goes.
  /events a text/event-stream: `event: tick`, `id: N`, `data: {"n": N, "server": NAME}` every 0.7 s,
          60 at most; logs `NAME events client-closed after N` when the client goes first.
  /many   a text/event-stream of 15,000 events at once (`event: tick`, `id: N`, `data: {"n": N}`), then
          its end.
  /feed   a text/event-stream that closes after two events (`retry: 400`, `id: N`, `data: {"n": N}`, 0.3 s
          apart), each connection from `Last-Event-ID` + 1, 204 after event 5; logs `NAME feed from N`.
  /login  302 to /whoami, setting the cookie `session=e2e-<NAME>-cookie` on the way.
  /whoami 200 JSON {"cookie": the Cookie header it got, or "(none)"}; logged with it as
          `NAME whoami COOKIE`.
  /signed checks `X-Signature: hex(HMAC-SHA256("e2e-signing-key", METHOD + "\n" + PATH + "\n" + X-Timestamp))`
          (a pre-request script's signature): 200 {"signed": true} and logs `NAME signed ok`, else 401
          {"signed": false} and logs `NAME signed bad`.
  other   200 JSON {"server": NAME, "path": PATH, "items": [...]} with an `X-Server: NAME` header.
"""

import hashlib
import hmac
import json
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NAME = sys.argv[1]
LOG = sys.argv[2]
log_lock = threading.Lock()


def log(line):
    with log_lock, open(LOG, "a", encoding="utf-8") as handle:
        handle.write(f"{NAME} {line}\n")


def client_closed(connection, seconds):
    """Waits up to `seconds`; True as soon as the peer closes the connection."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        readable, _, _ = select.select([connection], [], [], 0.05)
        if readable:
            try:
                if connection.recv(1, socket.MSG_PEEK) == b"":
                    return True
            except OSError:
                return True
            time.sleep(0.05)
    return False


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def trickle(self):
        if client_closed(self.connection, 1.5):
            self.close_connection = True
            return
        items = [{"id": index, "title": f"item {index} from {NAME}"} for index in range(1250)]
        body = json.dumps({"server": NAME, "items": items}).encode()
        body += b" " * max(0, 60000 - len(body))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.flush()
        piece = len(body) // 20 + 1
        for start in range(0, len(body), piece):
            if client_closed(self.connection, 0.1):
                self.close_connection = True
                return
            self.wfile.write(body[start : start + piece])
            self.wfile.flush()
        log("trickle answered")

    def events(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        for index in range(60):
            if index and client_closed(self.connection, 0.7):
                log(f"events client-closed after {index}")
                self.close_connection = True
                return
            data = json.dumps({"n": index, "server": NAME})
            chunk = f"event: tick\nid: {index}\ndata: {data}\n\n".encode()
            try:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.flush()
            except OSError:
                log(f"events client-closed after {index}")
                self.close_connection = True
                return
        self.wfile.write(b"0\r\n\r\n")

    def feed(self):
        start = int(self.headers.get("Last-Event-ID", "-1")) + 1
        log(f"feed from {start}")
        if start > 5:
            self.send_response(204)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for index in range(start, min(start + 2, 6)):
            time.sleep(0.3)
            chunk = f"retry: 400\nid: {index}\ndata: {json.dumps({'n': index})}\n\n".encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            self.wfile.flush()
        self.wfile.write(b"0\r\n\r\n")

    def many(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b"".join(b'event: tick\nid: %d\ndata: {"n": %d}\n\n' % (index, index) for index in range(15000))
        self.wfile.write(b"%x\r\n%s\r\n0\r\n\r\n" % (len(chunk), chunk))
        self.wfile.flush()

    def answer(self):
        key = self.headers.get("X-Api-Key")
        log(f"{self.command} {self.path}" + (f" key={key}" if key else ""))
        if self.path.startswith("/events"):
            self.events()
            return
        if self.path.startswith("/many"):
            self.many()
            return
        if self.path.startswith("/feed"):
            self.feed()
            return
        if self.path.startswith("/trickle"):
            self.trickle()
            return
        if self.path.startswith("/login"):
            self.send_response(302)
            self.send_header("Location", "/whoami")
            self.send_header("Set-Cookie", f"session=e2e-{NAME}-cookie; Path=/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.path.startswith("/whoami"):
            cookie = self.headers.get("Cookie") or "(none)"
            log(f"whoami {cookie}")
            body = json.dumps({"cookie": cookie}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path.startswith("/signed"):
            message = f"{self.command}\n{self.path}\n{self.headers.get('X-Timestamp', '')}".encode()
            expected = hmac.new(b"e2e-signing-key", message, hashlib.sha256).hexdigest()
            good = hmac.compare_digest(expected, self.headers.get("X-Signature", ""))
            log("signed ok" if good else "signed bad")
            body = json.dumps({"signed": good}).encode()
            self.send_response(200 if good else 401)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path.startswith("/slow"):
            if client_closed(self.connection, 10):
                log("slow client-closed")
                self.close_connection = True
                return
            log("slow answered")
        body = json.dumps(
            {"server": NAME, "path": self.path, "items": [{"id": 1, "title": f"from {NAME}"}]}
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Server", NAME)
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    sys.stdin.buffer.read()


if __name__ == "__main__":
    main()
