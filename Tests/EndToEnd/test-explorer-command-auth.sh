# `command` auth in the explorer, against a loopback server (explorer_server.py; nothing leaves the
# machine): the first send of an untrusted collection asks before any command runs; "Trust and send"
# runs it and the server gets the token; the next send reuses the cached token and asks nothing; the
# token is written nowhere; a changed command asks again and Esc sends nothing; a failing command's
# card gives its exit status and its first line of standard error.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
required "the alpha server starts" start_server alpha
ALPHA=$PORT
FOLDER="$E2E_DIR/cmd"
mkdir -p "$FOLDER"
TOKEN="cmd-token-7f3a9"

collection() {
    cat >"$FOLDER/cmd.json" <<JSON
{
  "formatVersion": 1, "id": "e2e-command-auth", "name": "Commands", "defaultEnvironment": "alpha",
  "auth": {"type": "command", "command": "$1", "header": "X-Api-Key", "prefix": ""},
  "requests": [
    {"id": "who", "name": "Who answers", "method": "GET", "url": "/who"},
    {"id": "broken", "name": "Broken token", "method": "GET", "url": "/who",
     "auth": {"type": "command", "command": "echo 'no credentials found' >&2; exit 3"}}
  ],
  "environments": [{"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$ALPHA"}]
}
JSON
}
# The command prints the token without holding it: the collection and the trust file never contain it.
PRINT_TOKEN="printf 'cmd-%s-7f3a9\\\\n' token"
# It takes a second, so the status line can be seen saying so.
collection "echo ran >> ran.log; sleep 1; $PRINT_TOKEN"

# count_runs N: the command ran N times (it appends a line to ran.log in the collection's folder).
count_runs() {
    local runs
    runs=$(cat "$FOLDER/ran.log" 2>/dev/null | wc -l)
    ((runs == $1)) && return 0
    echo "    the command ran $runs times, expected $1" >&2
    return 1
}
# token_requests N: the server logged N requests carrying the token.
token_requests() {
    local count
    count=$(grep -c -- "key=$TOKEN\$" "$LOG")
    ((count == $1)) && return 0
    echo "    the server logged $count requests with the token, expected $1" >&2
    return 1
}
# stays_absent_in_log TEXT: the server's log holds no line with TEXT.
stays_absent_in_log() { ! grep -q -- "$1" "$LOG"; }
# nowhere_written: the token is in no file Lazer wrote (state, configuration, the collection).
# The private token cache (mode 0600, shared with the next lazer run) holds it; no other file may.
nowhere_written() {
    if grep -rl -- "$TOKEN" "$XDG_STATE_HOME" "$XDG_CONFIG_HOME" "$FOLDER/cmd.json" 2>/dev/null |
        grep -v '/command-tokens\.json$'; then
        echo "    the token was written to the files above" >&2
        return 1
    fi
}

explorer cmd "$FOLDER" tui cmd.json
required "start: the collection appears" wait_for cmd "GET   Who answers"
keys cmd g g
keys cmd j
keys cmd Enter
required "open: Who answers" wait_for cmd "Request · Who answers"
keys cmd F5
required "send: an untrusted collection asks first" wait_for cmd "Run commands of Commands\?"
check "send: the question shows the command" wait_for cmd "\\$ echo ran >> ran\.log; sleep 1; printf 'cmd-%s-7f3a9"
check "send: and its answers" wait_for cmd "Trust and send \(Alt\+T\)"
check "send: nothing ran before the answer" count_runs 0
check "send: nothing was sent before the answer" stays_absent_in_log "GET /who"
sleep 0.6
keys cmd M-t
check "trust: the question closes" wait_gone cmd "Run commands of Commands\?"
check "trust: the status line says the auth command runs" wait_for cmd "running the auth command"
check "trust: the server got the command's token" wait_file "$LOG" "^alpha GET /who key=$TOKEN$"
check "trust: the answer is shown" wait_for cmd 'server: "alpha"'
check "trust: the command ran once" count_runs 1
check "trust: remembered for this user, outside the collection" \
    wait_file "$XDG_STATE_HOME/lazer/trusted-commands.json" "cmd\.json"
keys cmd F5
check "again: the second answer comes" wait_for cmd "History 2"
check "again: no question for a trusted collection" stays_absent cmd "Run commands of" 1
check "again: the cached token was used (the command did not run again)" count_runs 1
check "again: the server got the token twice" token_requests 2
check "the token is written in no file but the private token cache" nowhere_written
check "the token cache is private (0600)" test "$(stat -c %a "$XDG_CONFIG_HOME/lazer/command-tokens.json")" = 600
keys cmd q
check "quit: q exits" wait_for cmd "lazer-exit=0"

# --- A changed command asks again; Esc sends nothing; a failing command's card ---------------------
collection "echo changed >> ran.log; $PRINT_TOKEN"
explorer cmd2 "$FOLDER" tui cmd.json
required "restart: the collection appears" wait_for cmd2 "GET   Broken token"
keys cmd2 g g
keys cmd2 j
keys cmd2 j
keys cmd2 Enter
required "restart: Broken token opens" wait_for cmd2 "Request · Broken token"
keys cmd2 F5
required "changed: a changed command asks again" wait_for cmd2 "Run commands of Commands\?"
check "changed: every command of the collection is listed" wait_for cmd2 "\\$ echo changed >> ran\.log"
sleep 0.6
keys cmd2 Escape
check "esc: the question closes" wait_gone cmd2 "Run commands of Commands\?"
check "esc: the card says nothing was sent" wait_for cmd2 "Not sent: no auth token"
check "esc: nothing ran" count_runs 1
keys cmd2 F5
required "failing: asked again after Esc" wait_for cmd2 "Run commands of Commands\?"
sleep 0.6
keys cmd2 M-t
check "failing: the card names the exit status and the first error line" \
    wait_for cmd2 "exit status 3: no credentials found"
check "failing: the trust now holds the changed command" \
    wait_file "$XDG_STATE_HOME/lazer/trusted-commands.json" "echo changed"
keys cmd2 q
check "quit: q exits" wait_for cmd2 "lazer-exit=0"
check "the token is written in no file but the private token cache" nowhere_written
finish
