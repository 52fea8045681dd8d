# `lazer export --format locust` for real: Locust from PyPI (scripts/locust-venv.sh, pinned) runs
# the exported file headless as one master and two workers on loopback against a small test
# server. The collection logs in (a secret password read from LAZER_VAR_password), lists items
# with the captured token and asks for a version whose expectation fails on purpose. With 4 users
# × 3 iterations, Locust's stats CSV must show 12 requests of each, no failure but the version's
# 12, and the checks threshold failing (exit status 1) while the errors one holds. Then the open
# model in one process: a ramp, and exit status 0 when its threshold holds.
source "$(dirname "$0")/lib.sh"

root="$(cd "$(dirname "$0")/../.." && pwd)"
if ! locust=$("$root/scripts/locust-venv.sh"); then
    check "the Locust virtualenv is made (scripts/locust-venv.sh)" false
    finish
    exit
fi
pids=()
stop_all() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    cleanup
}
trap stop_all EXIT

cat >"$E2E_DIR/server.py" <<'PY'
import json, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, body, kind="application/json"):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        sent = json.loads(self.rfile.read(length) or b"{}")
        if self.path == "/login" and sent.get("password") == "s3cret":
            self.answer(200, json.dumps({"token": "t-" + sent.get("user", "")}))
        else:
            self.answer(401, "{}")

    def do_GET(self):
        if self.path.startswith("/items") and self.headers.get("Authorization") == "Bearer t-ada":
            self.answer(200, json.dumps({"items": [{"name": "tea", "price": 3}]}))
        elif self.path == "/version":
            self.answer(200, "1.0", "text/plain")
        else:
            self.answer(401, "{}")

    def log_message(self, *args):
        pass

server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
PY

cat >"$E2E_DIR/shop.json" <<'JSON'
{
  "formatVersion": 1,
  "id": "5ba4d000-0000-4000-8000-00000000a29e",
  "name": "Locust shop",
  "variables": [{"name": "user", "value": "ada"}, {"name": "password", "value": "", "secret": true}],
  "requests": [
    {"id": "login", "name": "Log in", "method": "POST", "url": "/login",
     "body": {"type": "json", "json": {"user": "{{user}}", "password": "{{password}}"}},
     "captures": [{"variable": "token", "from": "jsonPath", "path": "$.token"}],
     "expectations": [{"subject": "status", "op": "equals", "value": 200}]},
    {"id": "items", "name": "Items", "method": "GET", "url": "/items",
     "auth": {"type": "bearer", "token": "{{token}}"},
     "expectations": [{"subject": "status", "op": "equals", "value": 200},
                      {"subject": "jsonPath", "path": "$.items[0].name", "op": "equals", "value": "tea"}]},
    {"id": "version", "name": "Version", "method": "GET", "url": "/version",
     "expectations": [{"subject": "body", "op": "equals", "value": "2.0"}]}
  ],
  "environments": [{"name": "local", "baseURL": "http://127.0.0.1:1"}]
}
JSON

cd "$E2E_DIR" || exit 1
"$LAZER" export shop.json --format locust --env local --vus 4 --iterations 3 \
    --threshold 'errors<1%' --threshold 'checks>=99%' -o locustfile.py 2>export.err
check "lazer export --format locust writes the file" test -s locustfile.py
check "the password is not in the file" bash -c '! grep -q s3cret locustfile.py'

exec 3< <(python3 server.py 2>server.err)
pids+=($!)
read -r -t 30 port <&3
check "the test server listens" test -n "${port:-}"
master_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

export LAZER_VAR_password=s3cret
timeout 240 "$locust" -f locustfile.py --headless --master --master-bind-host 127.0.0.1 \
    --master-bind-port "$master_port" --expect-workers 2 --expect-workers-max-wait 120 \
    --host "http://127.0.0.1:$port" --csv run >master.out 2>master.err &
master=$!
pids+=($master)
for _ in 1 2; do
    timeout 240 "$locust" -f locustfile.py --worker --master-host 127.0.0.1 --master-port "$master_port" \
        >>workers.out 2>&1 &
    pids+=($!)
done
wait "$master"
status=$?
check "Locust exits 1: the checks threshold fails (status $status)" test "$status" -eq 1
check "the errors threshold held" grep -q "threshold errors<1%: passed" master.out
check "the checks threshold failed" grep -q "threshold checks>=99%: FAILED" master.out
check "two workers took part" grep -q "2 workers connected\|Sending spawn jobs of 4 users" master.err

# Type,Name,Request Count,Failure Count,…
row() { awk -F, -v name="$1" '$2 == name { print $3 "," $4 }' run_stats.csv; }
check "Log in: 12 requests, no failure (the secret and the capture worked)" test "$(row 'Log in')" = "12,0"
check "Items: 12 requests, no failure (the captured token was sent)" test "$(row Items)" = "12,0"
check "Version: 12 requests, 12 failures (its expectation fails)" test "$(row Version)" = "12,12"
check "Aggregated: 36 requests, 12 failures" test "$(row Aggregated)" = "36,12"

# The open model, in one process: a 2 s ramp to 6/s held 2 s (18 requests planned, paced users).
# The errors threshold holds, so Locust exits 0 although Version's expectation fails, as lazer load would.
"$LAZER" export shop.json --format locust --env local --stage 2s:6/s --stage 2s:6/s \
    --threshold 'errors<1%' -o open.py 2>open.err
timeout 120 "$locust" -f open.py --headless --host "http://127.0.0.1:$port" --csv open >open.out 2>open.stderr
status=$?
check "the open model's run exits 0: its threshold held (status $status)" test "$status" -eq 0
check "the report says Locust paces users" grep -q "Locust paces users instead" open.err
open_row() { awk -F, -v name="$1" '$2 == name { print $3 "," $4 }' open_stats.csv; }
IFS=, read -r version_count version_failures <<<"$(open_row Version)"
IFS=, read -r total_count _ <<<"$(open_row Aggregated)"
check "open model: Version fails each time ($version_count requests)" \
    test "${version_count:-0}" -gt 0 -a "${version_failures:-x}" = "${version_count:-y}"
check "open model: Log in never fails" test "$(open_row 'Log in' | cut -d, -f2)" = 0
check "open model: about the 18 planned requests (${total_count:-none})" \
    test "${total_count:-0}" -ge 9 -a "${total_count:-0}" -le 24

if [[ $failed -gt 0 ]]; then
    echo "--- master stderr"; tail -30 master.err; echo "--- stats"; cat run_stats.csv 2>/dev/null
    echo "--- workers"; tail -20 workers.out
fi
finish
