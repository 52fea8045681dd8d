# The oauth2 authorization code grant with PKCE in the explorer, against a real OAuth 2.0 server
# on loopback (Authlib: Sources/LoopbackTesting/oauth_server.py): with a desktop (DISPLAY set and
# an `xdg-open` on the PATH, here a stand-in that writes down the address it was given) Lazer
# opens the authorization URL and shows it in a waiting card with a copy key; the test plays the
# browser (Python's urllib follows the provider's redirect to Lazer's loopback listener), the
# browser gets the "you can close this tab" page, and the request goes with the token, the
# Timeline showing the browser step and the token request. Then: a refusal (access_denied) is an
# error card and an error page, Esc cancels and closes the listener, the token serves lazer run,
# and the code, the verifier and the tokens are in no file Lazer wrote and on no screen.
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

# The desktop's browser opener: writes down the address (the test then plays the browser).
mkdir -p "$E2E_DIR/bin" "$E2E_DIR/browser"
cat >"$E2E_DIR/bin/xdg-open" <<SH
#!/bin/sh
printf '%s\n' "\$1" >>"$E2E_DIR/browser/opened"
SH
chmod +x "$E2E_DIR/bin/xdg-open"
# and its clipboard (DISPLAY is set, so Lazer pipes a copy into xclip as well as OSC 52): a stand-in
# that keeps what it was given, so the test does not depend on an xclip or an X server here.
cat >"$E2E_DIR/bin/xclip" <<SH
#!/bin/sh
cat >"$E2E_DIR/browser/clipboard"
SH
chmod +x "$E2E_DIR/bin/xclip"
desktop() { printf 'env DISPLAY=:e2e PATH=%q ' "$E2E_DIR/bin:$PATH"; wrapper "$@"; }

# browse URL: the browser follows URL and the provider's redirect; prints the status, then the page.
browse() {
    python3 - "$1" <<'PY'
import sys, urllib.request, urllib.error
try:
    answer = urllib.request.urlopen(sys.argv[1], timeout=20)
    status, body = answer.status, answer.read()
except urllib.error.HTTPError as error:
    status, body = error.code, error.read()
except OSError as error:
    status, body = 0, str(error).encode()
print(status)
print(body.decode("utf-8", "replace"))
PY
}

mkdir -p "$E2E_DIR/oauth"
cat >"$E2E_DIR/oauth/api.json" <<JSON
{
  "formatVersion": 1,
  "id": "e2e-explorer-oauth-browser",
  "name": "OAuth browser",
  "defaultEnvironment": "main",
  "auth": {"type": "oauth2", "grant": "authorization_code", "issuer": "$ISSUER", "clientId": "lazer-public",
           "scope": "read"},
  "requests": [
    {"id": "code", "name": "Code", "method": "GET", "url": "/api/me"},
    {"id": "denied", "name": "Denied", "method": "GET", "url": "/api/denied",
     "auth": {"type": "oauth2", "grant": "authorization_code", "issuer": "$ISSUER", "clientId": "lazer-public",
              "scope": "read profile", "parameters": [{"name": "login_hint", "value": "deny"}]}},
    {"id": "cancel", "name": "Cancel", "method": "GET", "url": "/api/cancel",
     "auth": {"type": "oauth2", "grant": "authorization_code", "issuer": "$ISSUER", "clientId": "lazer-public",
              "scope": "write"}}
  ],
  "environments": [{"name": "main", "kind": "live", "baseURL": "$ISSUER"}]
}
JSON

WRAP=desktop explorer ac "$E2E_DIR/oauth" tui --request code
required "start: the request is selected" wait_for ac "Request · Code"
keys ac F5
required "code: the waiting card" wait_for ac "Waiting for the browser \(oauth2 authorization code\)"
check "code: the card says the browser was opened" wait_for ac "Lazer opened this address in your browser"
check "code: where Lazer waits" wait_for ac "Lazer waits at http://127\.0\.0\.1:[0-9]+/callback"
check "code: the status line says it is getting a token" wait_for ac "getting a token"
required "code: xdg-open was given the address" wait_file "$E2E_DIR/browser/opened" "code_challenge_method=S256"
URL=$(head -1 "$E2E_DIR/browser/opened")
check "code: the address has PKCE, state and the loopback redirect" \
    grep -Eq "response_type=code.*redirect_uri=http%3A%2F%2F127\.0\.0\.1%3A[0-9]+%2Fcallback.*state=.+code_challenge=[A-Za-z0-9_-]{43}" \
    "$E2E_DIR/browser/opened"
# g 3 is a chord: on a loaded machine its keys can miss it; then the same command from the palette.
copy_address() {
    local try
    for try in 1 2; do
        keys ac g 3
        sleep 0.5
        keys ac u
        wait_for ac "Copied the authorization address" 4 2>/dev/null && return 0
    done
    keys ac C-p
    sleep 0.5
    literal ac "authorization address"
    sleep 0.5
    keys ac Enter
    wait_for ac "Copied the authorization address" 5
}
check "code: u (or the palette) copies the address" copy_address
check "code: the desktop clipboard got the whole address" \
    bash -c '[[ "$(cat "$1")" == "$2" ]]' _ "$E2E_DIR/browser/clipboard" "$URL"
browse "$URL" >"$E2E_DIR/browser/page"
check "code: the browser is told it can close the tab" grep -q "Lazer got the authorization" "$E2E_DIR/browser/page"
check "code: the page is 200" test "$(head -1 "$E2E_DIR/browser/page")" = 200
check "code: the request goes with the token" wait_for ac " 200 OK "
check "code: the API answered for alice" wait_for ac 'sub: "alice"|"sub": "alice"'
keys ac ] ] ]
check "timeline: the tab is shown" wait_for ac "│ Timeline │"
check "timeline: the token stage says it fetched the token" wait_for ac "token \(oauth2 authorization_code\): fetched"
check "timeline: discovery as a sub-exchange" wait_for ac "↳ discover .*→ 200 GET /p/main/\.well-k"
check "timeline: the browser step as a sub-exchange" wait_for ac "↳ browser .*→ 200 GET /callback"
check "timeline: the token request as a sub-exchange" wait_for ac "↳ token .*→ 200 POST /p/main/token"
token_before_dispatch() { screen ac | awk '/│token /{t=NR} /│dispatch /{d=NR} END{exit !(t && d && t < d)}'; }
check "timeline: the token stage comes before the dispatch" token_before_dispatch
check "code: the token is not on screen" stays_absent ac "eyJhbGciOi" 1

# A refusal at the provider: an error page for the browser, an error card naming the browser step.
keys ac g 1
keys ac j
required "denied: the request is selected" wait_for ac "Request · Denied"
keys ac F5
required "denied: the waiting card" wait_for ac "Waiting for the browser \(oauth2 authorization code\)"
required "denied: xdg-open was given the address" wait_file "$E2E_DIR/browser/opened" "login_hint=deny"
browse "$(grep login_hint=deny "$E2E_DIR/browser/opened" | head -1)" >"$E2E_DIR/browser/denied"
check "denied: the browser gets an error page" grep -q "Lazer did not get the authorization" "$E2E_DIR/browser/denied"
check "denied: the page names access_denied" grep -q "access_denied" "$E2E_DIR/browser/denied"
check "denied: the card names the step and the refusal" wait_for ac "browser authorization failed: access_denied"

# Esc while the browser is away: cancelled, and the listener is gone.
keys ac g 1
keys ac j
required "cancel: the request is selected" wait_for ac "Request · Cancel"
keys ac F5
required "cancel: the waiting card" wait_for ac "Waiting for the browser \(oauth2 authorization code\)"
REDIRECT=$(screen ac | grep -oE 'http://127\.0\.0\.1:[0-9]+/callback' | head -1)
keys ac Escape
check "cancel: Esc cancels the send" wait_for ac "[Cc]ancelled"
sleep 0.5
check "cancel: nothing listens at the redirect any more" \
    test "$(browse "$REDIRECT?code=x&state=y" | head -1)" = 0
keys ac q
check "quit: q exits with status 0" wait_for ac "lazer-exit=0"

# The token obtained in the explorer serves lazer run (a person is not needed while it is fresh);
# a request whose token is not cached fails at once, exit status 3.
"$LAZER" run "$E2E_DIR/oauth/api.json" --request code >"$E2E_DIR/run-code.out" 2>&1
check "lazer run: the cached token is used" test $? -eq 0
"$LAZER" run "$E2E_DIR/oauth/api.json" --request cancel >"$E2E_DIR/run-cancel.out" 2>&1
check "lazer run: no cached token, exit status 3" test $? -eq 3
check "lazer run: says a person is needed" grep -q "authorization_code grant needs a person" "$E2E_DIR/run-cancel.out"

# Secrets: the authorization code, the PKCE verifier and the tokens in no file Lazer wrote (but the
# token cache), in no output, on no screen.
SEEN=$(python3 -c 'import json, sys, urllib.request
seen = json.load(urllib.request.urlopen(sys.argv[1] + "/seen"))
cache = json.load(open(sys.argv[2]))["tokens"]
values = seen["codes"] + seen["verifiers"] + [t["accessToken"] for t in cache.values()]
values += [t.get("refreshToken") or "" for t in cache.values()]
print("\n".join(v for v in values if v))' "$ISSUER" "$XDG_CONFIG_HOME/lazer/oauth-tokens.json")
check "secrets: the code, the verifier and the tokens are known" test "$(printf '%s\n' "$SEEN" | wc -l)" -ge 3
leaks() {
    local value found=0
    while IFS= read -r value; do
        [[ -n "$value" ]] || continue
        if grep -rlF -- "$value" "$XDG_STATE_HOME" "$XDG_CONFIG_HOME" "$E2E_DIR/oauth" "$E2E_DIR"/run-*.out \
            2>/dev/null | grep -v '/oauth-tokens\.json$'; then found=1; fi
        # SQLite pages: also the write-ahead log, read as bytes by grep -r above.
    done <<<"$SEEN"
    return $found
}
check "secrets: in no file Lazer wrote but the token cache" leaks
finish
