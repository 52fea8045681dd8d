# Dynamic values with arguments, sent for real to a server on 127.0.0.1 (explorer_server.py): the
# explorer's preview shows still samples, F5 sends the computed values ($randomInt MIN MAX with MAX
# excluded, $dotenv from the .env beside the collection, $date in a pattern) and the server sees
# them; a bad argument is shown and nothing leaves. `lazer run` sends the same and exits 2 when a
# value is missing.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
required "the alpha server starts" start_server alpha
ALPHA=$PORT
YEAR=$(date -u +%Y)

# not_logged PATTERN: no line of the server's log matches the extended regexp.
not_logged() { ! grep -qE -- "$1" "$LOG"; }

mkdir -p "$E2E_DIR/dyn"
cat >"$E2E_DIR/dyn/dynamic.json" <<EOF
{
  "formatVersion": 1,
  "id": "e2e-explorer-dynamic",
  "name": "Dynamic",
  "defaultEnvironment": "alpha",
  "requests": [
    {"id": "dice", "name": "Dice", "method": "GET", "url": "/who?n={{\$randomInt 5 6}}&k={{\$dotenv KEY}}&y={{\$date YYYY}}"},
    {"id": "bad", "name": "Bad", "method": "GET", "url": "/who?n={{\$randomInt 6 5}}"}
  ],
  "environments": [
    {"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$ALPHA"}
  ]
}
EOF
printf '# beside the collection\nKEY=e2e-key-1\n' >"$E2E_DIR/dyn/.env"

explorer dyn "$E2E_DIR/dyn" tui dynamic.json
required "start: the collection appears" wait_for dyn "GET   Bad"
keys dyn g g
keys dyn j
keys dyn Enter
required "open: Dice is opened" wait_for dyn "Request · Dice"
check "preview: still samples, \$dotenv as written" \
    wait_for dyn "→ http://127\.0\.0\.1:$ALPHA/who\?n=5&k=\{\{\\\$dotenv KEY\}\}&y=1970"
keys dyn F5
check "send: the server gets the computed values" wait_file "$LOG" "^alpha GET /who\?n=5&k=e2e-key-1&y=$YEAR$"
check "send: the response is shown" wait_for dyn "200 OK"

# g 1: back to the collections pane.
keys dyn g 1
keys dyn g g
keys dyn j j
keys dyn Enter
required "open: Bad is opened" wait_for dyn "Request · Bad"
keys dyn F5
check "bad argument: the send is blocked with the reason" \
    wait_for dyn "MIN \(6\) must be less than MAX \(5\), which is excluded"
check "bad argument: nothing reached the server" not_logged "n=6"
check "bad argument: the card's title says the real problem" wait_for dyn "✖ \{\{\\\$randomInt 6 5\}\} cannot be computed"
check "bad argument: ... not unresolved variables" stays_absent dyn "Unresolved variables" 1
keys dyn Escape
check "bad argument: Esc closes the card" wait_gone dyn "cannot be computed"
keys dyn C-q
check "quit: lazer exits with status 0" wait_for dyn "lazer-exit=0"

# --- lazer run ---------------------------------------------------------------------------------
: >"$LOG"
start run 120 30 "cd $(printf '%q' "$E2E_DIR/dyn") && $(wrapper run dynamic.json --request dice --no-history)"
check "run: the request is sent with the computed values" \
    wait_file "$LOG" "^alpha GET /who\?n=5&k=e2e-key-1&y=$YEAR$"
check "run: exits 0" wait_for run "lazer-exit=0"
printf 'OTHER=1\n' >"$E2E_DIR/dyn/.env"
start run2 120 30 "cd $(printf '%q' "$E2E_DIR/dyn") && $(wrapper run dynamic.json --request dice --no-history)"
check "run: a name missing from .env is said clearly" wait_for run2 "KEY is not in \./\.env"
check "run: ... and it exits 2" wait_for run2 "lazer-exit=2"
finish
