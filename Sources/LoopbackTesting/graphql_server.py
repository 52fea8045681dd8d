"""A real GraphQL server on 127.0.0.1 for Lazer's tests, on graphql-core (pinned in
scripts/oauth-server-requirements.txt, installed by scripts/oauth-venv.sh).

The schema (graphql_test_schema.graphql) covers what a GraphQL client meets: an interface (Node), a union (SearchResult), an input
object (NewPost), enums with a deprecated value, a custom scalar (DateTime), a deprecated field, a
field whose resolver fails (User.secret: an error with a path beside partial data) and introspection.

POST / takes {"query", "variables", "operationName"} as JSON; GET / takes them as query parameters.
The answer is application/graphql-response+json when the Accept header asks for it, else
application/json. GET /last answers the last GraphQL request as received (method, headers, body).
GET /schema.graphql answers the schema's SDL.
Under /private/ the server wants `Authorization: Bearer graphql-token` (else 401) and refuses
introspection (`__schema` / `__type` in the query) as Apollo Server does in production: 400 with an error. Prints `PORTS http=<port>`; stops when stdin closes.

Subscriptions: a WebSocket upgrade on any path speaks graphql-transport-ws (the graphql-ws protocol;
frames from websocket_peer.py, executed with graphql-core's `subscribe`): connection_init →
connection_ack; subscribe → next … complete; a document that does not validate → error; a client's
complete stops the operation; pings answered. Under /private/ the upgrade needs the same bearer token,
or connection_init's payload `{"token": "graphql-token"}` (else close 4403 Forbidden before the ack). `?ping=1`: a ping after the ack, and no `next` before the
client's pong. `?noack=1`: connection_init is never acknowledged. GET /ws-last answers what the last
WebSocket client sent (its messages' types, connection_init's payload, its pongs, its close code).
"""

import asyncio
import json
import os
import struct
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from graphql import ExecutionResult, build_schema, graphql_sync, parse, subscribe, validate

import websocket_peer

# The schema lives beside this script: Lazer's own tests read the same file (--schema, validation).
SDL = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "graphql_test_schema.graphql")).read()

USERS = {
    "1": {"id": "1", "name": "Ada", "email": "ada@example.test", "role": "ADMIN", "joined": "2024-01-02T03:04:05Z"},
    "2": {"id": "2", "name": "Grace", "email": None, "role": "MEMBER", "joined": None},
}
POSTS = {
    "10": {"id": "10", "title": "Notes on the engine", "tags": ["math"], "author": "1"},
    "11": {"id": "11", "title": "Compilers", "tags": [], "author": "2"},
}


def user_object(record):
    if record is None:
        return None
    result = dict(record)
    result["__typename"] = "User"
    result["posts"] = lambda info, first=10: [post_object(p) for p in POSTS.values() if p["author"] == record["id"]][
        :first
    ]
    return result


def post_object(record):
    result = dict(record)
    result["__typename"] = "Post"
    result["author"] = lambda info: user_object(USERS[record["author"]])
    return result


def fail_secret(*_):
    raise Exception("secret is not readable")


SCHEMA = build_schema(SDL)
SCHEMA.type_map["User"].fields["secret"].resolve = lambda obj, info: fail_secret()


def resolve_type(obj, *_):
    return obj["__typename"]


SCHEMA.type_map["Node"].resolve_type = resolve_type


async def ticks_source(root, info, count, everyMilliseconds=10):
    for n in range(1, count + 1):
        await asyncio.sleep(everyMilliseconds / 1000)
        yield n


def failing_source(root, info):
    raise Exception("the ticker is broken")


SUBSCRIPTION = SCHEMA.type_map["Subscription"].fields
SUBSCRIPTION["ticks"].subscribe = ticks_source
SUBSCRIPTION["ticks"].resolve = lambda event, info, **_: event
SUBSCRIPTION["failing"].subscribe = failing_source
SUBSCRIPTION["failing"].resolve = lambda event, info, **_: event
SCHEMA.type_map["SearchResult"].resolve_type = resolve_type


class Root:
    def node(self, info, id):
        if id in USERS:
            return user_object(USERS[id])
        if id in POSTS:
            return post_object(POSTS[id])
        return None

    def user(self, info, id):
        return user_object(USERS.get(id))

    def users(self, info, role=None):
        return [user_object(u) for u in USERS.values() if role is None or u["role"] == role]

    def search(self, info, text):
        needle = text.lower()
        found = [user_object(u) for u in USERS.values() if needle in u["name"].lower()]
        return found + [post_object(p) for p in POSTS.values() if needle in p["title"].lower()]

    def now(self, info):
        return "2026-12-02T00:00:00Z"

    def createPost(self, info, input):
        if input["authorId"] not in USERS:
            raise Exception(f"no user {input['authorId']}")
        return post_object({"id": "99", "title": input["title"], "tags": input.get("tags") or [],
                            "author": input["authorId"]})


LAST = {"request": None, "websocket": None}


def formatted(result):
    body = {}
    if result.errors:
        body["errors"] = [error.formatted for error in result.errors]
    if result.data is not None or not result.errors:
        body["data"] = result.data
    return body


class SubscriptionPeer:
    """One graphql-transport-ws connection: the handler's thread reads, each operation runs on a
    thread of its own (asyncio there), writes go out under a lock."""

    def __init__(self, handler, private, query):
        self.handler = handler
        self.private = private
        self.query = query
        self.lock = threading.Lock()
        self.acked = False
        self.closed = False
        self.ponged = threading.Event()
        self.stops = {}
        self.log = {"received": [], "pongs": 0, "close": None, "subprotocol": None}
        LAST["websocket"] = self.log

    def send(self, message):
        with self.lock:
            if self.closed:
                return
            self.handler.wfile.write(websocket_peer.frame(0x1, json.dumps(message).encode()))
            self.handler.wfile.flush()

    def close(self, code, reason):
        with self.lock:
            self.closed = True
            self.handler.wfile.write(websocket_peer.frame(0x8, struct.pack("!H", code) + reason.encode()))
            self.handler.wfile.flush()

    def messages(self):
        """The client's text and binary messages (unfragmented, as Lazer sends them); pings answered
        and the close answered under the write lock, so no frame of an operation's thread is cut."""
        while True:
            got = websocket_peer.read_frame_rsv(self.handler.rfile)
            if got is None:
                return
            _, _, opcode, payload = got
            if opcode == 0x8:
                for stop in self.stops.values():
                    stop.set()
                self.log["close"] = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                with self.lock:
                    if not self.closed:
                        self.closed = True
                        self.handler.wfile.write(websocket_peer.frame(0x8, payload[:2]))
                        self.handler.wfile.flush()
                return
            if opcode == 0x9:
                with self.lock:
                    self.handler.wfile.write(websocket_peer.frame(0xA, payload))
                    self.handler.wfile.flush()
            elif opcode in (0x1, 0x2):
                yield opcode, payload

    def serve(self):
        self.handler.connection.settimeout(600)
        for opcode, payload in self.messages():
            if opcode != 0x1:
                return self.close(4400, "Invalid message received")
            try:
                message = json.loads(payload)
                kind = message["type"]
            except (ValueError, KeyError, TypeError):
                return self.close(4400, "Invalid message received")
            self.log["received"].append(kind)
            if kind == "connection_init":
                if self.acked:
                    return self.close(4429, "Too many initialisation requests")
                payload = message.get("payload")
                self.log["init"] = payload
                token = payload.get("token") if isinstance(payload, dict) else None
                authorized = self.handler.headers.get("Authorization") == "Bearer graphql-token"
                if self.private and not authorized and token != "graphql-token":
                    return self.close(4403, "Forbidden")
                if self.query.get("noack") == "1":
                    continue
                self.acked = True
                self.send({"type": "connection_ack"})
                if self.query.get("ping") == "1":
                    self.send({"type": "ping"})
                else:
                    self.ponged.set()
            elif kind == "ping":
                self.send({"type": "pong"})
            elif kind == "pong":
                self.log["pongs"] += 1
                self.ponged.set()
            elif kind == "subscribe":
                if not self.acked:
                    return self.close(4401, "Unauthorized")
                self.subscribe(message.get("id"), message.get("payload") or {})
            elif kind == "complete":
                stop = self.stops.get(message.get("id"))
                if stop:
                    stop.set()
            else:
                return self.close(4400, "Invalid message received")

    def subscribe(self, ident, payload):
        try:
            document = parse(payload.get("query") or "")
        except Exception as error:
            return self.send({"type": "error", "id": ident, "payload": [{"message": str(error)}]})
        errors = validate(SCHEMA, document)
        if errors:
            return self.send({"type": "error", "id": ident, "payload": [e.formatted for e in errors]})
        stop = threading.Event()
        self.stops[ident] = stop

        async def run():
            result = await subscribe(SCHEMA, document, root_value=Root(),
                                     variable_values=payload.get("variables"),
                                     operation_name=payload.get("operationName"))
            if isinstance(result, ExecutionResult):
                self.send({"type": "next", "id": ident, "payload": formatted(result)})
            else:
                async for item in result:
                    if stop.is_set():
                        break
                    await asyncio.get_running_loop().run_in_executor(None, self.ponged.wait)
                    self.send({"type": "next", "id": ident, "payload": formatted(item)})
                await result.aclose()
            if not stop.is_set():
                self.send({"type": "complete", "id": ident})

        def thread():
            try:
                asyncio.run(run())
            except OSError:
                pass

        threading.Thread(target=thread, daemon=True).start()



class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json"):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        parts = urllib.parse.urlsplit(self.path)
        if parts.path == "/last":
            return self.answer(200, LAST["request"])
        if parts.path == "/ws-last":
            return self.answer(200, LAST["websocket"])
        if self.headers.get("Upgrade", "").lower() == "websocket":
            return self.upgrade(parts)
        if parts.path == "/schema.graphql":
            return self.answer(200, SDL.encode(), "text/plain")
        params = urllib.parse.parse_qs(parts.query)
        request = {key: values[0] for key, values in params.items()}
        if "variables" in request:
            try:
                request["variables"] = json.loads(request["variables"])
            except ValueError:
                return self.answer(400, {"errors": [{"message": "variables is not JSON"}]})
        self.execute("GET", request, "")

    def upgrade(self, parts):
        offered = [p.strip() for p in self.headers.get("Sec-WebSocket-Protocol", "").split(",")]
        if "graphql-transport-ws" not in offered:
            return self.answer(400, {"errors": [{"message": "offer the graphql-transport-ws subprotocol"}]})
        self.send_response(101)
        self.send_header("Upgrade", "websocket")
        self.send_header("Connection", "Upgrade")
        self.send_header("Sec-WebSocket-Accept", websocket_peer.accept_key(self.headers.get("Sec-WebSocket-Key", "")))
        self.send_header("Sec-WebSocket-Protocol", "graphql-transport-ws")
        self.end_headers()
        self.wfile.flush()
        self.close_connection = True
        query = {key: values[0] for key, values in urllib.parse.parse_qs(parts.query).items()}
        peer = SubscriptionPeer(self, parts.path.startswith("/private/"), query)
        peer.log["subprotocol"] = "graphql-transport-ws"
        try:
            peer.serve()
        except OSError:
            pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        text = self.rfile.read(length).decode("utf-8", "replace")
        try:
            request = json.loads(text)
        except ValueError:
            return self.answer(400, {"errors": [{"message": "the body is not JSON"}]})
        self.execute("POST", request, text)

    def execute(self, method, request, text):
        LAST["request"] = {"method": method, "path": self.path, "headers": dict(self.headers.items()), "body": text}
        if not isinstance(request, dict) or not isinstance(request.get("query"), str):
            return self.answer(400, {"errors": [{"message": "no query"}]})
        if self.path.startswith("/private/"):
            if self.headers.get("Authorization") != "Bearer graphql-token":
                return self.answer(401, {"errors": [{"message": "not authorized"}]})
            if "__schema" in request["query"] or "__type" in request["query"]:
                message = "GraphQL introspection is not allowed, but the query contained __schema or __type."
                return self.answer(400, {"errors": [{"message": message}]})
        result = graphql_sync(SCHEMA, request["query"], root_value=Root(),
                              variable_values=request.get("variables"),
                              operation_name=request.get("operationName"))
        body = {}
        if result.errors:
            body["errors"] = [error.formatted for error in result.errors]
        if result.data is not None or not result.errors:
            body["data"] = result.data
        wanted = self.headers.get("Accept") or ""
        content_type = "application/graphql-response+json" if "graphql-response+json" in wanted else "application/json"
        # graphql-response+json: a document that did not validate is a 400, as the GraphQL over HTTP draft says.
        status = 400 if result.data is None and result.errors and content_type != "application/json" else 200
        self.answer(status, body, content_type)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"PORTS http={port}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
