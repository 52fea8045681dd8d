# Trees before the last byte (issue 31), as a user sees them: `lazer mock` serves a JSON array of
# 6,000 items paced at 60,000 bytes a second (about 4 s); the explorer, sending over HTTP to it as a
# live environment, shows the first items as a tree marked partial while the rest arrives, the
# tree grows (its root counting the items "so far"), a fold made meanwhile stays, `s` says the body
# is still arriving, a search made meanwhile goes on finding what comes after it, and the whole tree
# replaces it with its checks.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

mkdir -p "$E2E_DIR/partial"
python3 - "$E2E_DIR/partial/api.json" <<'PY'
import json, sys
items = [{"id": i, "name": f"item {i}", "tags": ["a", "b"]} for i in range(6000)]
collection = {
    "formatVersion": 1, "id": "e2e-partial-tree", "name": "Partial", "defaultEnvironment": "mock",
    "requests": [{"id": "items", "name": "Items", "method": "GET", "url": "/items",
                  "expectations": [{"subject": "jsonPath", "path": "$[5999].id", "op": "equals", "value": 5999}]}],
    "environments": [
        {"name": "mock", "kind": "mock", "baseURL": "http://partial.mock",
         "routes": [{"method": "GET", "path": "/items", "response": {"json": items, "bytesPerSecond": 60000}}]},
    ],
}
json.dump(collection, open(sys.argv[1], "w"))
PY

start mock 120 30 "cd $(printf '%q' "$E2E_DIR/partial") && $(wrapper mock api.json --env mock --port 0)"
required "mock: lazer mock serves the paced route" wait_for mock '^http://127\.0\.0\.1:[0-9]+$' 60
MOCK=$(screen mock | head -1)
python3 - "$E2E_DIR/partial/api.json" "$MOCK" <<'PY'
import json, sys
path, url = sys.argv[1], sys.argv[2]
collection = json.load(open(path))
collection["environments"].append({"name": "local", "kind": "live", "baseURL": url})
collection["defaultEnvironment"] = "local"
json.dump(collection, open(path, "w"))
PY

explorer partial "$E2E_DIR/partial" tui api.json
required "start: the request appears" wait_for partial "GET   Items"
keys partial g g
keys partial Enter
required "open: Enter opens it" wait_for partial "Request · Items"
keys partial F5
required "partial: the first items show as a tree while the body arrives" wait_for partial "◐ partial: what has come so far"
check "partial: the status line says it is still receiving" wait_for partial "receiving [0-9.]+ KB of [0-9.]+ KB"
check "partial: the first item is a row of the tree" wait_for partial "▸ 0: \{…\} 3 keys"
check "partial: the root counts its items so far" wait_for partial "▾ \[ [0-9,]+ items so far"
FIRST=$(screen partial | grep -oE '▾ \[ [0-9,]+ items' | head -1 | tr -dc 0-9)
keys partial g 3
keys partial j j Enter
check "partial: Enter unfolds an item of the partial tree" wait_for partial 'name: "item 1"'
keys partial s
check "partial: saving waits for the whole body" wait_for partial "The body is still arriving"
sleep 1
LATER=$(screen partial | grep -oE '▾ \[ [0-9,]+ items' | head -1 | tr -dc 0-9)
check "partial: the tree grows as the body comes ($FIRST, then $LATER items)" test "${LATER:-0}" -gt "${FIRST:-0}"
check "partial: the unfolded item stays unfolded as it grows" wait_for partial 'name: "item 1"'
keys partial /
t send-keys -t partial -l "item 59"
keys partial Enter
check "partial: a search finds what has come" wait_for partial "[0-9]+ match(es)? \(n/N\)"
FOUND=$(screen partial | grep -oE '[0-9]+ match(es)? \(n/N\)' | head -1 | tr -dc 0-9)
# The whole body holds 111 ("item 59", "item 590"…"item 599", "item 5900"…"item 5999").
check "partial: the search ran over part of the body ($FOUND of 111 matches)" test "${FOUND:-111}" -lt 111
check "partial: the partial line counts the matches so far" wait_for partial "◐ partial · /item 59: [0-9]+ match(es)? so far \(n/N\)"
keys partial g g
required "whole: the whole tree replaces it" wait_for partial "▾ \[ 6,000 items" 30
check "whole: no longer partial" wait_gone partial "◐ partial"
check "whole: its check passed" wait_for partial "Checks ✓1"
check "whole: the item unfolded before is still unfolded" wait_for partial 'name: "item 1"'
# The search runs again over the whole body (on the queries' queue, not behind the exchange's
# history write) and says the whole body's count once.
check "whole: the search's count over the whole body is said" wait_for partial "111 matches \(n/N\)"
keys partial N
check "whole: the search made while it arrived steps to a match that came later" wait_for partial 'name: "item 5999"'
keys partial C-q
check "quit: lazer exits with status 0" wait_for partial '^lazer-exit=0$'
t send-keys -t mock C-c
check "mock: it stops with exit status 0" wait_for mock '^lazer-exit=0$'
finish
