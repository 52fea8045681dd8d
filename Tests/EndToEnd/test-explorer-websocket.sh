# A WebSocket request in the explorer against the loopback WebSocket peer (Sources/LoopbackTesting
# websocket_peer.py, /ws/echo): Send connects and sends the saved messages, the Stream view lists
# them going out (↑) and their echoes coming back (↓), the selected echo shows as JSON, Esc closes
# the connection cleanly (the peer records close code 1000) and the status is 101. While connected,
# Alt+W types a message (JSON checked as typed) and Alt+S sends a saved one; both come back.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

start_loopback_peer
required "the peer starts" wait_file "$E2E_DIR/peer.out" '^PORTS http=[0-9]+'
PORT=$(sed -n 's/^PORTS http=\([0-9]*\).*/\1/p' "$E2E_DIR/peer.out")
mkdir -p "$E2E_DIR/ws"
cat >"$E2E_DIR/ws/ws.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-explorer-websocket",
  "name": "Sockets",
  "defaultEnvironment": "local",
  "requests": [
    {"id": "echo", "name": "Echo", "url": "/ws/echo?id=e2e", "websocket": {"messages": [
      {"name": "hello", "text": "hello"},
      {"name": "tick", "json": {"n": 1, "from": "lazer"}}
    ]}}
  ],
  "environments": [
    {"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}
  ]
}
EOF2

explorer ws "$E2E_DIR/ws" tui ws.json
required "start: the request appears" wait_for ws "Echo"
keys ws g g
keys ws Enter
required "open: Enter opens it" wait_for ws "Request · Echo"
keys ws F5
required "live: the sent messages and their echoes are listed" wait_for ws "4 events · "
check "live: a sent message is marked ↑" wait_for ws '↑ text +hello'
check "live: the echo is marked ↓" wait_for ws '↓ text +\{"n":1,"from":"lazer"\}'
check "live: the connection stays open" wait_for ws "● streaming"
check "live: the newest echo is shown as JSON" wait_for ws '"from": "lazer"'
keys ws Escape w
check "compose: Alt+W opens the message line" wait_for ws "Message to Echo"
literal ws '{"typed": "by hand"'
check "compose: text meant as JSON is checked as it is typed" wait_for ws "✖ not JSON"
literal ws '}'
check "compose: it parses once closed" wait_for ws "✓ JSON"
keys ws Enter
check "compose: the typed message goes out (↑)" wait_for ws '↑ text +\{"typed": "by hand"\}'
check "compose: and comes back from the echo peer (↓)" wait_for ws '↓ text +\{"typed": "by hand"\}'
keys ws Escape s
check "compose: Alt+S lists the saved messages" wait_for ws "Saved messages of Echo"
keys ws Enter
check "compose: the saved message goes out again" wait_for ws "8 events · "
keys ws g 3
keys ws k k
keys ws Enter
check "tree: Enter opens the selected echo as a JSON tree" wait_for ws "─ event 6 as a tree"
check "tree: its keys are the message's" wait_for ws 'typed: "by hand"'
keys ws Escape
check "tree: Esc returns to the stream, still open" wait_gone ws "─ event 6 as a tree"
check "tree: the connection is still open" wait_for ws "● streaming"
keys ws End
keys ws Escape
check "close: Esc closes the connection" wait_for ws "· stopped"
check "close: the status is the upgrade's 101" wait_for ws " 101 "

# A server that breaks the protocol: its invalid UTF-8 ends the connection with 1007, and the card
# says what that means (not a broken download).
mkdir -p "$E2E_DIR/wsbad"
cat >"$E2E_DIR/wsbad/bad.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-explorer-websocket-bad",
  "name": "Bad sockets",
  "defaultEnvironment": "local",
  "requests": [{"id": "bad", "name": "Bad text", "url": "/ws/bad-utf8?id=e2e-bad", "websocket": {}}],
  "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
EOF2
explorer wsbad "$E2E_DIR/wsbad" tui bad.json
required "violation: the request appears" wait_for wsbad "Bad text"
keys wsbad g g
keys wsbad Enter
required "violation: Enter opens it" wait_for wsbad "Request · Bad text"
keys wsbad F5
check "violation: the card names what 1007 means" wait_for wsbad "The server sent text that is not UTF-8"
check "violation: and the close code Lazer sent" wait_for wsbad "closed the connection with 1007"

# A flood: 300,000 messages as fast as the socket takes them. The screen keeps counting while they
# come (each delivery to the loop takes all that arrived meanwhile), every one is counted, and
# memory stays bounded (the newest 10,000 in memory, the rest in the spill file).
mkdir -p "$E2E_DIR/wsflood"
cat >"$E2E_DIR/wsflood/flood.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-explorer-websocket-flood",
  "name": "Flood",
  "defaultEnvironment": "local",
  "requests": [{"id": "flood", "name": "Flood", "url": "/ws/flood?count=300000", "websocket": {}}],
  "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
EOF2
explorer wsflood "$E2E_DIR/wsflood" tui flood.json
required "flood: the request appears" wait_for wsflood "Flood"
keys wsflood g g
keys wsflood Enter
required "flood: Enter opens it" wait_for wsflood "Request · Flood"
keys wsflood F5
check "flood: the count moves while messages pour in" wait_for wsflood '[0-9],[0-9]{3} events · following'
check "flood: every message is counted (and the close)" wait_for wsflood "300,001 events · closed"
rss=$(ps -o rss= -p "$(lazer_pid wsflood)" | tr -d ' ')
check "flood: resident memory stays under 400 MB (was gigabytes)" test "${rss:-999999999}" -lt 409600

# A ping flood: 200,000 pings as fast as the socket takes them, each answered; the keys still work
# meanwhile (the tree moves to the other request), every ping is a row, and the message after them
# arrives.
mkdir -p "$E2E_DIR/wspings"
cat >"$E2E_DIR/wspings/pings.json" <<EOF3
{
  "formatVersion": 1,
  "id": "e2e-explorer-websocket-pings",
  "name": "Pings",
  "defaultEnvironment": "local",
  "requests": [
    {"id": "pings", "name": "Pings", "url": "/ws/pings?count=200000", "websocket": {}},
    {"id": "other", "name": "Other request", "method": "GET", "url": "/json"}
  ],
  "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
EOF3
explorer wspings "$E2E_DIR/wspings" tui pings.json
required "pings: the first request is open" wait_for wspings "Request · Pings"
keys wspings F5
check "pings: the pings pour in" wait_for wspings '[0-9],[0-9]{3} events · following'
keys wspings Down
check "pings: a key still moves the tree meanwhile" wait_for wspings "Request · Other request"
keys wspings Up
check "pings: every ping, the message after them and the close" wait_for wspings "200,002 events · closed"
rss=$(ps -o rss= -p "$(lazer_pid wspings)" | tr -d ' ')
check "pings: resident memory stays under 400 MB" test "${rss:-999999999}" -lt 409600
finish
