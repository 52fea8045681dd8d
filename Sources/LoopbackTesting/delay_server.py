#!/usr/bin/env python3
"""An HTTP server on 127.0.0.1 that answers after a known delay, for `lazer load`'s tests.

GET /delay answers {"ok": true} after a delay set by the request's position, so any run of 100
consecutive requests has the same distribution: 90 wait 10 ms, 9 wait 50 ms, 1 waits 200 ms.
With --stall-after N --stall-seconds S the server stalls once: from the N-th request on, every
request that arrives in the next S seconds is held until the stall ends (then gets its delay).
GET /fast answers at once; GET /connections answers how many connections were accepted so far
(as {"connections": N}: what a cap on connections is checked against). GET /achieved answers the
delays this server actually gave the /delay requests so far, from each request line's arrival to
its answer written ({"count": N, "p50Ms": …, "p90Ms": …, "p99Ms": …, "p99_9Ms": …, "maxMs": …}, nearest
rank): what a client's percentiles are checked against when the machine's scheduling adds to the
injected delays. Prints `PORTS http=<port>` and exits when its standard input closes.
"""

import argparse
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
state = {"count": 0, "stall_until": None, "connections": 0}
achieved = []
options = None


def delay_for(index):
    position = index % 100
    if position == 99:
        return 0.200
    if position >= 90:
        return 0.050
    return 0.010


def percentiles(delays):
    """Nearest-rank percentiles of sorted delays (seconds), in milliseconds."""
    result = {"count": len(delays)}
    for name, q in (("p50Ms", 50), ("p90Ms", 90), ("p99Ms", 99), ("p99_9Ms", 99.9), ("maxMs", 100)):
        if delays:
            rank = max(1, -(-len(delays) * q // 100))
            result[name] = round(delays[int(min(rank, len(delays))) - 1] * 1000, 3)
    return result


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are written apart: without this, Nagle and delayed ACKs add 40 ms.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def parse_request(self):
        # The delay counts from the request line's arrival: the time Python takes to parse the
        # headers is inside it, not added to it (the server is the reference the percentiles are
        # checked against).
        self.arrived = time.monotonic()
        return super().parse_request()

    def answer(self, body):
        # One write, head and body together.
        self.wfile.write(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
            + str(len(body)).encode()
            + b"\r\n\r\n"
            + body
        )

    def setup(self):
        # One handler per connection (it serves every request the connection carries).
        super().setup()
        with lock:
            state["connections"] += 1

    def do_GET(self):
        if self.path.startswith("/achieved"):
            with lock:
                delays = sorted(achieved)
            body = json.dumps(percentiles(delays)).encode()
            self.answer(body)
            return
        if self.path.startswith("/connections"):
            with lock:
                body = json.dumps({"connections": state["connections"]}).encode()
            self.answer(body)
            return
        with lock:
            index = state["count"]
            state["count"] += 1
            now = time.monotonic()
            if options.stall_after is not None and index == options.stall_after:
                state["stall_until"] = now + options.stall_seconds
            hold = max(0.0, (state["stall_until"] or 0) - now)
        delay = hold + (delay_for(index) if self.path.startswith("/delay") else 0)
        body = json.dumps({"ok": True, "index": index}).encode()
        time.sleep(max(0.0, self.arrived + delay - time.monotonic()))
        self.answer(body)
        if self.path.startswith("/delay"):
            with lock:
                achieved.append(time.monotonic() - self.arrived)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Set before listen(): with the default 5, a burst of new connections loses SYNs (1 s retries).
    request_queue_size = 1024


def main():
    global options
    parser = argparse.ArgumentParser()
    parser.add_argument("--stall-after", type=int)
    parser.add_argument("--stall-seconds", type=float, default=1.0)
    options = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORTS http={server.server_address[1]}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
