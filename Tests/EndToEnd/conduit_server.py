#!/usr/bin/env python3
"""An in-memory RealWorld "Conduit" API on 127.0.0.1, for test-scripts-conduit.sh (stdlib only).

Usage: conduit_server.py [PORT] [--quirks]. Binds 127.0.0.1 on PORT (0 or none: a free port),
prints the port on a line of its own and serves under /api until killed. Each request is logged
to stderr as `METHOD PATH STATUS`.

It follows the RealWorld spec (api/openapi.yml of gothinkster/realworld): bodies
`{"user": {...}}`, `{"profile": {...}}`, `{"article": {...}}`, `{"articles": [...],
"articlesCount": n}`, `{"comment": {...}}`, `{"comments": [...]}`, `{"tags": [...]}`, errors
`{"errors": {"body": [...]}}`; `Authorization: Token <jwt>` (an HS256 JWT signed here); 201 for a
new user or article, 204 for a deleted article or comment, 401 without a valid token where one is
required, 403 for another user's article or comment, 404 for what does not exist, 422 for invalid
input. Timestamps are ISO 8601 with milliseconds (`2024-05-01T12:00:00.123Z`); an article's
`tagList` is sorted (the Conduit collection expects ["dragons", "training"] back for
["training", "dragons"], as the reference implementations return it); lists are newest first.

--quirks answers as a sloppy server would, so that the test can see failed checks reported as
failed: users lack "image", timestamps have no fraction of a second, tags stay in the order given,
and the `favorited` filter of GET /api/articles is not implemented (it finds no article).
"""

import base64
import hashlib
import hmac
import json
import re
import sys
import threading
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

QUIRKS = "--quirks" in sys.argv[1:]
SECRET = b"conduit-e2e-secret"
lock = threading.Lock()

users = {}  # username -> {"email", "username", "password", "bio", "image", "following": set()}
articles = []  # dicts, oldest first
comments = {}  # slug -> [comment dicts]
next_comment_id = [1]


class Failure(Exception):
    def __init__(self, status, message=None):
        super().__init__(message)
        self.status = status
        self.message = message


def now():
    moment = datetime.now(timezone.utc)
    if QUIRKS:
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def token_for(username):
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = b64url(json.dumps({"username": username, "iat": int(datetime.now().timestamp())}).encode())
    signature = b64url(hmac.new(SECRET, f"{header}.{payload}".encode(), hashlib.sha256).digest())
    return f"{header}.{payload}.{signature}"


def username_of(token):
    parts = token.split(".")
    if len(parts) != 3:
        return None
    expected = b64url(hmac.new(SECRET, f"{parts[0]}.{parts[1]}".encode(), hashlib.sha256).digest())
    if not hmac.compare_digest(expected, parts[2]):
        return None
    try:
        payload = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except ValueError:
        return None
    name = payload.get("username")
    return name if name in users else None


def user_json(user):
    body = {"email": user["email"], "token": token_for(user["username"]), "username": user["username"],
            "bio": user["bio"], "image": user["image"]}
    if QUIRKS:
        del body["image"]
    return {"user": body}


def profile(user, viewer):
    return {"username": user["username"], "bio": user["bio"], "image": user["image"],
            "following": viewer is not None and user["username"] in viewer["following"]}


def article_json(article, viewer, with_body=True):
    body = {
        "slug": article["slug"], "title": article["title"], "description": article["description"],
        "tagList": list(article["tagList"]), "createdAt": article["createdAt"], "updatedAt": article["updatedAt"],
        "favorited": viewer is not None and viewer["username"] in article["favoritedBy"],
        "favoritesCount": len(article["favoritedBy"]),
        "author": profile(users[article["author"]], viewer),
    }
    if with_body:
        body["body"] = article["body"]
    return body


def comment_json(comment, viewer):
    return {"id": comment["id"], "createdAt": comment["createdAt"], "updatedAt": comment["updatedAt"],
            "body": comment["body"], "author": profile(users[comment["author"]], viewer)}


def find_article(slug):
    for article in articles:
        if article["slug"] == slug:
            return article
    raise Failure(404, "article not found")


def slugify(title):
    base = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "article"
    slug, n = base, 1
    while any(a["slug"] == slug for a in articles):
        n += 1
        slug = f"{base}-{n}"
    return slug


def required(body, key, *fields):
    if not isinstance(body, dict) or not isinstance(body.get(key), dict):
        raise Failure(422, f"{key} is missing")
    value = body[key]
    for field in fields:
        if not isinstance(value.get(field), str) or not value[field]:
            raise Failure(422, f"{field} can't be blank")
    return value


def page(items, query):
    try:
        limit = int(query.get("limit", ["20"])[0])
        offset = int(query.get("offset", ["0"])[0])
    except ValueError:
        raise Failure(422, "limit and offset must be integers")
    return items[offset:offset + limit]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, value=None):
        data = b"" if value is None else json.dumps(value).encode()
        self.send_response(status)
        if value is not None:
            self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        print(f"{self.command} {self.path} {status}", file=sys.stderr, flush=True)

    def viewer(self, required_auth):
        header = self.headers.get("Authorization", "")
        if header.startswith("Token "):
            name = username_of(header[len("Token "):].strip())
            if name is not None:
                return users[name]
        if required_auth:
            raise Failure(401, "missing or invalid token")
        return None

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        segments = [unquote(s) for s in parts.path.split("/") if s]
        try:
            body = json.loads(raw) if raw.strip() else None
        except ValueError:
            body = None
            if self.command in ("POST", "PUT"):
                return self.answer(422, {"errors": {"body": ["the body is not JSON"]}})
        try:
            with lock:
                if not segments or segments[0] != "api":
                    raise Failure(404, "not found")
                status, value = self.route(self.command, segments[1:], query, body)
        except Failure as failure:
            if failure.status == 401:
                return self.answer(401, {"errors": {"body": [failure.message or "unauthorized"]}})
            return self.answer(failure.status, {"errors": {"body": [failure.message or "error"]}})
        self.answer(status, value)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_any

    def route(self, method, path, query, body):
        match (method, path):
            # Users and authentication
            case ("POST", ["users"]):
                fields = required(body, "user", "username", "email", "password")
                if fields["username"] in users or any(u["email"] == fields["email"] for u in users.values()):
                    raise Failure(422, "username or email has already been taken")
                user = {"email": fields["email"], "username": fields["username"], "password": fields["password"],
                        "bio": None, "image": None, "following": set()}
                users[user["username"]] = user
                return 201, user_json(user)
            case ("POST", ["users", "login"]):
                fields = required(body, "user", "email", "password")
                for user in users.values():
                    if user["email"] == fields["email"] and user["password"] == fields["password"]:
                        return 200, user_json(user)
                raise Failure(401, "email or password is invalid")
            case ("GET", ["user"]):
                return 200, user_json(self.viewer(True))
            case ("PUT", ["user"]):
                user = self.viewer(True)
                fields = required(body, "user")
                if "email" in fields and any(u["email"] == fields["email"] and u is not user for u in users.values()):
                    raise Failure(422, "email has already been taken")
                if "username" in fields and fields["username"] != user["username"]:
                    raise Failure(422, "this server does not rename users")
                for key in ("email", "password", "bio", "image"):
                    if key in fields:
                        user[key] = fields[key]
                return 200, user_json(user)
            # Profiles
            case ("GET", ["profiles", name]):
                viewer = self.viewer(False)
                if name not in users:
                    raise Failure(404, "profile not found")
                return 200, {"profile": profile(users[name], viewer)}
            case (("POST" | "DELETE") as verb, ["profiles", name, "follow"]):
                viewer = self.viewer(True)
                if name not in users:
                    raise Failure(404, "profile not found")
                if verb == "POST":
                    viewer["following"].add(name)
                else:
                    viewer["following"].discard(name)
                return 200, {"profile": profile(users[name], viewer)}
            # Articles
            case ("GET", ["articles"]):
                viewer = self.viewer(False)
                chosen = list(reversed(articles))
                if "tag" in query:
                    chosen = [a for a in chosen if query["tag"][0] in a["tagList"]]
                if "author" in query:
                    chosen = [a for a in chosen if a["author"] == query["author"][0]]
                if "favorited" in query:
                    chosen = [] if QUIRKS else [a for a in chosen if query["favorited"][0] in a["favoritedBy"]]
                shown = page(chosen, query)
                return 200, {"articles": [article_json(a, viewer, False) for a in shown], "articlesCount": len(chosen)}
            case ("GET", ["articles", "feed"]):
                viewer = self.viewer(True)
                chosen = [a for a in reversed(articles) if a["author"] in viewer["following"]]
                shown = page(chosen, query)
                return 200, {"articles": [article_json(a, viewer, False) for a in shown], "articlesCount": len(chosen)}
            case ("POST", ["articles"]):
                viewer = self.viewer(True)
                fields = required(body, "article", "title", "description", "body")
                tags = fields.get("tagList") or []
                if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
                    raise Failure(422, "tagList must be an array of strings")
                stamp = now()
                article = {"slug": slugify(fields["title"]), "title": fields["title"],
                           "description": fields["description"], "body": fields["body"],
                           "tagList": list(dict.fromkeys(tags)) if QUIRKS else sorted(set(tags)),
                           "createdAt": stamp, "updatedAt": stamp, "favoritedBy": set(), "author": viewer["username"]}
                articles.append(article)
                comments[article["slug"]] = []
                return 201, {"article": article_json(article, viewer)}
            case ("GET", ["articles", slug]):
                viewer = self.viewer(False)
                return 200, {"article": article_json(find_article(slug), viewer)}
            case ("PUT", ["articles", slug]):
                viewer = self.viewer(True)
                article = find_article(slug)
                if article["author"] != viewer["username"]:
                    raise Failure(403, "only the author may change an article")
                fields = required(body, "article")
                for key in ("title", "description", "body"):
                    if key in fields:
                        if not isinstance(fields[key], str) or not fields[key]:
                            raise Failure(422, f"{key} can't be blank")
                        article[key] = fields[key]
                if "title" in fields:
                    old = article["slug"]
                    article["slug"] = ""  # so that its own old slug does not count as taken
                    article["slug"] = slugify(fields["title"])
                    comments[article["slug"]] = comments.pop(old)
                article["updatedAt"] = now()
                return 200, {"article": article_json(article, viewer)}
            case ("DELETE", ["articles", slug]):
                viewer = self.viewer(True)
                article = find_article(slug)
                if article["author"] != viewer["username"]:
                    raise Failure(403, "only the author may delete an article")
                articles.remove(article)
                comments.pop(slug, None)
                return 204, None
            case (("POST" | "DELETE") as verb, ["articles", slug, "favorite"]):
                viewer = self.viewer(True)
                article = find_article(slug)
                if verb == "POST":
                    article["favoritedBy"].add(viewer["username"])
                else:
                    article["favoritedBy"].discard(viewer["username"])
                return 200, {"article": article_json(article, viewer)}
            # Comments
            case ("GET", ["articles", slug, "comments"]):
                viewer = self.viewer(False)
                find_article(slug)
                return 200, {"comments": [comment_json(c, viewer) for c in comments[slug]]}
            case ("POST", ["articles", slug, "comments"]):
                viewer = self.viewer(True)
                find_article(slug)
                fields = required(body, "comment", "body")
                stamp = now()
                comment = {"id": next_comment_id[0], "createdAt": stamp, "updatedAt": stamp, "body": fields["body"],
                           "author": viewer["username"]}
                next_comment_id[0] += 1
                comments[slug].append(comment)
                return 200, {"comment": comment_json(comment, viewer)}
            case ("DELETE", ["articles", slug, "comments", ident]):
                viewer = self.viewer(True)
                find_article(slug)
                for comment in comments[slug]:
                    if str(comment["id"]) == ident:
                        if comment["author"] != viewer["username"]:
                            raise Failure(403, "only the author may delete a comment")
                        comments[slug].remove(comment)
                        return 204, None
                raise Failure(404, "comment not found")
            # Tags
            case ("GET", ["tags"]):
                tags = []
                for article in articles:
                    tags.extend(t for t in article["tagList"] if t not in tags)
                return 200, {"tags": tags}
        raise Failure(404, f"no route for {method} /api/{'/'.join(path)}")


def main():
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    port = int(numbers[0]) if numbers else 0
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
