"""WebSocket peer for Lazer's client tests (RFC 6455, Python standard library only), served by
loopback_server.py on `/ws/...` with hand-written frames, so it can misbehave on purpose.

  /ws/echo?id=X          echoes text and binary messages; a text message "hello?" is answered with JSON
                         {"path", "query", "headers", "protocol"} of the upgrade; answers a close frame with the
                         same code; the close code and reason the client sent are kept for /ws/closes?id=X
  /ws/fragmented         "Hel" + a ping "p?" + "lo" + " world" as one fragmented text message, waits for the
                         pong, sends "pong: <payload>", then closes 1000 "bye"
  /ws/bad-utf8?id=X      a text message that is not UTF-8 (then reads the client's close)
  /ws/flood?count=N      N small JSON text messages as fast as the socket takes them (in batches of 1,000),
                         then a close 1000
  /ws/pings?count=N      N pings as fast as the socket takes them, then the text "after the pings" and a close
                         1000 (the client's pongs are read afterwards)
  /ws/close?code=C&reason=R&id=X  closes first with C and R
  /ws/drop               upgrades, then drops the connection without a close frame
  /ws/masked?id=X        a masked frame (servers must not mask)
  /ws/reserved-opcode?id=X  a frame with opcode 3
  /ws/rsv?id=X           a text frame with RSV1 set (no extension negotiated)
  /ws/big?size=N&id=X    one text message of N bytes "a", in 64 KiB fragments
  /ws/refuse?status=N    answers N with a short text body instead of 101
  /ws/bad-accept         answers 101 with a wrong Sec-WebSocket-Accept
  /ws/closes?id=X        one text message, JSON {"code", "reason", "frames"} of the close the client sent on
                         connection X
  /ws/raw?frames=HEX&id=X&chop=N  writes the bytes HEX (whole frames, as a test builds them; with chop, N
                         bytes per write, each flushed on its own), then reads until the client's close
                         (recorded for /ws/closes with every frame the client sent before it: opcode,
                         payload and masking key in hex) and answers it
  /ws/deflate?answer=A&bomb=N&corrupt=1&final=1
                         permessage-deflate (RFC 7692): answers the offer with A (default "permessage-deflate"
                         when offered; "none": no extension), then echoes every message compressed (ended by a
                         final block when final=1); "stats?" is answered with JSON {"offer", "compressedIn",
                         "plainIn"}; bomb=N first sends N bytes of "a" as one compressed message; corrupt=1 first
                         sends a compressed frame that is not deflate
"""

import base64
import hashlib
import json
import socket
import struct
import threading
import time
import zlib

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
CLOSES = {}
CLOSES_LOCK = threading.Lock()


def accept_key(key):
    return base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()


def frame(opcode, payload=b"", fin=True, rsv1=False, mask=None):
    head = bytes([(0x80 if fin else 0) | (0x40 if rsv1 else 0) | opcode])
    length = len(payload)
    mask_bit = 0x80 if mask else 0
    if length < 126:
        head += bytes([mask_bit | length])
    elif length < 65536:
        head += bytes([mask_bit | 126]) + struct.pack("!H", length)
    else:
        head += bytes([mask_bit | 127]) + struct.pack("!Q", length)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += mask
    return head + payload


def unmask(payload, mask):
    """The payload XORed with the four-byte key, as one big integer (a byte loop takes seconds a MiB)."""
    size = len(payload)
    if not size:
        return payload
    key = (mask * (size // 4 + 1))[:size]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(size, "big")


def blast(out, batch, count, last):
    """Writes `batch` (1,000 frames) count / 1,000 times as fast as the socket takes it, then `last`
    and a close (1000); False when the client went away meanwhile."""
    try:
        for _ in range(count // 1000):
            out.write(batch)
        out.write(last + frame(0x8, struct.pack("!H", 1000)))
        out.flush()
        return True
    except OSError:
        return False


def read_frame(rfile):
    """(fin, opcode, payload) or None when the connection ended."""
    got = read_frame_rsv(rfile)
    return None if got is None else (got[0], got[2], got[3])


def record_close(ident, payload, frames=None):
    if not ident:
        return
    code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
    with CLOSES_LOCK:
        CLOSES[ident] = {"code": code, "reason": payload[2:].decode("utf-8", "replace"), "frames": frames or []}


def closes(handler, query):
    """Sends the recorded close as one text message (waiting up to 2 s for it), then closes."""
    value = None
    for _ in range(100):
        with CLOSES_LOCK:
            value = CLOSES.get(query.get("id", ""))
        if value:
            break
        time.sleep(0.02)
    handler.wfile.write(frame(0x1, json.dumps(value or {}).encode()) + frame(0x8, struct.pack("!H", 1000)))
    handler.wfile.flush()
    read_until_close(handler, "")


def read_until_close(handler, ident, seconds=10):
    """Reads frames until the client's close (recorded with the frames before it) or the end of the
    connection."""
    handler.connection.settimeout(seconds)
    frames = []
    while True:
        got = read_frame_rsv(handler.rfile, keys=True)
        if got is None:
            return
        fin, rsv1, opcode, payload, key = got
        if opcode == 0x8:
            record_close(ident, payload, frames)
            return
        frames.append({"opcode": opcode, "payload": payload.hex(), "key": key.hex() if key else None})


def serve(handler, path, query):
    name = path[len("/ws/"):]
    if name == "refuse":
        handler.send(int(query.get("status", "401")), b"no token, no socket\n", content_type="text/plain")
        return
    key = handler.headers.get("Sec-WebSocket-Key", "")
    if handler.headers.get("Upgrade", "").lower() != "websocket" or not key:
        handler.send(426, b"WebSocket only\n", content_type="text/plain")
        return
    offered = [p.strip() for p in handler.headers.get("Sec-WebSocket-Protocol", "").split(",") if p.strip()]
    extension_offer = handler.headers.get("Sec-WebSocket-Extensions", "")
    extension_answer = None
    if name == "deflate":
        extension_answer = query.get("answer", "permessage-deflate" if "permessage-deflate" in extension_offer else "none")
        if extension_answer == "none":
            extension_answer = None
    handler.send_response(101)
    handler.send_header("Upgrade", "websocket")
    handler.send_header("Connection", "Upgrade")
    handler.send_header("Sec-WebSocket-Accept", "bm90IHRoZSByaWdodCBrZXk=" if name == "bad-accept" else accept_key(key))
    if offered:
        handler.send_header("Sec-WebSocket-Protocol", offered[0])
    if extension_answer:
        handler.send_header("Sec-WebSocket-Extensions", extension_answer)
    handler.end_headers()
    handler.wfile.flush()
    handler.close_connection = True
    ident = query.get("id", "")
    out = handler.wfile
    handler.connection.settimeout(600)
    if name == "closes":
        closes(handler, query)
    elif name == "echo":
        echo(handler, path, query, offered, ident)
    elif name == "raw":
        data = bytes.fromhex(query.get("frames", ""))
        chop = int(query.get("chop", "0")) or len(data) or 1
        if chop < len(data):
            handler.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        # A client that fails the connection midway (its close already sent) may reset it while
        # bytes are still going: what it sent before is read all the same.
        try:
            for start in range(0, len(data), chop):
                out.write(data[start:start + chop])
                out.flush()
        except OSError:
            pass
        read_until_close(handler, ident)
        try:
            out.write(frame(0x8, struct.pack("!H", 1000)))
            out.flush()
        except OSError:
            pass
    elif name == "deflate":
        deflate_echo(handler, query, extension_offer, extension_answer or "")
    elif name == "fragmented":
        out.write(frame(0x1, b"Hel", fin=False) + frame(0x9, b"p?") + frame(0x0, b"lo", fin=False)
                  + frame(0x0, b" world"))
        out.flush()
        while True:
            got = read_frame(handler.rfile)
            if got is None:
                return
            if got[1] == 0xA:
                out.write(frame(0x1, b"pong: " + got[2]))
                break
        out.write(frame(0x8, struct.pack("!H", 1000) + b"bye"))
        out.flush()
        read_until_close(handler, ident)
    elif name == "flood":
        # As fast as the socket takes them: N small JSON texts in batches, then a close (1000).
        batch = b"".join(frame(0x1, b'{"n": %d, "text": "a flood message"}' % i) for i in range(1000))
        if blast(out, batch, int(query.get("count", "100000")), b""):
            read_until_close(handler, ident)
    elif name == "pings":
        # An endless-looking ping flood: N pings, then one text message and a close (1000); the
        # pongs are read afterwards.
        batch = b"".join(frame(0x9, b"p%d" % i) for i in range(1000))
        if blast(out, batch, int(query.get("count", "100000")), frame(0x1, b"after the pings")):
            read_until_close(handler, ident)
    elif name == "bad-utf8":
        out.write(frame(0x1, b"ok \xff\xfe"))
        out.flush()
        read_until_close(handler, ident)
    elif name == "close":
        code = int(query.get("code", "1000"))
        out.write(frame(0x8, struct.pack("!H", code) + query.get("reason", "").encode()))
        out.flush()
        read_until_close(handler, ident)
    elif name == "drop":
        # Long enough for a busy client to have finished the upgrade: the drop is then the open connection's.
        time.sleep(0.5)
    elif name == "masked":
        out.write(frame(0x1, b"masked", mask=b"abcd"))
        out.flush()
        read_until_close(handler, ident)
    elif name == "reserved-opcode":
        out.write(frame(0x3, b"?"))
        out.flush()
        read_until_close(handler, ident)
    elif name == "rsv":
        out.write(frame(0x1, b"x", rsv1=True))
        out.flush()
        read_until_close(handler, ident)
    elif name == "big":
        size = min(int(query.get("size", "1000")), 64 << 20)
        chunk = 64 << 10
        sent = 0
        try:
            while sent < size:
                part = min(chunk, size - sent)
                out.write(frame(0x1 if sent == 0 else 0x0, b"a" * part, fin=sent + part >= size))
                sent += part
            out.flush()
        except OSError:
            return
        read_until_close(handler, ident)
    elif name == "bad-accept":
        time.sleep(0.5)


def messages(handler, ident):
    """The whole messages the client sends, as (opcode, RSV1 of the first frame, payload), pings
    answered; ends at the client's close (recorded, answered with its code) or the connection's end."""
    out = handler.wfile
    handler.connection.settimeout(600)
    pending = None
    while True:
        got = read_frame_rsv(handler.rfile, keys=True)
        if got is None:
            return
        fin, rsv1, opcode, payload, key = got
        if key is None:
            # A server must fail a client's unmasked frame (RFC 6455 §5.1).
            out.write(frame(0x8, struct.pack("!H", 1002) + b"an unmasked frame from the client"))
            out.flush()
            return
        if opcode == 0x8:
            record_close(ident, payload)
            out.write(frame(0x8, payload[:2]))
            out.flush()
            return
        if opcode == 0x9:
            out.write(frame(0xA, payload))
            out.flush()
            continue
        if opcode in (0x1, 0x2):
            pending = [opcode, rsv1, payload]
        elif opcode == 0x0 and pending:
            pending[2] += payload
        else:
            continue
        if fin:
            yield tuple(pending)
            pending = None


def echo(handler, path, query, offered, ident):
    out = handler.wfile
    for opcode, _, payload in messages(handler, ident):
        if opcode == 0x1 and payload == b"hello?":
            answer = {"path": path, "query": query, "headers": [[k, v] for k, v in handler.headers.items()],
                      "protocol": offered[0] if offered else None}
            out.write(frame(0x1, json.dumps(answer).encode()))
        else:
            out.write(frame(opcode, payload))
        out.flush()


def read_frame_rsv(rfile, keys=False):
    """(fin, rsv1, opcode, payload) — and the masking key (None: not masked) with keys — or None when
    the connection ended."""
    first = rfile.read(2)
    if len(first) < 2:
        return None
    fin, rsv1, opcode = bool(first[0] & 0x80), bool(first[0] & 0x40), first[0] & 0x0F
    length = first[1] & 0x7F
    if length == 126:
        length = struct.unpack("!H", rfile.read(2))[0]
    elif length == 127:
        length = struct.unpack("!Q", rfile.read(8))[0]
    mask = rfile.read(4) if first[1] & 0x80 else None
    payload = rfile.read(length)
    if mask:
        payload = unmask(payload, mask)
    return (fin, rsv1, opcode, payload, mask) if keys else (fin, rsv1, opcode, payload)


def deflate_echo(handler, query, offer, answer):
    """Echoes messages compressed with the parameters in `answer` (the server's side of RFC 7692)."""
    out = handler.wfile
    agreed = answer.startswith("permessage-deflate")
    params = [p.strip().split("=")[0] for p in answer.split(";")[1:]]
    bits = 15
    for p in answer.split(";")[1:]:
        if p.strip().startswith("server_max_window_bits="):
            bits = min(15, max(9, int(p.strip().split("=")[1])))  # an answer the client must refuse may say 20
    server_reset = "server_no_context_takeover" in params
    client_reset = "client_no_context_takeover" in params
    final = query.get("final") == "1"
    state = {"compressor": zlib.compressobj(6, zlib.DEFLATED, -bits), "decompressor": zlib.decompressobj(-15)}

    def compress(payload):
        data = state["compressor"].compress(payload) + state["compressor"].flush(zlib.Z_SYNC_FLUSH)
        if server_reset:
            state["compressor"] = zlib.compressobj(6, zlib.DEFLATED, -bits)
        return data[:-4] if data.endswith(b"\x00\x00\xff\xff") else data

    def send(opcode, payload):
        if not agreed:
            out.write(frame(opcode, payload))
        elif final:
            c = zlib.compressobj(6, zlib.DEFLATED, -bits)
            out.write(frame(opcode, c.compress(payload) + c.flush(zlib.Z_FINISH), rsv1=True))
        else:
            out.write(frame(opcode, compress(payload), rsv1=True))
        out.flush()

    if "bomb" in query:
        send(0x1, b"a" * min(int(query["bomb"]), 256 << 20))
    if query.get("corrupt") == "1":
        out.write(frame(0x1, b"\xff\xfe not deflate", rsv1=True))
        out.flush()
    counts = {"compressedIn": 0, "plainIn": 0}
    for opcode, compressed, payload in messages(handler, ""):
        if compressed:
            counts["compressedIn"] += 1
            payload = state["decompressor"].decompress(payload + b"\x00\x00\xff\xff")
            if client_reset:
                state["decompressor"] = zlib.decompressobj(-15)
        else:
            counts["plainIn"] += 1
        if opcode == 0x1 and payload == b"stats?":
            send(0x1, json.dumps(dict(counts, offer=offer)).encode())
        else:
            send(opcode, payload)
