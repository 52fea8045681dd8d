"""A WebSocket server from a well-kept library (Python `websockets`, PyPI, pinned in
scripts/oauth-server-requirements.txt) for Lazer's client tests: Lazer's client against an
implementation it did not write, permessage-deflate included (the library's default).

  /echo          echoes every message (text and binary)
  /fragmented    sends "Hello world" as three fragments, then echoes
  /close         closes at once with 4001 "bye"
  /chat          offers the subprotocol chat.v2 when the client does; answers {"op": "login"} with
                 {"type": "welcome", "session": "s-7"}, then echoes

Prints `PORTS http=<port>`; stops when stdin closes.
"""

import asyncio
import json
import sys
import threading

from websockets.asyncio.server import serve


async def handler(ws):
    path = ws.request.path
    if path == "/close":
        await ws.close(4001, "bye")
        return
    if path == "/fragmented":
        await ws.send(["Hel", "lo ", "world"])
    async for message in ws:
        if path == "/chat":
            try:
                parsed = json.loads(message) if isinstance(message, str) else None
            except ValueError:
                parsed = None
            if isinstance(parsed, dict) and parsed.get("op") == "login":
                await ws.send(json.dumps({"type": "welcome", "session": "s-7"}))
                continue
        await ws.send(message)


def select(connection, offered):
    return "chat.v2" if "chat.v2" in offered else None


async def main():
    stop = asyncio.get_running_loop().create_future()
    loop = asyncio.get_running_loop()

    def wait_for_stdin():
        sys.stdin.read()
        loop.call_soon_threadsafe(lambda: stop.done() or stop.set_result(None))

    threading.Thread(target=wait_for_stdin, daemon=True).start()
    async with serve(handler, "127.0.0.1", 0, select_subprotocol=select, max_size=2**24) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"PORTS http={port}", flush=True)
        await stop


asyncio.run(main())
