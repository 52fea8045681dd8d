# Scripts in the explorer (issue 32), against a loopback server (explorer_server.py; nothing leaves
# the machine): the first send of a request with scripts asks to trust the file and sends nothing
# before the answer; "Trust and send" runs the pre-request script, which signs the request with
# CryptoJS's HMAC, and the server accepts the signature; the test script's tests show in the Checks
# tab (a failing pm.test with its assertion's message), its console in the Console tab, both stages
# in the Timeline (with the request a test script sent, `pm.sendRequest`, through Lazer's
# transport); the Scripts tab shows the scripts and a syntax error as it is typed; Esc on the
# question sends nothing.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
# stays_absent_in_log TEXT: the server's log holds no line with TEXT.
stays_absent_in_log() { ! grep -q -- "$1" "$LOG"; }
required "the alpha server starts" start_server alpha
ALPHA=$PORT
FOLDER="$E2E_DIR/scripts"
mkdir -p "$FOLDER"
cat >"$FOLDER/signed.json" <<JSON
{
  "formatVersion": 1, "id": "e2e-scripts", "name": "Signed", "defaultEnvironment": "alpha",
  "requests": [
    {"id": "signed", "name": "Signed call", "method": "GET", "url": "/signed",
     "scripts": {
       "preRequest": "const ts = String(Date.now());\\nconst sig = CryptoJS.HmacSHA256('GET\\\\n/signed\\\\n' + ts, pm.environment.get('signingKey')).toString(CryptoJS.enc.Hex);\\npm.request.headers.add({key: 'X-Timestamp', value: ts});\\npm.request.headers.add({key: 'X-Signature', value: sig});\\nconsole.log('signed at ' + ts);",
       "test": "pm.test('signature accepted', () => pm.response.to.have.status(200));\\npm.test('body says signed', () => pm.expect(pm.response.json().signed).to.equal(true));\\npm.test('deliberately failing', () => pm.expect(pm.response.json().signed).to.equal('nope'));\\nconsole.warn('tested ' + pm.info.requestName);\\npm.sendRequest('/whoami', (err, res) => console.log('whoami answered ' + res.code));"
     }}
  ],
  "environments": [{"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$ALPHA",
    "variables": [{"name": "signingKey", "value": "e2e-signing-key"}]}]
}
JSON

explorer sc "$FOLDER" tui signed.json
required "start: the collection appears" wait_for sc "GET   Signed call"
# engine_mapped yes|no: whether JavaScriptCore is mapped into lazer (loaded on a script's first use).
engine_mapped() {
    local pid
    pid=$(lazer_pid sc)
    [[ -n $pid && -r /proc/$pid/maps ]] || return 1
    if grep -q javascriptcoregtk "/proc/$pid/maps"; then [[ $1 == yes ]]; else [[ $1 == no ]]; fi
}
check "start: the script engine is not loaded" engine_mapped no
keys sc g g
keys sc j
keys sc Enter
required "open: Signed call" wait_for sc "Request · Signed call"
check "the Scripts tab title counts the scripts" wait_for sc "Scripts 2"
keys sc F5
required "send: an untrusted file's scripts are asked about first" wait_for sc "Run scripts of Signed\?"
check "send: the question lists the scripts" wait_for sc "request Signed call \(pre-request\)"
sleep 0.6
keys sc Escape
check "esc: the card says nothing was sent" wait_for sc "Not sent: scripts not trusted"
check "esc: nothing reached the server" stays_absent_in_log "GET /signed"
keys sc F5
required "again: asked again" wait_for sc "Run scripts of Signed\?"
sleep 0.6
keys sc M-t
check "trust: the question closes" wait_gone sc "Run scripts of Signed\?"
check "trust: the server accepted the script's HMAC signature" wait_file "$LOG" "^alpha signed ok$"
check "trust: the script engine is loaded now" engine_mapped yes
check "trust: the answer is shown" wait_for sc "200 OK"
check "trust: the failing pm.test is counted on the Checks tab's title" wait_for sc "Checks ✗1"
check "trust: remembered for this user, outside the collection" \
    wait_file "$XDG_STATE_HOME/lazer/trusted-scripts.json" "signed\.json"
keys sc Tab
for _ in 1 2 3 4; do keys sc "]"; done
check "checks: the script's passing test" wait_for sc "✓ signature accepted"
check "checks: the failing test with its assertion's message" \
    wait_for sc "✗ deliberately failing  expected true to equal 'nope'"
keys sc "]"
check "console: the pre-request script's line" wait_for sc "signed at [0-9]+"
check "console: the test script's warning" wait_for sc "warn: tested Signed call"
check "console: the answer to the script's pm.sendRequest" wait_for sc "whoami answered 200"
check "pm.sendRequest went through the transport to the server" wait_file "$LOG" "^alpha GET /whoami$"
keys sc "[" "["
check "timeline: the pre-request scripts before the send" wait_for sc "pre-request +– +[0-9<]"
check "timeline: the test script stage" wait_for sc "test script +[0-9<]"
check "timeline: the script's request under its stage" \
    wait_for sc "↳ pm.sendRequest GET http://127\.0\.0\.1:$ALPHA/whoami → 200 in"
keys sc F5
check "again: sent without a question" wait_for sc "History 2"
check "again: the server accepted the second signature" test "$(grep -c '^alpha signed ok$' "$LOG")" = 2
keys sc M-8
check "scripts tab: the pre-request script parses" wait_for sc "Pre-request script  before the send  ✓ parses"
keys sc j Enter
literal sc "if (("
check "scripts tab: a syntax error as it is typed, with its line" wait_for sc "Test script  ✗ line [0-9]+: SyntaxError"
check "scripts tab: the edit is a draft, not saved" wait_for sc "● 1 unsaved"
finish
