"""A SOCKS5 proxy for Lazer's proxy tests (RFC 1928 CONNECT, RFC 1929 username/password).

Every destination is reached on 127.0.0.1 at the requested port, whatever name or address the
client asked for: a `socks5h://` request for `http://name.invalid:PORT/` reaches the loopback
server and proves the name was resolved by the proxy, not by the client. The one exception is a
name starting with `refused.`, answered with "connection refused" (reply 5).

Every connection is logged (`connections()`): the authentication used, the address type the
client sent (ipv4, domain, ipv6), host, port, and the first line the client sent through the
tunnel (`GET /echo?id=… HTTP/1.1` for plain HTTP), so a test finds its own request in the log.
"""

import selectors
import socket
import socketserver
import struct
import threading

_log = []
_log_lock = threading.Lock()


def connections():
    """Every connection seen so far, oldest first (a copy)."""
    with _log_lock:
        return list(_log)


def _record(entry):
    with _log_lock:
        _log.append(entry)


def _read(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise ConnectionError("client closed during the SOCKS handshake")
        data += chunk
    return data


def relay(client, upstream, first_chunk=None):
    """Copies bytes both ways until either side closes (or 300 s pass in silence: a full test run on
    two cores can leave a client's task unscheduled for a minute between opening a tunnel and using
    it — a wss:// test lost its upgrade to a 60 s limit once); `first_chunk` sees the client's first
    bytes before they are forwarded."""
    selector = selectors.DefaultSelector()
    selector.register(client, selectors.EVENT_READ, upstream)
    selector.register(upstream, selectors.EVENT_READ, client)
    try:
        while True:
            events = selector.select(timeout=300)
            if not events:
                return
            for key, _ in events:
                data = key.fileobj.recv(65536)
                if not data:
                    return
                if first_chunk is not None and key.fileobj is client:
                    first_chunk(data)
                    first_chunk = None
                key.data.sendall(data)
    except OSError:
        pass
    finally:
        selector.close()


def _reply(sock, code):
    # VER, REP, RSV, ATYP=IPv4, BND.ADDR 127.0.0.1, BND.PORT 0
    sock.sendall(bytes([5, code, 0, 1, 127, 0, 0, 1, 0, 0]))


class SocksHandler(socketserver.BaseRequestHandler):
    def handle(self):
        sock = self.request
        sock.settimeout(30)
        try:
            self.negotiate(sock)
        except (ConnectionError, OSError, UnicodeDecodeError, struct.error):
            pass

    def negotiate(self, sock):
        version, count = _read(sock, 2)
        if version != 5:
            return
        methods = _read(sock, count)
        credentials = self.server.credentials
        entry = {"auth": "none", "user": None}
        if credentials is None:
            if 0 not in methods:
                sock.sendall(b"\x05\xff")
                return
            sock.sendall(b"\x05\x00")
        else:
            if 2 not in methods:
                sock.sendall(b"\x05\xff")
                _record({"auth": "missing", "user": None})
                return
            sock.sendall(b"\x05\x02")
            _, user_length = _read(sock, 2)
            user = _read(sock, user_length).decode()
            (password_length,) = _read(sock, 1)
            password = _read(sock, password_length).decode()
            accepted = (user, password) == credentials
            sock.sendall(b"\x01\x00" if accepted else b"\x01\x01")
            entry = {"auth": "password" if accepted else "rejected", "user": user}
            if not accepted:
                _record(entry)
                return
        _, command, _, address_type = _read(sock, 4)
        if address_type == 1:
            host, kind = socket.inet_ntop(socket.AF_INET, _read(sock, 4)), "ipv4"
        elif address_type == 3:
            (length,) = _read(sock, 1)
            host, kind = _read(sock, length).decode(), "domain"
        elif address_type == 4:
            host, kind = socket.inet_ntop(socket.AF_INET6, _read(sock, 16)), "ipv6"
        else:
            _reply(sock, 8)  # address type not supported
            return
        (port,) = struct.unpack("!H", _read(sock, 2))
        entry.update({"command": command, "addressType": kind, "host": host, "port": port, "request": None})
        if command != 1:
            _record(entry)
            _reply(sock, 7)  # command not supported
            return
        if host.startswith("refused."):
            _record(entry)
            _reply(sock, 5)
            return
        try:
            upstream = socket.create_connection(("127.0.0.1", port), timeout=10)
        except OSError:
            _record(entry)
            _reply(sock, 5)
            return
        _reply(sock, 0)
        with upstream:
            self.relay(sock, upstream, entry)

    def relay(self, client, upstream, entry):
        """Relays the tunnel; logs the entry (with the client's first line) before forwarding anything."""
        recorded = []

        def first_chunk(data):
            line = data.split(b"\r\n", 1)[0]
            entry["request"] = line.decode("latin-1") if line[:1].isalpha() else None
            _record(entry)
            recorded.append(True)

        relay(client, upstream, first_chunk)
        if not recorded:
            _record(entry)


class SocksServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def __init__(self, credentials=None):
        """`credentials` is a (user, password) pair the client must present, or None for no authentication."""
        self.credentials = credentials
        super().__init__(("127.0.0.1", 0), SocksHandler)
