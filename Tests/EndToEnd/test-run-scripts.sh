# `lazer run --trust-scripts` starts JavaScriptCore only for a run that has scripts: a run of
# declarative expectations never loads it (the library's dlopen, seen through glibc's LD_DEBUG),
# and one with a test script loads it and passes the script's tests, on a mock environment.
# Usage: Tests/EndToEnd/test-run-scripts.sh [PATH-TO-LAZER] (or LAZER=... as run-all.sh sets).
LAZER=${LAZER:-${1:?usage: test-run-scripts.sh PATH-TO-LAZER}}
source "$(dirname "$0")/lib.sh"
export XDG_STATE_HOME="$E2E_DIR/state" XDG_CONFIG_HOME="$E2E_DIR/config"

# collection FILE SCRIPTED: one GET on a mock environment, checked by a test script or by the
# equivalent declarative expectation.
collection() {
    python3 - "$1" "$2" <<'PY'
import json, sys
path, scripted = sys.argv[1], sys.argv[2] == "yes"
request = {"id": "who", "name": "Who", "method": "GET", "url": "/who"}
if scripted:
    request["scripts"] = {"test": "pm.test('name is ada', () => pm.expect(pm.response.json().name).to.eql('ada'));"}
else:
    request["expectations"] = [{"subject": "jsonPath", "path": "$.name", "op": "equals", "value": "ada"}]
json.dump({
    "formatVersion": 1, "id": "engine", "name": "Engine", "defaultEnvironment": "mock",
    "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://engine.mock",
                      "routes": [{"method": "GET", "path": "/who", "response": {"status": 200, "json": {"name": "ada"}}}]}],
    "requests": [request],
}, open(path, "w"))
PY
}
collection "$E2E_DIR/declarative.json" no
collection "$E2E_DIR/scripted.json" yes

LD_DEBUG=files "$LAZER" run "$E2E_DIR/declarative.json" --trust-scripts --no-history \
    >"$E2E_DIR/declarative.out" 2>"$E2E_DIR/declarative.err"
check "a run without scripts passes" test $? -eq 0
check "a run without scripts never loads JavaScriptCore, even with --trust-scripts" \
    bash -c "! grep -q javascriptcoregtk '$E2E_DIR/declarative.err'"

LD_DEBUG=files "$LAZER" run "$E2E_DIR/scripted.json" --trust-scripts --no-history --reporter json \
    >"$E2E_DIR/scripted.out" 2>"$E2E_DIR/scripted.err"
check "a run with a test script passes" test $? -eq 0
check "its report has the script's test, passed" python3 -c '
import json, sys
checks = json.load(open(sys.argv[1]))["requests"][0]["checks"]
sys.exit(0 if [(c["label"], c["passed"]) for c in checks] == [("name is ada", True)] else f"    {checks}")
' "$E2E_DIR/scripted.out"
check "a run with scripts loads JavaScriptCore" grep -q "file=libjavascriptcoregtk" "$E2E_DIR/scripted.err"
finish
