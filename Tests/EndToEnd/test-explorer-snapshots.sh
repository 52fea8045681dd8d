# Snapshots in the explorer against a loopback server: a request with a snapshot check fails with
# "no snapshot yet", A (accept as snapshot) asks first and writes <collection>.snapshots/<id>.json
# on Alt+A, the next send passes; the stored file changed behind the explorer's back, H re-checks
# the latest history entry without sending and fails with the JSONPath, and A shows that change
# before replacing the file.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

required "the server starts" start_server alpha
mkdir -p "$E2E_DIR/snap"
cat >"$E2E_DIR/snap/snap.json" <<EOF2
{
  "formatVersion": 1,
  "id": "e2e-snapshots",
  "name": "Snap",
  "defaultEnvironment": "alpha",
  "requests": [
    {"id": "things", "name": "Things", "method": "GET", "url": "/things",
     "expectations": [
       {"subject": "status", "op": "equals", "value": 200},
       {"subject": "snapshot", "headers": ["content-type", "x-server"]}
     ]}
  ],
  "environments": [{"name": "alpha", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
EOF2
SNAPSHOT="$E2E_DIR/snap/snap.snapshots/things.json"

explorer s "$E2E_DIR/snap" tui --request Things snap.json
required "the explorer opens Things" wait_for s "Request · Things"
keys s F5
required "Things is answered" wait_for s " 200 OK "
check "the snapshot check fails: no snapshot yet" wait_for s "Checks ✗1"
keys s g 3 A
check "A asks before writing" wait_for s "Accept as snapshot\\?"
check "... saying the file will be created" wait_for s "will be created"
check "... and nothing is written yet" test ! -e "$SNAPSHOT"
sleep 0.7
keys s M-a
check "Alt+A writes the snapshot file" wait_file "$SNAPSHOT" '"x-server": "alpha"'
check "... and says so" wait_for s "Snapshot created"
keys s F5
# The accepted snapshot already shows "Checks ✓2" on the first answer: the second send has
# ended (and H can re-check it) once its history entry is listed.
check "the next send is recorded" wait_for s "History 2"
check "... and passes both checks" wait_for s "Checks ✓2"

sed -i 's/"server": "alpha"/"server": "omega"/' "$SNAPSHOT"
sent_before=$(grep -c "GET /things" "$E2E_DIR/server.log")
keys s H
check "H re-checks the latest history entry" wait_for s "Re-checked the history entry"
check "... the snapshot check fails with the path" wait_for s '\$\.server: "omega" → "alpha"'
check "... and nothing was sent" test "$(grep -c "GET /things" "$E2E_DIR/server.log")" -eq "$sent_before"
keys s A
check "A shows the change before writing" wait_for s '1 change from'
sleep 0.7
keys s M-a
check "Alt+A replaces the file" wait_file "$SNAPSHOT" '"server": "alpha"'
check "... and says it was updated" wait_for s "Snapshot updated"
keys s C-q
check "the explorer quits" wait_for s "lazer-exit=0"
finish
