# The history browser (Alt+H) against a loopback server: two requests sent, the browser lists
# both newest first, a search by URL text keeps one, Enter shows it in the response views (from
# history), Ctrl+O re-opens it as a draft holding its URL and body, and Ctrl+S saves it.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

required "the server starts" start_server alpha
mkdir -p "$E2E_DIR/hist"
cat >"$E2E_DIR/hist/history.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-history",
  "name": "Hist",
  "defaultEnvironment": "alpha",
  "requests": [
    {"id": "users", "name": "Find users", "method": "GET", "url": "/users-search?q=ada"},
    {"id": "orders", "name": "Make order", "method": "POST", "url": "/orders-create",
     "body": {"type": "json", "json": {"item": "lamp"}}}
  ],
  "environments": [{"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
EOF2

explorer h "$E2E_DIR/hist" tui --request "Find users" history.json
required "the explorer opens Find users" wait_for h "Request · Find users"
keys h F5
required "Find users is answered" wait_for h " 200 OK "
keys h C-q
required "the explorer quits" wait_for h "lazer-exit=0"
explorer b "$E2E_DIR/hist" tui --request "Make order" history.json
required "the explorer opens Make order" wait_for b "Request · Make order"
keys b F5
required "Make order is answered" wait_for b " 200 OK "

keys b M-h
check "Alt+H opens the browser with both exchanges" wait_for b "History · 2 entries"
check "... the rows name the collection and request" wait_for b "Hist / Make order"
# newest_first: the first listed row is Make order (sent last), the second Find users.
newest_first() {
    local rows
    rows=$(screen b | grep -o "Hist / [A-Za-z ]*" | head -2 | tr '\n' '|')
    [[ "$rows" == "Hist / Make order"*"|Hist / Find users"* ]] && return 0
    echo "    rows: $rows" >&2
    return 1
}
check "... newest first: Make order above Find users" newest_first
literal b "users-se"
check "typing searches by URL text: one entry left" wait_for b "History · 1 entry"
check "... it is Find users" wait_for b "Hist / Find users"
keys b Enter
check "Enter shows it: its request is selected" wait_for b "Request · Find users"
check "... marked from history" wait_for b "from history"
check "... the body the server sent is shown" wait_for b "users-search"

# Re-open the other one as a draft.
keys b M-h
required "the browser opens again" wait_for b "History · 2 entries"
literal b "orders"
required "the search keeps Make order" wait_for b "History · 1 entry"
keys b C-o
check "Ctrl+O re-opens it as a draft" wait_for b "a draft from history"
check "... of Make order" wait_for b "Request · Make order"
check "... its URL is the one sent" wait_for b "127\.0\.0\.1:$PORT/orders-create"
keys b M-3
check "... its body is the one sent" wait_for b '"item"'
keys b C-s
check "Ctrl+S saves the draft" wait_file "$E2E_DIR/hist/history.json" "127.0.0.1:$PORT/orders-create"
keys b C-q
check "the explorer quits" wait_for b "lazer-exit=0"
finish
