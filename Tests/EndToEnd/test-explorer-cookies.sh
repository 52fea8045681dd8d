# The explorer's cookie jar against a live server on 127.0.0.1 (explorer_server.py): a login
# whose redirect sets a session cookie (the next hop already carries it), the Cookies dialog (`c`
# in the response pane) lists it, the next request sends it (the server logs what it got), `d`
# deletes it, and the request after that goes without it; the jar file follows.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
required "the alpha server starts" start_server alpha
ALPHA=$PORT

# last_log_line_is LINE: the server's log ends with LINE.
last_log_line_is() {
    local last
    last=$(tail -1 "$LOG")
    [[ "$last" == "$1" ]] && return 0
    echo "    the server's last log line is \"$last\", expected \"$1\"" >&2
    return 1
}

# logged_times LINE N: the server's log holds LINE exactly N times (polls briefly).
logged_times() {
    local deadline=$((SECONDS + 5))
    while ((SECONDS < deadline)); do
        [[ $(grep -cx -- "$1" "$LOG") -eq $2 ]] && return 0
        sleep 0.05
    done
    echo "    \"$1\" is logged $(grep -cx -- "$1" "$LOG") times, expected $2" >&2
    return 1
}

# jar_has_no NAME: the jar file holds no cookie called NAME.
jar_has_no() { ! grep -q "	$1	" "$JAR"; }

mkdir -p "$E2E_DIR/cookies"
cat >"$E2E_DIR/cookies/cookies.json" <<JSON
{
  "formatVersion": 1,
  "id": "e2e-explorer-cookies",
  "name": "Cookie Jar",
  "defaultEnvironment": "alpha",
  "requests": [
    {"id": "login", "name": "Log in", "method": "GET", "url": "/login"},
    {"id": "whoami", "name": "Who am I", "method": "GET", "url": "/whoami"}
  ],
  "environments": [{"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$ALPHA"}]
}
JSON
JAR="$XDG_STATE_HOME/lazer/cookies/e2e-explorer-cookies/alpha.txt"

explorer jar "$E2E_DIR/cookies" tui
required "start: the collection appears" wait_for jar "GET   Who am I"
keys jar g g
keys jar j
keys jar Enter
required "login: Enter opens it" wait_for jar "Request · Log in"
keys jar F5
check "login: the redirect's next hop already sends the cookie it set" \
    wait_for jar 'cookie: "session=e2e-alpha-cookie"'
check "login: the server got it" last_log_line_is "alpha whoami session=e2e-alpha-cookie"
check "login: the jar file holds it (Netscape format)" \
    wait_file "$JAR" "^127\.0\.0\.1	FALSE	/	FALSE	0	session	e2e-alpha-cookie$"

keys jar g 3
keys jar c
check "dialog: c in the response pane opens the Cookies of alpha" wait_for jar "Cookies · alpha · 1"
check "dialog: the cookie is listed under its host, its value masked" wait_for jar "session +e2e•••••"
keys jar Escape
check "dialog: Esc closes it" wait_gone jar "Cookies · alpha"

keys jar g 1
keys jar j
keys jar Enter
required "whoami: Enter opens it" wait_for jar "Request · Who am I"
keys jar F5
check "whoami: the next request sends the cookie" wait_for jar 'cookie: "session=e2e-alpha-cookie"'
check "whoami: the server logged it (a second time: the login's hop was the first)" \
    logged_times "alpha whoami session=e2e-alpha-cookie" 2
check "whoami: and nothing else came" last_log_line_is "alpha whoami session=e2e-alpha-cookie"

keys jar g 3
keys jar c
required "delete: the dialog opens" wait_for jar "Cookies · alpha · 1"
keys jar d
check "delete: d deletes it" wait_for jar "Deleted cookie session \(127\.0\.0\.1\)"
check "delete: the dialog says the jar is empty" wait_for jar "No cookies yet"
check "delete: the jar file no longer holds it" jar_has_no session
keys jar Escape
keys jar F5
check "after: the request goes without it" wait_for jar 'cookie: "\(none\)"'
check "after: the server got no cookie" last_log_line_is "alpha whoami (none)"

keys jar q
check "quit: q exits with status 0" wait_for jar "lazer-exit=0"
finish
