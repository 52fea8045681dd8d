# `lazer mock` and `lazer record --proxy` in a terminal, as a user runs them: the URL is the first
# line, each request is logged in the pane as it is answered, Ctrl+C (SIGINT from the terminal)
# stops the server with exit status 0 and closes its port; on a terminal, recording a request the
# mock environment already has asks first. Clients and the proxy's target are on 127.0.0.1.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

# fetch URL: the HTTP status on the first line, then the body; "refused" when nothing answers.
fetch() {
    python3 - "$1" <<'PY'
import sys, urllib.error, urllib.request
try:
    with urllib.request.urlopen(sys.argv[1], timeout=30) as response:
        print(response.status)
        print(response.read().decode())
except urllib.error.HTTPError as error:
    print(error.code)
    print(error.read().decode())
except OSError:
    print("refused")
PY
}

# answers URL STATUS [BODY-PATTERN]: URL answers STATUS, with a body matching the extended regexp.
answers() {
    local answer
    answer=$(fetch "$1")
    if [[ "$(head -1 <<<"$answer")" == "$2" ]] && { [[ -z "${3:-}" ]] || grep -Eq -- "$3" <<<"$answer"; }; then
        return 0
    fi
    echo "    $1 answered:" >&2
    sed 's/^/    | /' <<<"$answer" | head -20 >&2
    return 1
}

# first_line_is_url NAME: the pane's first line is the URL (what scripts read).
first_line_is_url() { screen "$1" | head -1 | grep -Eqx 'http://127\.0\.0\.1:[0-9]+'; }

# pane_url NAME: that URL.
pane_url() { screen "$1" | head -1; }

# --- lazer mock ---
start mock 120 30 "cd $(printf '%q' "$ROOT") && $(wrapper mock Collections/jsonplaceholder.json --env mock --port 0)"
required "mock: it starts and prints its URL" wait_for mock '^http://127\.0\.0\.1:[0-9]+$' 60
check "mock: the URL is the first line" first_line_is_url mock
MOCK=$(pane_url mock)
check "mock: a route answers" answers "$MOCK/posts/1" 200 '"userId"'
check "mock: a miss answers 404 naming the closest routes" answers "$MOCK/nothing" 404 '"closest"'
check "mock: the route's request is logged in the pane" wait_for mock 'GET /posts/1 → GET /posts/[^ ]+ 200'
check "mock: the miss is logged in the pane" wait_for mock 'GET /nothing → no route 404'
t send-keys -t mock C-c
check "mock: Ctrl+C stops it with exit status 0" wait_for mock '^lazer-exit=0$'
check "mock: it says it stopped" in_history mock 'stopped'
check "mock: the port is closed" answers "$MOCK/posts/1" refused
check "mock: the terminal is left in normal mode" terminal_is_normal mock

# --- lazer record --proxy ---
required "record: the target server starts" start_server target
TARGET=$PORT
cat >"$E2E_DIR/app.json" <<'JSON'
{ "formatVersion": 1, "id": "7b1c2d3e-0000-4000-8000-0000000000cc", "name": "App", "requests": [] }
JSON
proxy() {
    start "$1" 120 30 "cd $(printf '%q' "$E2E_DIR") && $(wrapper record app.json --into recorded --proxy 0 \
--target "http://127.0.0.1:$TARGET")"
}
proxy proxy
required "record: the proxy starts and prints its URL" wait_for proxy '^http://127\.0\.0\.1:[0-9]+$' 60
check "record: the URL is the first line" first_line_is_url proxy
PROXY=$(pane_url proxy)
check "record: a request is forwarded to the target" answers "$PROXY/items?page=2" 200 '"server": "target"'
check "record: another query is forwarded too" answers "$PROXY/items?page=3" 200 '"server": "target"'
check "record: the pane says it was recorded, with its query" \
    wait_for proxy 'recorded GET /items\?page=2: GET /items\?page=2 → 200'
check "record: each query is a route in the collection file" \
    wait_file "$E2E_DIR/app.json" '"value": "3"'
t send-keys -t proxy C-c
check "record: Ctrl+C stops it with exit status 0" wait_for proxy '^lazer-exit=0$'

# Recording the same requests again on a terminal asks before replacing a route; `a` replaces it
# and every later one without asking again.
proxy again
required "record again: the proxy starts" wait_for again '^http://127\.0\.0\.1:[0-9]+$' 60
AGAIN=$(pane_url again)
fetch "$AGAIN/items?page=2" >"$E2E_DIR/again.out" &
check "record again: it asks about the existing route" \
    wait_for again 'already has GET /items\?page=2; replace its answers\? \[y/N, a: replace all'
check "record again: the client has its answer while the question waits" \
    wait_file "$E2E_DIR/again.out" '"server": "target"'
keys again a Enter
check "record again: a replaces it" wait_for again 'recorded GET /items\?page=2: GET /items\?page=2 → 200'
check "record again: the next existing route is replaced without a question" answers "$AGAIN/items?page=3" 200
check "record again: ... and logged" wait_for again 'recorded GET /items\?page=3: GET /items\?page=3 → 200'
asked_once() { [[ $(history again | grep -c 'replace its answers') == 1 ]]; }
check "record again: one question in all" asked_once
two_routes() { [[ $(grep -c '"path": "/items"' "$E2E_DIR/app.json") == 2 ]]; }
check "record again: still one route per query" two_routes
t send-keys -t again C-c
check "record again: Ctrl+C stops it with exit status 0" wait_for again '^lazer-exit=0$'

finish
