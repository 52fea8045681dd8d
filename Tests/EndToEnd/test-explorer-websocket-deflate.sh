# permessage-deflate in the explorer against the loopback WebSocket peer (websocket_peer.py,
# /ws/deflate, which compresses with Python's zlib): the upgrade agrees to it, a saved JSON message
# long enough to compress goes out compressed and its compressed echo is shown inflated, and the
# peer counts one compressed message in (its "stats?" answer).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

start_loopback_peer
required "the peer starts" wait_file "$E2E_DIR/peer.out" '^PORTS http=[0-9]+'
PORT=$(sed -n 's/^PORTS http=\([0-9]*\).*/\1/p' "$E2E_DIR/peer.out")
mkdir -p "$E2E_DIR/wsd"
cat >"$E2E_DIR/wsd/wsd.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-explorer-websocket-deflate",
  "name": "Deflate",
  "defaultEnvironment": "local",
  "requests": [
    {"id": "zip", "name": "Zipped", "url": "/ws/deflate", "websocket": {"messages": [
      {"name": "big", "json": {"squeezed": "$(printf 'ab%.0s' $(seq 200))", "n": 7}},
      {"name": "stats", "text": "stats?"}
    ]}}
  ],
  "environments": [
    {"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}
  ]
}
EOF2

explorer wsd "$E2E_DIR/wsd" tui wsd.json
required "start: the request appears" wait_for wsd "Zipped"
keys wsd g g
keys wsd Enter
required "open: Enter opens it" wait_for wsd "Request · Zipped"
keys wsd F5
required "live: both messages and both answers are listed" wait_for wsd "4 events · "
check "live: the compressed echo is shown inflated (↓)" wait_for wsd '↓ text +\{"squeezed":"abab'
check "live: the peer got the long message compressed, the short one plain" \
    wait_for wsd '"compressedIn": 1, "plainIn": 1'
check "live: the offer was permessage-deflate" wait_for wsd 'permessage-deflate; client_max_window_bits'
keys wsd Escape
check "close: Esc closes the connection" wait_for wsd "· stopped"
finish
