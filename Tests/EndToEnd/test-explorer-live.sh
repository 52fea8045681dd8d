# The explorer against live servers on 127.0.0.1 (explorer_server.py; nothing leaves the machine):
# switching the environment with F2 sends the next request to the other server; a closed port
# shows the translated error card; a slow server is cancelled with Esc and sees its connection close;
# saving the collection, opened as one file, is not mistaken for another program's change; the
# Load view load tests a request against the alpha server for 2 s, then a second test is stopped.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
required "the alpha server starts" start_server alpha
ALPHA=$PORT
required "the beta server starts" start_server beta
BETA=$PORT
DEAD=$(closed_port)

# last_log_line_is LINE: the servers' log ends with LINE (who answered the last request).
last_log_line_is() {
    local last
    last=$(tail -1 "$LOG")
    [[ "$last" == "$1" ]] && return 0
    echo "    the servers' last log line is \"$last\", expected \"$1\"" >&2
    return 1
}

# not_logged LINE: no line of the servers' log is LINE.
not_logged() { ! grep -qx -- "$1" "$LOG"; }

mkdir -p "$E2E_DIR/live"
cat >"$E2E_DIR/live/loopback.json" <<EOF
{
  "formatVersion": 1,
  "id": "e2e-explorer-loopback",
  "name": "Loopback",
  "defaultEnvironment": "alpha",
  "requests": [
    {"id": "who", "name": "Who answers", "method": "GET", "url": "/who"},
    {"id": "slow", "name": "Slow answer", "method": "GET", "url": "/slow"}
  ],
  "environments": [
    {"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$ALPHA"},
    {"name": "beta", "kind": "live", "baseURL": "http://127.0.0.1:$BETA"},
    {"name": "dead", "kind": "live", "baseURL": "http://127.0.0.1:$DEAD"}
  ]
}
EOF

# One collection file in the current folder (the file-watching path the folder tests do not take).
explorer live "$E2E_DIR/live" tui loopback.json
required "start: the loopback collection appears" wait_for live "GET   Slow answer"
check "start: its default environment is selected" wait_for live "env ▸ alpha \(live\)"
keys live g g
check "browse: g g selects the first row" wait_for live "  1/3  ─╯"
keys live j
check "browse: j selects Who answers" wait_for live "  2/3  ─╯"
keys live Enter
required "browse: Enter opens it" wait_for live "Request · Who answers"
check "browse: the URL goes to the alpha server" wait_for live "→ http://127\.0\.0\.1:$ALPHA/who "

# --- Environment switch ------------------------------------------------------------------------
keys live F5
check "alpha: the answer comes from alpha" wait_for live 'server: "alpha"'
check "alpha: the status line says live (alpha)" wait_for live " 200 OK .*live \(alpha\)"
check "alpha: the alpha server logged the request" last_log_line_is "alpha GET /who"
keys live F2
check "F2: the picker lists the environments" wait_for live "Environments · Loopback"
check "F2: with their base URLs" wait_for live "beta +live  http://127\.0\.0\.1:$BETA"
keys live j
keys live Enter
required "F2: j, Enter switches to beta" wait_for live "env ▸ beta \(live\)"
check "F2: the picker closed" wait_gone live "Environments · Loopback"
check "beta: the URL preview follows at once" wait_for live "→ http://127\.0\.0\.1:$BETA/who "
keys live F5
check "beta: the next answer comes from beta" wait_for live 'server: "beta"'
check "beta: the status line says live (beta)" wait_for live " 200 OK .*live \(beta\)"
check "beta: the beta server logged the request" last_log_line_is "beta GET /who"
check "beta: the request's history holds both exchanges" wait_for live "History 2"

# --- Dead server -------------------------------------------------------------------------------
keys live F2
check "dead: F2 opens the picker" wait_for live "Environments · Loopback"
keys live j
keys live Enter
check "dead: switched to the closed port" wait_for live "env ▸ dead \(live\)"
keys live F5
check "dead: the error card's title is the translation's" wait_for live "✖ Connection refused"
check "dead: it explains" \
    wait_for live "127\.0\.0\.1:$DEAD refused the connection: nothing is listening on that port\."
check "dead: it says where the URL came from" wait_for live "Where: the base URL of environment \"dead\""
check "dead: it gives the hint" wait_for live "Try: Check the server is running and the port in the URL is right\."
check "dead: it offers a retry" wait_for live "r retry +F2 environment"
check "dead: the technical detail is folded below" wait_for live "▸ Details t"
keys live t
check "dead: t unfolds the technical detail" wait_for live "TransportError\.connectionRefused"
check "dead: the old body is not shown as current" wait_gone live 'server: "beta"'

# --- Slow server, cancelled with Esc -----------------------------------------------------------
keys live F2
check "slow: F2 opens the picker" wait_for live "Environments · Loopback"
keys live k
keys live k
keys live Enter
check "slow: back on alpha" wait_for live "env ▸ alpha \(live\)"
keys live g 1
check "slow: g 1 focuses the collections" wait_for live "/ filter as you type"
keys live j
check "slow: j selects Slow answer" wait_for live "  3/3  ─╯"
keys live Enter
required "slow: Enter opens it" wait_for live "Request · Slow answer"
keys live F5
check "slow: the request is in flight" wait_for live "Esc cancels"
check "slow: the server has the request" wait_file "$LOG" "^alpha GET /slow$"
check "slow: Esc cancels within a second" press_within live Escape " cancelled  · " 1000
check "slow: the card says when and in which stage it was cancelled" \
    wait_for live "✖ Cancelled after .*, while waiting for the first byte\. r sends it again\."
check "slow: nothing is in flight any more" wait_gone live "in flight"
check "slow: the server sees the connection close (long before its 10 s)" \
    wait_file "$LOG" "^alpha slow client-closed$" 5
check "slow: the server never answered" not_logged "alpha slow answered"

# --- Saving a file opened by its name: its own save is not taken for a change on disk -----------
keys live M-m
check "save: Alt+M changes the method" wait_for live "│POST /slow +│"
check "save: ... in a draft" wait_for live "Request · Slow answer ●"
keys live C-s
check "save: Ctrl+S saves the file" wait_for live "Saved loopback\.json"
check "save: the file has the new method" wait_file "$E2E_DIR/live/loopback.json" '"method": "POST"'
check "save: lazer does not report its own save as a change on disk" stays_absent live "Reloaded|changed on disk" 1
check "save: the draft is gone" wait_gone live "● 1 unsaved"
check "save: the collections pane shows the saved method" wait_for live "POST  Slow answer"

# --- The Load view: a load test of Who answers against the alpha server ---------------------------
keys live g 1
keys live k
check "load: k selects Who answers" wait_for live "  2/3  ─╯"
keys live L
required "load: L opens the Load view's form" wait_for live "Load test · Who answers · Loopback"
keys live Tab
keys live BSpace BSpace BSpace
t send-keys -t live -l "2s"
keys live Enter
check "load: Enter starts it" wait_for live "running · .* target 20\.0/s"
check "load: the numbers tick in each second" wait_for live "p50 [0-9.]+ (ms|µs) +p90"
check "load: it ends with the thresholds' verdicts" wait_for live "✓ threshold errors<1%: passed"
# 40 requests (20/s for 2 s) and the two sends of the environment switch above.
check "load: the requests reached the alpha server" test "$(grep -cx 'alpha GET /who' "$LOG")" -ge 41
check "load: every request got its 200" wait_for live "statuses 200 × 40"
keys live r
check "load: r opens the form again" wait_for live "Enter start"
keys live Enter
check "load: a second run starts" wait_for live "running · "
keys live s
check "load: s stops it, keeping the result" wait_for live "Load test stopped: [0-9]+ requests"
keys live Escape
check "load: Esc closes the view" wait_gone live "Load test · Who answers"

keys live q
check "quit: q without drafts exits at once with status 0" wait_for live "lazer-exit=0"
check "quit: the terminal is back in normal mode" terminal_is_normal live
finish
