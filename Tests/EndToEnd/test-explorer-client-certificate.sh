# Mutual TLS in the explorer: the loopback peer's port that answers only clients presenting a
# certificate it trusts. The collection names its CA file, client certificate and key (relative to
# the collection file); the Options tab shows them in force; an HTTPS request and a wss:// one are
# answered; a request that opts out ("clientCertificate": "") is refused, translated as "Client
# certificate required"; a passphrase typed out in the Options tab is refused and never kept.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

mkdir -p "$E2E_DIR/mtls/certs"
for name in server client; do
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -keyout "$E2E_DIR/mtls/certs/$name-key.pem" -out "$E2E_DIR/mtls/certs/$name.pem" -days 1 \
        -subj "/CN=lazer-e2e-$name" -addext subjectAltName=IP:127.0.0.1 >/dev/null 2>&1
done
start_loopback_peer --cert "$E2E_DIR/mtls/certs/server.pem" --key "$E2E_DIR/mtls/certs/server-key.pem" \
    --client-ca "$E2E_DIR/mtls/certs/client.pem"
required "the peer starts" wait_file "$E2E_DIR/peer.out" '^PORTS http=[0-9]+ https=[1-9][0-9]* mtls=[1-9]'
MTLS_PORT=$(sed -n 's/^PORTS .*mtls=\([0-9]*\).*/\1/p' "$E2E_DIR/peer.out")
cat >"$E2E_DIR/mtls/mtls.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-explorer-mtls",
  "name": "Mutual TLS",
  "defaultEnvironment": "local",
  "options": {"caFile": "certs/server.pem", "clientCertificate": "certs/client.pem",
              "clientKey": "certs/client-key.pem"},
  "requests": [
    {"id": "json", "name": "Presented", "method": "GET", "url": "/json"},
    {"id": "socket", "name": "Socket", "url": "/ws/echo",
     "websocket": {"messages": [{"name": "hello", "text": "hello with a certificate"}]}},
    {"id": "anonymous", "name": "Anonymous", "method": "GET", "url": "/json",
     "options": {"clientCertificate": ""}}
  ],
  "environments": [
    {"name": "local", "kind": "live", "baseURL": "https://127.0.0.1:$MTLS_PORT"}
  ]
}
EOF2

explorer mtls "$E2E_DIR/mtls" tui mtls.json
required "start: the requests appear" wait_for mtls "Anonymous"
keys mtls g g
keys mtls j
keys mtls Enter
required "open: Enter opens the first" wait_for mtls "Request · Presented"
keys mtls M-5
check "options: the collection's certificate is in force" wait_for mtls 'client certificate +\(default\) → certs/client.pem \(collection\)'
check "options: and its key" wait_for mtls 'client key +\(default\) → certs/client-key.pem \(collection\)'
keys mtls F5
check "https: the certificate is presented and the server answers 200" wait_for mtls ' 200 OK'
keys mtls g 1
keys mtls g g
keys mtls j j
keys mtls Enter
required "socket: the second request opens" wait_for mtls "Request · Socket"
keys mtls F5
check "wss: the echo comes back over mutual TLS" wait_for mtls '↓ text +hello with a certificate'
keys mtls Escape
check "wss: Esc closes it" wait_for mtls "· stopped"
keys mtls g 1
keys mtls g g
keys mtls j j j
keys mtls Enter
required "anonymous: the third request opens" wait_for mtls "Request · Anonymous"
keys mtls F5
check "anonymous: without a certificate the server refuses it" wait_for mtls "Client certificate required"
keys mtls M-5
check "anonymous: its Options line says it opts out" wait_for mtls "client certificate  none → not the collection's"
for _ in 1 2 3 4 5 6 7 8 9; do keys mtls Down; done
keys mtls Enter
literal mtls "hunter22"
keys mtls Enter
check "passphrase: a passphrase typed out is refused" wait_for mtls "never the passphrase itself"
finish
