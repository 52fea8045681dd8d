# {{$prompt}} and {{$select}} from the explorer, sent for real to a server on 127.0.0.1
# (explorer_server.py): the preview says the value is asked at send, F5 asks (a credential's
# label typed masked), the server receives the answers, the next send is pre-filled, Esc sends
# nothing and says so, and the state store never holds the credential's answer; a Query row
# dragged with the mouse moves. `lazer run`
# without a --var fails at once and names it; with one it sends it.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
required "the alpha server starts" start_server alpha
ALPHA=$PORT

# count_is N PATTERN: exactly N lines of the server's log match the extended regexp.
count_is() { [[ "$(grep -cE -- "$2" "$LOG")" -eq "$1" ]]; }
# wait_count N PATTERN: polls until count_is holds.
wait_count() {
    local deadline=$((SECONDS + E2E_TIMEOUT))
    while ((SECONDS < deadline)); do
        count_is "$1" "$2" && return 0
        sleep 0.05
    done
    echo "    timed out waiting for $1 lines matching /$2/" >&2
    return 1
}
# not_stored TEXT: no file of the state directory holds TEXT.
not_stored() { ! grep -raq -- "$1" "$XDG_STATE_HOME"; }

mkdir -p "$E2E_DIR/prompts"
cat >"$E2E_DIR/prompts/prompts.json" <<EOF
{
  "formatVersion": 1,
  "id": "e2e-explorer-prompts",
  "name": "Prompts",
  "defaultEnvironment": "alpha",
  "requests": [
    {"id": "order", "name": "Order", "method": "GET",
     "url": "/orders/{{\$prompt \"Order id\"}}?region={{\$select \"Region\" eu us}}&key={{\$prompt \"API key\"}}"},
    {"id": "rows", "name": "Rows", "method": "GET", "url": "/rows",
     "query": [{"name": "a", "value": "1"}, {"name": "b", "value": "2"}, {"name": "c", "value": "3"}]}
  ],
  "environments": [
    {"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$ALPHA"}
  ]
}
EOF
SENT='^alpha GET /orders/A-17\?region=us&key=k3y-e2e$'

explorer pr "$E2E_DIR/prompts" tui prompts.json
required "start: the collection appears" wait_for pr "GET   Order"
required "open: Order, the first request, is opened" wait_for pr "Request · Order"
check "preview: the prompts are asked at send" wait_for pr '→ http://127\.0\.0\.1:[0-9]+/orders/.*…  \? asked at send: "Order id", "Region", "API key"'
keys pr F5
required "send: the first prompt opens" wait_for pr "Order id \(1 of 3\)"
literal pr "A-17"
keys pr Enter
required "send: the select opens" wait_for pr "Region \(2 of 3\)"
keys pr Down Enter
required "send: the credential's prompt opens" wait_for pr "API key \(3 of 3\)"
literal pr "k3y-e2e"
check "send: a credential is typed masked" wait_for pr "•••••••"
check "send: ... never shown in clear" wait_gone pr "k3y-e2e"
keys pr Enter
check "send: the server receives the answers" wait_file "$LOG" "$SENT"
check "send: the response is shown" wait_for pr "200 OK"

keys pr F5
required "second send: asked again" wait_for pr "Order id \(1 of 3\)"
check "second send: pre-filled with the last answer" wait_for pr "│ *A-17"
keys pr Enter Enter Enter
check "second send: the server receives the same answers" wait_count 2 "$SENT"

keys pr F5
required "third send: asked" wait_for pr "Order id \(1 of 3\)"
keys pr Escape
check "Esc: the status line says nothing was sent" wait_for pr 'Not sent: "Order id" was not answered'
sleep 0.5
check "Esc: nothing more reached the server" count_is 2 '^alpha GET /orders/'
# --- a Query row dragged with the mouse (raw SGR reports typed into the pane, as a terminal sends) ---
# row_cell NAME TEXT: the 1-based "X Y" of the first cell of the table row showing TEXT.
row_cell() {
    screen "$1" | awk -v text="$2" '{ i = index($0, text); if (i) { print i + 3, NR; exit } }'
}
# mouse NAME BUTTON X Y M|m: one SGR report (M: press or drag, m: release) at the 1-based cell X,Y.
mouse() { t send-keys -t "$(pane "$1")" -l $'\e'"[<$2;$3;$4$5"; }
read -r RX RY < <(row_cell pr "GET   Rows")
mouse pr 0 "$RX" "$RY" M
mouse pr 0 "$RX" "$RY" m
required "rows: a click opens Rows" wait_for pr "Request · Rows"
keys pr M-1
required "rows: the Query table shows" wait_for pr "\[x\]  c "
read -r AX AY < <(row_cell pr "[x]  a ")
read -r _ CY < <(row_cell pr "[x]  c ")
mouse pr 0 "$AX" "$AY" M
mouse pr 32 "$AX" $((AY + 1)) M
mouse pr 32 "$AX" "$CY" M
mouse pr 0 "$AX" "$CY" m
check "rows: dragging a to the last row sends it last" wait_for pr "GET /rows\?b=2&c=3&a=1"
keys pr C-q
required "quit: asks about the unsaved draft" wait_for pr "Unsaved edits"
sleep 0.7  # keys typed before a question could be seen answer nothing
keys pr M-d
check "quit: lazer exits with status 0" wait_for pr "lazer-exit=0"
check "history: the credential's answer is not stored in clear" not_stored "k3y-e2e"

# --- lazer run ---------------------------------------------------------------------------------
start run 120 30 "cd $(printf '%q' "$E2E_DIR/prompts") && $(wrapper run prompts.json --no-history --var Region=eu)"
check "run: without --var the prompt's label and the --var to pass are named" \
    wait_for run "pass --var 'Order id=VALUE'"
check "run: ... and it exits 2" wait_for run "lazer-exit=2"
start run2 120 30 "cd $(printf '%q' "$E2E_DIR/prompts") && $(wrapper run prompts.json --no-history --var 'Order id=B-2' --var Region=eu --var 'API key=x')"
check "run: --var answers it" wait_file "$LOG" '^alpha GET /orders/B-2\?region=eu&key=x$'
check "run: exits 0" wait_for run2 "lazer-exit=0"
finish
