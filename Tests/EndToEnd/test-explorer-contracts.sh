# Contracts on every response (issue 27), against the real binary and a loopback server
# (explorer_server.py answers {"server", "path", "items": [{"id": 1, "title"}]}): an OpenAPI
# document of our own (YAML) whose schema says ids are strings is imported; the import keeps it
# as JSON beside the collection; lazer validate passes; lazer run fails with the finding's JSONPath
# in the human and JUnit reports (exit status 1); in the explorer the answer's tree marks the
# offending row with what is wrong, f jumps to it, and the Checks tab lists it; under a JSONPath
# filter the row keeps its marker. `lazer import --contract-ref` names the YAML file itself as the
# contract instead: validate and run read it there.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

LOG="$E2E_DIR/server.log"
touch "$LOG"
required "the drifting server starts" start_server drift
DRIFT=$PORT

WORK="$E2E_DIR/work"
mkdir -p "$WORK/Collections"
cat >"$WORK/drift.yaml" <<EOF
openapi: 3.0.3
info:
  title: Drift
  version: "1"
servers:
  - url: http://127.0.0.1:$DRIFT
paths:
  /who:
    get:
      summary: Who answers
      operationId: whoAnswers
      responses:
        '200':
          description: who answered
          content:
            application/json:
              schema:
                type: object
                required: [server, items]
                properties:
                  server:
                    type: string
                  items:
                    type: array
                    items:
                      type: object
                      required: [id, title]
                      properties:
                        id:
                          type: string
                        title:
                          type: string
EOF

run_lazer() { (cd "$WORK" && "$LAZER" "$@"); }

# --- Import -------------------------------------------------------------------------------------
output=$(run_lazer import drift.yaml --into Collections/drift.json 2>&1)
required "import: the document becomes a collection" grep -q "Imported 1 request" <<<"$output"
check "import: the document is kept beside it as JSON" test -f "$WORK/Collections/contracts/drift.openapi.json"
check "import: the collection names it as its contract" \
    grep -q '"document": "contracts/drift.openapi.json"' "$WORK/Collections/drift.json"
check "import: the request names its operation" grep -q '"operationId": "whoAnswers"' "$WORK/Collections/drift.json"
output=$(run_lazer validate Collections 2>&1)
check "validate: the collection and its contract pass (the copy is not read as a collection)" \
    grep -q "^ok: Collections/drift.json: Drift, 1 requests" <<<"$output"

# --- The YAML file itself as the contract (--contract-ref) ---------------------------------------
mkdir -p "$WORK/ref/Collections"
output=$(cd "$WORK/ref" && "$LAZER" import ../drift.yaml --into Collections/ref.json --contract-ref 2>&1)
check "contract-ref: imported" grep -q "Imported 1 request" <<<"$output"
check "contract-ref: the collection names the YAML file by its path" \
    grep -q '"document": "../../drift.yaml"' "$WORK/ref/Collections/ref.json"
check "contract-ref: no copy written" test ! -e "$WORK/ref/Collections/contracts"
output=$(cd "$WORK/ref" && "$LAZER" validate Collections 2>&1)
check "contract-ref: validate reads the YAML contract" grep -q "^ok: Collections/ref.json" <<<"$output"
output=$(cd "$WORK/ref" && "$LAZER" run Collections/ref.json 2>&1)
check "contract-ref: run checks against it" \
    grep -q 'contract whoAnswers \$.items\[0\].id: expected a string, actual' <<<"$output"

# --- lazer run -----------------------------------------------------------------------------------
output=$(run_lazer run Collections/drift.json 2>&1)
status=$?
check "run: exit status 1 on a contract finding" test "$status" -eq 1
check "run: the human report names the path and what is wrong" \
    grep -q 'contract whoAnswers \$.items\[0\].id: expected a string, actual' <<<"$output"
run_lazer run Collections/drift.json --reporter junit --output "$E2E_DIR/report.xml" >/dev/null 2>&1
check "run: the JUnit report has the finding as a failure" \
    grep -q 'failure message="contract whoAnswers \$.items\[0\].id: expected a string' "$E2E_DIR/report.xml"

# --- The explorer --------------------------------------------------------------------------------
explorer contracts "$WORK" --request whoAnswers
required "explorer: the request is selected" wait_for contracts "Request · Who answers"
keys contracts F5
required "explorer: the answer comes" wait_for contracts " 200 OK "
check "explorer: the status line counts the failed check" wait_for contracts "Checks ✗1"
keys contracts g 3
keys contracts f
check "explorer: f opens the offending row, which says what is wrong" \
    wait_for contracts 'id: 1 +✗ expected a string, found'
check "explorer: the toast names the finding" wait_for contracts "Finding 1 of 1: expected a string"
keys contracts ']' ']' ']' ']'
check "explorer: the Checks tab lists the finding with its path" \
    wait_for contracts '✗ contract whoAnswers \$\.items\[0\]\.id +expected a string'
keys contracts '[' '[' '[' '['
keys contracts '|'
literal contracts '$.items[*]'
keys contracts Enter
required "explorer: the JSONPath filter applies" wait_for contracts '1 value selected by \$\.items\[\*\]'
check "explorer: under the filter the row keeps its marker" wait_for contracts 'id: 1 +✗ expected a string, found'
keys contracts C-q
check "explorer: quits" wait_for contracts "lazer-exit=0"

finish
