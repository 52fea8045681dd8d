# A wss:// WebSocket request in the explorer against the loopback peer's HTTPS port (a self-signed
# certificate made here with openssl): the URL line says wss://, a request that skips verification
# (`verifyTLS: false`) connects over libcurl's TLS tunnel and its echo comes back, and one that
# verifies fails with the HTTPS translation ("Certificate not trusted").
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$E2E_DIR/key.pem" \
    -out "$E2E_DIR/cert.pem" -days 1 -subj /CN=lazer-e2e -addext subjectAltName=IP:127.0.0.1 >/dev/null 2>&1
start_loopback_peer --cert "$E2E_DIR/cert.pem" --key "$E2E_DIR/key.pem"
required "the peer starts" wait_file "$E2E_DIR/peer.out" '^PORTS http=[0-9]+ https=[1-9]'
TLS_PORT=$(sed -n 's/^PORTS http=[0-9]* https=\([0-9]*\).*/\1/p' "$E2E_DIR/peer.out")
mkdir -p "$E2E_DIR/wss"
cat >"$E2E_DIR/wss/wss.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-explorer-wss",
  "name": "Secure sockets",
  "defaultEnvironment": "local",
  "requests": [
    {"id": "echo", "name": "Echo", "url": "/ws/echo", "options": {"verifyTLS": false},
     "websocket": {"messages": [{"name": "hello", "text": "hello over tls"}]}},
    {"id": "strict", "name": "Strict", "url": "/ws/echo",
     "websocket": {"messages": [{"name": "hello", "text": "never sent"}]}}
  ],
  "environments": [
    {"name": "local", "kind": "live", "baseURL": "https://127.0.0.1:$TLS_PORT"}
  ]
}
EOF2

explorer wss "$E2E_DIR/wss" tui wss.json
required "start: the requests appear" wait_for wss "Strict"
keys wss g g
keys wss Enter
required "open: Enter opens the first" wait_for wss "Request · Echo"
check "url: the preview says wss://" wait_for wss "→ wss://127.0.0.1:$TLS_PORT/ws/echo"
keys wss F5
check "tls: the saved message goes out over the tunnel (↑)" wait_for wss '↑ text +hello over tls'
check "tls: and its echo comes back (↓)" wait_for wss '↓ text +hello over tls'
keys wss Escape
check "tls: Esc closes it" wait_for wss "· stopped"
check "tls: the status is the upgrade's 101" wait_for wss " 101 "
keys wss g 3 ] ] ]
check "timeline: the TCP connect has a row of its own" wait_for wss "connecting .*127.0.0.1:$TLS_PORT"
check "timeline: so has the TLS handshake, before the upgrade" wait_for wss "^.*TLS  .*[0-9]"
check "timeline: it names the TLS version and cipher, and says the certificate was not verified (verifyTLS off)" \
    wait_for wss "TLS +TLSv1\.[23] · TLS_[A-Z0-9_]+ · NOT verified: self-signed certificate"

# A state folder of its own: the first explorer's session (Echo open) is not restored here.
XDG_STATE_HOME="$E2E_DIR/state-strict" explorer strict "$E2E_DIR/wss" tui wss.json
required "strict: the requests appear" wait_for strict "Strict"
keys strict g g j j
keys strict Enter
required "strict: the second request opens" wait_for strict "Request · Strict"
keys strict F5
check "strict: an unverified self-signed certificate is refused as for HTTPS" wait_for strict "Certificate not trusted"
finish
