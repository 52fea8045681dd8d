# `lazer run --shard K/N` and `lazer report merge`: a collection run whole and as two shards (on its
# mock environment), the shards' JSON reports merged. The merge must equal the whole run (times
# aside) in JSON and JUnit, the shards must split at whole folders and keep a capture's requests
# together, and the exit statuses must be the run's.
source "$(dirname "$0")/lib.sh"

cat >"$E2E_DIR/shop.json" <<'JSON'
{
  "formatVersion": 1,
  "id": "5ba4d000-0000-4000-8000-0000000000e2",
  "name": "Sharded shop",
  "defaultEnvironment": "mock",
  "folders": [
    {"name": "Login", "requests": [
      {"id": "login", "name": "Log in", "method": "POST", "url": "/login",
       "captures": [{"variable": "token", "from": "jsonPath", "path": "$.token"}],
       "expectations": [{"subject": "status", "op": "equals", "value": 200}]}]},
    {"name": "Orders", "requests": [
      {"id": "orders", "name": "Orders", "method": "GET", "url": "/orders",
       "headers": [{"name": "X-Token", "value": "{{token}}"}],
       "expectations": [{"subject": "status", "op": "equals", "value": 200}]}]},
    {"name": "Health", "requests": [
      {"id": "health", "name": "Health", "method": "GET", "url": "/health",
       "expectations": [{"subject": "status", "op": "equals", "value": 200}]},
      {"id": "version", "name": "Version", "method": "GET", "url": "/version",
       "expectations": [{"subject": "body", "op": "equals", "value": "2.0"}]}]}
  ],
  "requests": [
    {"id": "ping", "name": "Ping", "method": "GET", "url": "/ping"},
    {"id": "pong", "name": "Pong", "method": "GET", "url": "/pong"}
  ],
  "environments": [
    {"name": "mock", "kind": "mock", "baseURL": "http://shard.mock", "routes": [
      {"method": "POST", "path": "/login", "response": {"json": {"token": "t-123"}}},
      {"method": "GET", "path": "/orders", "headers": [{"name": "X-Token", "value": "t-123"}],
       "response": {"json": [1, 2]}},
      {"method": "GET", "path": "/health", "response": {"text": "ok"}},
      {"method": "GET", "path": "/version", "response": {"text": "1.0"}},
      {"method": "GET", "path": "/ping", "response": {"text": "pong"}},
      {"method": "GET", "path": "/pong", "response": {"text": "ping"}}
    ]}
  ]
}
JSON

cd "$E2E_DIR" || exit 1
"$LAZER" run shop.json --no-history --reporter json --output whole.json --reporter junit --output whole.xml >/dev/null 2>&1
check "the whole run exits 1 (one check fails)" test $? -eq 1
"$LAZER" run shop.json --no-history --shard 1/2 --reporter json --output shard-1.json >/dev/null 2>&1
check "shard 1/2 exits 0 (its checks pass)" test $? -eq 0
"$LAZER" run shop.json --no-history --shard 2/2 --reporter json --output shard-2.json >/dev/null 2>&1
check "shard 2/2 exits 1 (it has the failing check)" test $? -eq 1

ids() { python3 -c 'import json,sys; print(" ".join(r["id"] for r in json.load(open(sys.argv[1]))["requests"]))' "$1"; }
check "shard 1/2 runs Login and Orders together (a capture joins them) and Ping" test "$(ids shard-1.json)" = "login orders ping"
check "shard 2/2 runs the Health folder whole and Pong" test "$(ids shard-2.json)" = "health version pong"

# Given in the other order: the merge puts them back in the whole run's order.
"$LAZER" report merge shard-2.json shard-1.json --output merged.json 2>merge.err
check "report merge exits with the merged run's status (1)" test $? -eq 1
check "report merge says nothing on stderr for a complete set" test ! -s merge.err

# normalise FILE: the JSON report without what differs between runs (times, shard bookkeeping).
normalise() {
    python3 - "$1" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
for key in ("startedAt", "durationMs", "shard"):
    report.pop(key, None)
for request in report["requests"]:
    for key in ("durationMs", "phases", "position"):
        request.pop(key, None)
print(json.dumps(report, indent=1, sort_keys=True))
PY
}
normalise whole.json >whole.norm
normalise merged.json >merged.norm
check "two shards merged equal one whole run (JSON, times aside)" diff -u whole.norm merged.norm

"$LAZER" report merge shard-1.json shard-2.json --reporter junit --output merged.xml
strip_times() { sed -E 's/ time="[0-9.]+"//g' "$1"; }
check "two shards merged equal one whole run (JUnit, times aside)" diff <(strip_times whole.xml) <(strip_times merged.xml)

"$LAZER" report merge shard-1.json shard-2.json --reporter html --output merged.html
check "the merge's HTML report has the whole run's numbers" \
    bash -c "grep -Fq '<td id=\"summary-requests\">6</td>' merged.html && grep -Fq '<td id=\"summary-failed\">1</td>' merged.html"
check "the merge's HTML report shows the bodies the shards kept" grep -Fq '<pre class="body">1.0</pre>' merged.html

"$LAZER" report merge shard-1.json shard-1.json >/dev/null 2>dup.err
status=$?
check "the same shard twice is refused (exit 2), named" bash -c "test $status -eq 2 && grep -q 'shard 1/2 is given twice' dup.err"
"$LAZER" report merge shard-1.json >/dev/null 2>missing.err
check "a missing shard is a warning" grep -q 'warning: shard 2/2 missing' missing.err
"$LAZER" run shop.json --no-history --shard 3/2 >/dev/null 2>bad.err
status=$?
check "--shard 3/2 is a usage error, said" bash -c "test $status -ne 0 && grep -q 'expected K/N' bad.err"

finish
