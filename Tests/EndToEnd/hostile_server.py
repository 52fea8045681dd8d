"""A test server on 127.0.0.1 for the HTML report's browser test: every answer carries markup a
report must show as text, never run. Prints its port on the first line, then serves until killed.

GET /hostile  200, text/html: a script, a closing textarea, an image with onerror, a javascript:
              link, control characters; a hostile header too.
GET /echo     200, JSON: echoes the Authorization header it got (the report must mask it).
GET /json     200, JSON: {"name": "Ada"}.
anything else 404.
"""
import http.server
import json
import sys

HOSTILE = (
    "<script>document.title='pwned'</script>"
    "</textarea><textarea>"
    "<img src=x onerror=\"document.title='pwned-img'\">"
    "<a id=\"injected-link\" href=\"javascript:document.title='pwned-link'\">click</a>"
    "\x1b[31m\x07\u202e"
    "<iframe src=\"javascript:alert(1)\"></iframe>"
)


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path == "/hostile":
            self.answer(200, "text/html", HOSTILE, extra=[("X-Evil", "<script>document.title='pwned-header'</script>")])
        elif self.path == "/echo":
            self.answer(200, "application/json", json.dumps({"authorization": self.headers.get("Authorization", "")}))
        elif self.path == "/json":
            self.answer(200, "application/json", json.dumps({"name": "Ada"}))
        else:
            self.answer(404, "text/plain", "no such page")

    def answer(self, status, content_type, text, extra=()):
        body = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
