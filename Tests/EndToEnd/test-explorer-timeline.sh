# The explorer watching an exchange live against a slow loopback server (explorer_server.py
# /trickle: the head after 1.5 s, then the body in pieces over 2 s): the status line says it is
# waiting for the first byte, then receiving (bytes of the total), then the tree shows; the
# Timeline tab has the stages, the peer and the futures chain; a refused connection's card says
# at which stage it failed.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
required "the server starts" start_server alpha
ALPHA=$PORT
DEAD=$(closed_port)

mkdir -p "$E2E_DIR/timeline"
cat >"$E2E_DIR/timeline/slow.json" <<JSON
{
  "formatVersion": 1,
  "id": "e2e-explorer-timeline",
  "name": "Slow",
  "defaultEnvironment": "alpha",
  "requests": [
    {"id": "trickle", "name": "Trickle", "method": "GET", "url": "/trickle"}
  ],
  "environments": [
    {"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$ALPHA"},
    {"name": "dead", "kind": "live", "baseURL": "http://127.0.0.1:$DEAD"}
  ]
}
JSON

explorer tl "$E2E_DIR/timeline" tui --request trickle
required "start: the request is selected" wait_for tl "Request · Trickle"
keys tl F5
check "live: the status line says it waits for the first byte" wait_for tl "waiting for the first byte · "
check "live: the timeline grows under it" wait_for tl "so far [0-9.]+ m?s"
check "live: the peer is named once connected" wait_for tl "127\.0\.0\.1:$ALPHA"
check "live: then it is receiving, bytes of the total" wait_for tl "receiving [0-9.]+ K?B of 60 KB"
check "live: then the tree shows" wait_for tl 'server: "alpha"'
check "live: the status line has the answer" wait_for tl " 200 OK .*live \(alpha\)"
check "live: the server sent it all" wait_file "$LOG" "^alpha trickle answered$"

keys tl g 3
keys tl ] ] ]
check "timeline: the tab is called Timeline" wait_for tl "│ Timeline │"
check "timeline: the waiting stage took the server's 1.5 s" wait_for tl "waiting +[0-9.]+ m?s +1\.[5-9] s"
check "timeline: the receiving stage ends with the size" wait_for tl "receiving .* 60 KB"
check "timeline: the peer and a new connection" wait_for tl "peer +127\.0\.0\.1:$ALPHA · new connection"
check "timeline: the HTTP version" wait_for tl "HTTP +HTTP/1\.1"
check "timeline: the futures chain after the transport" wait_for tl "futures chain"
check "timeline: the parse stage ran" wait_for tl "parse +[0-9.<]+ m?s"
check "timeline: the history stage ran" wait_for tl "history +[0-9.<]+ m?s"

# A second send reuses the kept-alive connection.
keys tl F5
check "reuse: the second answer arrives" wait_for tl "History 2"
check "reuse: the connection was reused" wait_for tl "peer +127\.0\.0\.1:$ALPHA · reused connection"

# A refused connection: the card says where and when it failed.
keys tl F2
check "dead: F2 opens the picker" wait_for tl "Environments · Slow"
keys tl j
keys tl Enter
check "dead: switched to the closed port" wait_for tl "env ▸ dead \(live\)"
keys tl F5
check "dead: the card's title" wait_for tl "✖ Connection refused"
check "dead: it says at which stage it failed and after how long" wait_for tl "Failed while connecting after [0-9.]+ m?s"
check "dead: the timeline marks the failed stage" wait_for tl "connecting .*✖ Connection refused"

keys tl q
check "quit: q exits with status 0" wait_for tl "lazer-exit=0"
finish
