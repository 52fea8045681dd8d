#!/usr/bin/env python3
"""The SSE server of `make bench-streams` (scripts/bench-streams.sh), on 127.0.0.1 and a free port
(printed on stdout once listening). Standard library only.

  /events?count=N              N small events (`id: i`, `event: tick`, `data: {"n": i, ...}`) as fast
                               as the socket takes them, written in 64 KB chunks
  /paced?rate=R&seconds=S      R events a second for S seconds, written every 10 ms (R/100 at a time),
                               the schedule kept against the clock (a late write catches up)
"""
import http.server
import socketserver
import sys
import time
import urllib.parse


def event(index):
    return b'id: %d\nevent: tick\ndata: {"n": %d, "text": "an event of a benchmark stream"}\n\n' % (index, index)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        if url.path not in ("/events", "/paced"):
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            if url.path == "/events":
                self.events(int(query.get("count", "1000")))
            else:
                self.paced(int(query.get("rate", "1000")), float(query.get("seconds", "10")))
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def events(self, count):
        buffer = bytearray()
        for index in range(count):
            buffer += event(index)
            if len(buffer) >= 65536:
                self.chunk(bytes(buffer))
                buffer.clear()
        if buffer:
            self.chunk(bytes(buffer))

    def paced(self, rate, seconds):
        total = int(rate * seconds)
        start = time.monotonic()
        sent = 0
        while sent < total:
            due = min(total, int((time.monotonic() - start) * rate) + rate // 100)
            if due > sent:
                self.chunk(b"".join(event(index) for index in range(sent, due)))
                self.wfile.flush()
                sent = due
            time.sleep(0.01)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
