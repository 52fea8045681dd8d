#!/usr/bin/env python3
"""The reference of `make bench-streams`' WebSocket step: COUNT round trips of SIZE-byte text
messages on one connection with Python's `websockets` client (PyPI, pinned by the script), each sent
once the previous echo came back, as `transport-bench ws-echo` does. Prints round trips a second."""
import asyncio
import sys
import time

from websockets.asyncio.client import connect


async def main(url, count, size):
    message = "x" * size
    async with connect(url, max_size=max(2 * size, 1 << 20), compression=None) as socket:
        start = time.monotonic()
        for _ in range(count):
            await socket.send(message)
            echo = await socket.recv()
            if len(echo) != size:
                sys.exit("ws-echo-client: an echo of %d bytes" % len(echo))
        elapsed = time.monotonic() - start
    megabytes = count * size / 1048576
    print("%.0f round trips/s, %.1f MB/s each way" % (count / elapsed, megabytes / elapsed))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
