#!/usr/bin/env python3
"""Loopback HTTP/1.1 server for `make bench-explorer`: serves the files of one folder on 127.0.0.1.

Every file is read into memory once at start, so a request costs one socket write of the whole
body (no disk, no per-request work that would weigh differently on the two clients). Files ending
in .json go out as application/json with a Content-Length. Prints the port on standard output,
then serves until killed. Quiet: no request log.
Usage: json-server.py FOLDER [PORT]   (PORT 0 or absent: a free one)
"""
import http.server
import os
import socketserver
import sys


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    bodies = {}

    def do_GET(self):
        # Drain a request body (the bench requests carry one, for the body-editor test).
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        body = self.bodies.get(self.path.split("?", 1)[0].lstrip("/"))
        if body is None:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    folder = sys.argv[1]
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, "rb") as handle:
                Handler.bodies[name] = handle.read()
    server = Server(("127.0.0.1", port), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
