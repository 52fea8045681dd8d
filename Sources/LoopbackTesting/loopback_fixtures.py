"""Helpers for loopback_server.py that are not request handling: Digest header parsing, content
codings written without a compressor library, and the blackhole port."""

import socket


def parse_digest(header):
    """The fields of a `Digest k=v, k="v"` Authorization header, or None for another scheme."""
    scheme, _, rest = header.partition(" ")
    if scheme.lower() != "digest":
        return None
    fields = {}
    index = 0
    while index < len(rest):
        while index < len(rest) and rest[index] in " ,":
            index += 1
        equals = rest.find("=", index)
        if equals < 0:
            break
        name = rest[index:equals].strip().lower()
        index = equals + 1
        if index < len(rest) and rest[index] == '"':
            end = index + 1
            value = ""
            while end < len(rest) and rest[end] != '"':
                if rest[end] == "\\" and end + 1 < len(rest):
                    end += 1
                value += rest[end]
                end += 1
            index = end + 1
        else:
            end = rest.find(",", index)
            end = len(rest) if end < 0 else end
            value = rest[index:end].strip()
            index = end
        fields[name] = value
    return fields


ENCODED_PAYLOAD = b'{"encoded": true, "text": "the same body in every content coding"}'


def brotli_stored(data):
    """A valid brotli stream (RFC 7932) holding `data` in one uncompressed meta-block."""
    assert 0 < len(data) <= 65536
    # WBITS=16 (1 bit 0), ISLAST=0, MNIBBLES=4 (2 bits 0), MLEN-1 (16 bits), ISUNCOMPRESSED=1, padding.
    bits = 0 | (0 << 1) | (0 << 2) | ((len(data) - 1) << 4) | (1 << 20)
    header = bits.to_bytes(3, "little")
    return header + data + bytes([0b11])  # last meta-block: ISLAST=1, ISLASTEMPTY=1


def zstd_stored(data):
    """A valid zstd frame (RFC 8878) holding `data` in one raw block."""
    assert len(data) <= 255
    magic = bytes([0x28, 0xB5, 0x2F, 0xFD])
    descriptor = bytes([0x20, len(data)])  # single segment, 1-byte content size, no checksum
    block = (1 | (0 << 1) | (len(data) << 3)).to_bytes(3, "little")  # last block, raw
    return magic + descriptor + block + data


def blackhole():
    """A listening socket nobody accepts on, with its accept queue filled: Linux drops further
    SYNs, so connecting to it hangs until the client's connect timeout. Returns the socket and the
    filler connections (both must stay open)."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    fillers = []
    for _ in range(3):
        filler = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        filler.setblocking(False)
        filler.connect_ex(listener.getsockname())
        fillers.append(filler)
    return listener, fillers
