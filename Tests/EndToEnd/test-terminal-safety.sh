# No hostile byte reaches the terminal: `lazer send` (a text and a JSON body on a terminal, -i
# headers, an error quoting a Location), `lazer json` (coloured output, an error excerpt, a file
# name) and `lazer validate` (collection strings, a file name) with OSC 0, OSC 52, SGR, a CSI via
# C1, a bidi override and ESC[2J, read from the raw bytes written to the pane (`pipe-pane`). Also:
# a body too large to show on a terminal leaves no temporary file behind.
source "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)

# The loopback server (its /hostile and /redirect-to routes); it exits when its stdin closes.
mkfifo "$E2E_DIR/server-in"
python3 "$root/Sources/LoopbackTesting/loopback_server.py" <"$E2E_DIR/server-in" >"$E2E_DIR/server-out" 2>&1 &
server=$!
exec 9>"$E2E_DIR/server-in"
trap 'exec 9>&-; kill $server 2>/dev/null; cleanup' EXIT
for _ in $(seq 100); do grep -q '^PORTS' "$E2E_DIR/server-out" && break; sleep 0.05; done
port=$(sed -n 's/.*http=\([0-9]*\).*/\1/p' "$E2E_DIR/server-out")
base="http://127.0.0.1:$port"

evil='\u001b]0;pwned\u0007\u001b]52;c;cHduZWQ=\u0007\u001b[31m\u009b2J\u202e'
printf '{"k%s": "v%s"}\n' "$evil" "$evil" >"$E2E_DIR/evil.json"
printf '[1 \xc2\x9b2J\xe2\x80\xae\x1b]0;t\x07]\n' >"$E2E_DIR/broken.json"
mkdir "$E2E_DIR/collections"
printf '{"formatVersion": 1, "id": "c", "name": "N%s", "requests": [{"id": "r", "name": "R%s", "method": "G%s", "url": "/"}]}\n' \
    "$evil" "$evil" "$evil" >"$E2E_DIR/collections/bad$(printf '\033[2J')"'
x.json'
cp "$E2E_DIR/evil.json" "$E2E_DIR/name$(printf '\033]0;t\007\342\200\256').json"
location=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("/x\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\u009b2J\u202e", safe=""))')

cat >"$E2E_DIR/run.sh" <<SCRIPT
"$LAZER" send "$base/hostile"
"$LAZER" send -i "$base/hostile"
"$LAZER" send "$base/hostile?type=application/json"
"$LAZER" send --follow "$base/redirect-to?status=302&location=$location"
"$LAZER" json --color always "$E2E_DIR/evil.json"
"$LAZER" json "$E2E_DIR/broken.json"
"$LAZER" json "$E2E_DIR"/name*.json --compact
"$LAZER" validate "$E2E_DIR/collections"
mkdir "$E2E_DIR/tmp"
TMPDIR="$E2E_DIR/tmp" "$LAZER" send "$base/bytes?size=300000000"
echo "temporary files left: \$(ls -A "$E2E_DIR/tmp" | wc -l)"
echo all-done
SCRIPT

start safe 200 100 "env PS1='$ ' sh"
t pipe-pane -t safe -o "cat >>'$E2E_DIR/raw'"
t send-keys -t safe "sh '$E2E_DIR/run.sh'" Enter
check "the commands ran" wait_for safe "^all-done" 60

# raw_has PATTERN: the bytes written to the pane match the (Perl) regexp.
raw_has() { perl -0777 -ne "exit(/$1/ ? 0 : 1)" "$E2E_DIR/raw"; }
check "no OSC (title, clipboard) reached the pane" bash -c "! perl -0777 -ne 'exit(/\e\]/ ? 0 : 1)' '$E2E_DIR/raw'"
check "no ESC[2J or the corpus's SGR reached the pane" \
    bash -c "! perl -0777 -ne 'exit(/\e\[(2J|31m)/ ? 0 : 1)' '$E2E_DIR/raw'"
check "no C1 control (U+009B CSI, U+009D OSC) reached the pane" bash -c "! perl -0777 -ne 'exit(/\xc2[\x80-\x9f]/ ? 0 : 1)' '$E2E_DIR/raw'"
check "no bidi override reached the pane" bash -c "! perl -0777 -ne 'exit(/\xe2\x80[\xaa-\xae]/ ? 0 : 1)' '$E2E_DIR/raw'"
check "no BEL reached the pane" bash -c "! perl -0777 -ne 'exit(/\x07/ ? 0 : 1)' '$E2E_DIR/raw'"
check "the escapes are shown visibly" raw_has '␛\]0;pwned␇'
check "-i prints the headers one per line" in_history safe '^X-Evil: a␛\]0;pwned␇b␛\[2J$'
not_in_history() { ! in_history "$@"; }
check "a CRLF body shows no carriage returns" not_in_history safe '␍'
check "a CRLF body reads as lines" in_history safe '^line two$'
check "JSON output escapes C1 and bidi controls" in_history safe 'u009B2J\\u202E'
check "a line break in a file name does not split a diagnostic" in_history safe 'bad␛\[2J␊x\.json:'

check "a body too large for the terminal is not shown" in_history safe 'bytes not shown on a terminal'
check "and its temporary file is removed" in_history safe '^temporary files left: 0$'

echo "$passed passed, $failed failed"
