#!/usr/bin/env python3
"""A loopback HTTP server for `make bench-partial-tree`: GET /<file> answers the file from FOLDER
with its length, writing its first MiB at once and noting when that MiB was handed to the kernel
(time.monotonic_ns, CLOCK_MONOTONIC: the clock lazer's bench log writes) in WORK/first-mib, then
the rest at RATE bytes a second (0: as fast as the client reads).

Usage: paced-body-server.py PORT FOLDER WORK"""
import http.server
import os
import sys
import time
from urllib.parse import parse_qs, urlparse

PORT, FOLDER, WORK = int(sys.argv[1]), sys.argv[2], sys.argv[3]
MIB = 1 << 20


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urlparse(self.path)
        rate = int(parse_qs(url.query).get("rate", ["0"])[0])
        path = os.path.join(FOLDER, os.path.basename(url.path))
        size = os.path.getsize(path)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(size))
        self.end_headers()
        with open(path, "rb") as body:
            self.wfile.write(body.read(MIB))
            self.wfile.flush()
            with open(os.path.join(WORK, "first-mib"), "w") as note:
                note.write(str(time.monotonic_ns()))
            start, sent = time.monotonic(), MIB
            while True:
                block = body.read(MIB)
                if not block:
                    break
                try:
                    self.wfile.write(block)
                except (BrokenPipeError, ConnectionResetError):
                    return
                sent += len(block)
                if rate:
                    ahead = sent / rate - (time.monotonic() - start)
                    if ahead > 0:
                        time.sleep(ahead)


http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
