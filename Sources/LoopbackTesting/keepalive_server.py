#!/usr/bin/env python3
"""A raw HTTP/1.1 server on 127.0.0.1 for `lazer load`'s keep-alive engine tests: it frames its
answers in each way a server may (Content-Length, chunked, HTTP/1.0 to the close, `Connection:
close`), cuts, stalls or sets a cookie on cue, and keeps every request as it arrived.

Each route counts its requests (n = 1, 2, … per route, over all connections):
  /ok          200, Content-Length, {"ok":true}
  /chunked     200, the same body in two chunks and a trailer
  /alternate   200 when n is odd, 500 when even
  /close-every every 5th answer says `Connection: close` and closes
  /http10      an HTTP/1.0 answer without a length: the body runs to the close
  /cut         every 4th answer: a head promising 100 bytes, 10 of them, then the close
  /stall       every 10th answer waits 3 s
  /cookie      the 3rd answer sets a cookie
  /head        for HEAD: a Content-Length of 1000 and no body
  /silent      a Content-Length answer, then the close without saying so (every 3rd request)
  /grow        the 1st answer is small; the later ones promise 100 MB and send zeros until the close
GET /log (on its own connection) answers {"count": N, "requests": {raw request: times}} for
everything else received, and resets it. Prints `PORTS http=<port>`; exits when stdin closes.
"""

import json
import socket
import sys
import threading
import time

lock = threading.Lock()
counts = {}
received = {}


def answer(status, body, extra=b"", version=b"HTTP/1.1"):
    reason = {200: b"OK", 500: b"Internal Server Error"}[status]
    head = version + b" %d " % status + reason + b"\r\nContent-Type: application/json\r\n" + extra
    return head + b"Content-Length: %d\r\n\r\n" % len(body) + body


def respond(connection, method, path, raw):
    """Writes the answer; False when the connection is closed after it."""
    if path == "/log":
        with lock:
            body = json.dumps({"count": sum(received.values()), "requests": {
                key.decode("latin-1"): value for key, value in received.items()}}).encode()
            received.clear()
            counts.clear()
        connection.sendall(answer(200, body, b"Connection: close\r\n"))
        return False
    with lock:
        n = counts.get(path, 0) + 1
        counts[path] = n
        received[raw] = received.get(raw, 0) + 1
    ok = b'{"ok":true}'
    if path == "/chunked":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                           b"5\r\n{\"ok\"\r\n6;ext=1\r\n:true}\r\n0\r\nX-Trailer: 1\r\n\r\n")
    elif path == "/alternate":
        connection.sendall(answer(200 if n % 2 else 500, ok))
    elif path == "/close-every":
        if n % 5 == 0:
            connection.sendall(answer(200, ok, b"Connection: close\r\n"))
            return False
        connection.sendall(answer(200, ok))
    elif path == "/http10":
        connection.sendall(b"HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n" + ok)
        return False
    elif path == "/cut":
        if n % 4 == 0:
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789")
            return False
        connection.sendall(answer(200, ok))
    elif path == "/stall":
        if n % 10 == 0:
            time.sleep(3)
        connection.sendall(answer(200, ok))
    elif path == "/cookie":
        connection.sendall(answer(200, ok, b"Set-Cookie: seen=1; Path=/\r\n" if n == 3 else b""))
    elif path == "/silent":
        connection.sendall(answer(200, ok))
        return n % 3 != 0
    elif path == "/grow":
        if n == 1:
            connection.sendall(answer(200, ok))
        else:
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n")
            chunk = bytes(1024 * 1024)
            try:
                for _ in range(100):
                    connection.sendall(chunk)
            except OSError:
                pass
            return False
    elif path == "/head":
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
    else:
        connection.sendall(answer(200, ok))
    return True


def serve(connection):
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    buffered = b""
    try:
        while True:
            while b"\r\n\r\n" not in buffered:
                data = connection.recv(65536)
                if not data:
                    return
                buffered += data
            head, _, buffered = buffered.partition(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            while len(buffered) < length:
                data = connection.recv(65536)
                if not data:
                    return
                buffered += data
            body, buffered = buffered[:length], buffered[length:]
            method, target = head.split(b" ")[:2]
            if not respond(connection, method, target.decode().split("?")[0], head + b"\r\n\r\n" + body):
                return
    except OSError:
        pass
    finally:
        connection.close()


def main():
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(256)

    def accept():
        while True:
            connection, _ = listener.accept()
            threading.Thread(target=serve, args=(connection,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    print("PORTS http=%d" % listener.getsockname()[1], flush=True)
    sys.stdin.read()


if __name__ == "__main__":
    main()
