# oauth2 in the explorer against a real OAuth 2.0 server on loopback (Authlib:
# Sources/LoopbackTesting/oauth_server.py in the virtualenv scripts/oauth-venv.sh makes): a
# cached token that has expired is refreshed on send and the Timeline shows the token stage and
# its request; a device code grant shows its code in a waiting card, with the polls listed under
# it as they happen, and completes when the test, playing the person, approves that code.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

ROOT=$(cd "$EXPLORER_HERE/../.." && pwd)
PYTHON=$("$ROOT/scripts/oauth-venv.sh")
fifo="$E2E_DIR/oauth.in"
mkfifo "$fifo"
"$PYTHON" -B "$ROOT/Sources/LoopbackTesting/oauth_server.py" <"$fifo" >"$E2E_DIR/oauth.port" 2>"$E2E_DIR/oauth.err" &
SERVER_PIDS+=($!)
exec {oauth_holder}>"$fifo"
required "the OAuth server starts" wait_file "$E2E_DIR/oauth.port" '^PORTS http=[0-9]+$'
PORT=$(sed 's/.*=//' "$E2E_DIR/oauth.port")
ISSUER="http://127.0.0.1:$PORT/p/main"

mkdir -p "$E2E_DIR/oauth"
cat >"$E2E_DIR/oauth/api.json" <<JSON
{
  "formatVersion": 1,
  "id": "e2e-explorer-oauth",
  "name": "OAuth API",
  "defaultEnvironment": "main",
  "variables": [{"name": "clientSecret", "secret": true}, {"name": "password", "secret": true}],
  "auth": {"type": "oauth2", "grant": "password", "tokenUrl": "$ISSUER/token", "clientId": "lazer-client",
           "clientSecret": "{{clientSecret}}", "username": "alice", "password": "{{password}}", "scope": "read"},
  "requests": [
    {"id": "me", "name": "Me", "method": "GET", "url": "/api/me"},
    {"id": "device", "name": "Device", "method": "GET", "url": "/api/device",
     "auth": {"type": "oauth2", "grant": "device_code", "issuer": "$ISSUER", "clientId": "lazer-public", "scope": "read"}}
  ],
  "environments": [{"name": "main", "kind": "live", "baseURL": "$ISSUER"}]
}
JSON
export LAZER_VAR_clientSecret=lazer-secret LAZER_VAR_password=wonderland

# A token obtained earlier (here by lazer run) and expired since: the cache file says so.
first_token() { "$LAZER" run "$E2E_DIR/oauth/api.json" --request me --no-history >"$E2E_DIR/run.out" 2>&1; }
required "a first token is obtained headlessly" first_token
CACHE="$XDG_CONFIG_HOME/lazer/oauth-tokens.json"
required "the token cache exists" test -f "$CACHE"
sed -i -E 's/"expiresAt" : [0-9.]+/"expiresAt" : 1000/' "$CACHE"

explorer oa "$E2E_DIR/oauth" tui --request me
required "start: the request is selected" wait_for oa "Request · Me"
keys oa F5
check "refresh: the answer comes with the refreshed token" wait_for oa " 200 OK "
check "refresh: the API saw alice" wait_for oa 'sub: "alice"|"sub": "alice"'
keys oa g 3
keys oa ] ] ]
check "timeline: the tab is shown" wait_for oa "│ Timeline │"
check "timeline: the token stage says it refreshed the token" wait_for oa "token \(oauth2 password\): refreshed"
check "timeline: the refresh request as a sub-exchange" wait_for oa "↳ refresh +[0-9.<]+ m?s +[0-9.<]+ m?s .*→ 200 POST /p/main/token"
check "timeline: the token stage in the futures chain" wait_for oa "token +[0-9.<]+ m?s"
check "the token is not on screen" stays_absent oa "eyJhbGciOi" 1
keys oa q
check "quit: q exits with status 0" wait_for oa "lazer-exit=0"

explorer dc "$E2E_DIR/oauth" tui --request device
required "device: the request is selected" wait_for dc "Request · Device"
keys dc F5
required "device: the waiting card" wait_for dc "Waiting for approval \(oauth2 device code\)"
check "device: where to enter the code" wait_for dc "at +http://127\.0\.0\.1:$PORT/p/main/device"
CODE=$(screen dc | grep -oE 'Code +[A-Z]{4}-[A-Z]{4}' | grep -oE '[A-Z]{4}-[A-Z]{4}' | head -1)
required "device: the code is shown" test -n "$CODE"
check "device: still waiting while nobody approved" wait_for dc "getting a token"
check "device: the polls are listed under the card as they happen" wait_for dc "↳ approval .*→ 400 authorization_pending"
check "device: the requests so far are counted" wait_for dc "Token requests so far \([3-9] requests\)"
python3 -c 'import sys, urllib.request; urllib.request.urlopen(urllib.request.Request(sys.argv[1], method="POST"))' \
    "$ISSUER/approve?user_code=$CODE"
check "device: approved, the request goes with the token" wait_for dc " 200 OK "
check "device: the API answered for alice" wait_for dc 'sub: "alice"|"sub": "alice"'
keys dc q
check "device quit: q exits with status 0" wait_for dc "lazer-exit=0"
finish
