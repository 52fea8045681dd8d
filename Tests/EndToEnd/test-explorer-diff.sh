# The explorer's Diff view and `lazer diff`, offline: a collection with two mock environments that
# answer differently. F5 in `a`, then the palette's "Compare with environment…" sends the request in
# `b` and shows both answers side by side (changed values marked ~, removed -, added +, unchanged
# subtrees folded); n moves to the next change; Esc closes it. In the History tab, m on two entries
# compares them. `lazer diff` prints the two bodies' changes and exits 1.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

WORK="$E2E_DIR/work"
mkdir -p "$WORK/Collections"
cat > "$WORK/Collections/diff.json" <<'JSON'
{
  "formatVersion": 1,
  "id": "diff-e2e-0000-4000-8000-000000000001",
  "name": "Diff e2e",
  "defaultEnvironment": "a",
  "requests": [{ "id": "items", "name": "Items", "method": "GET", "url": "/items" }],
  "environments": [
    { "name": "a", "kind": "mock", "baseURL": "http://a.mock", "routes": [
      { "method": "GET", "path": "/items", "response": { "status": 200, "json":
        { "items": [{ "id": 1, "name": "Ada", "tags": ["x"] }, { "id": 2, "name": "Grace", "price": 12.5 }],
          "total": 2, "next": null } } } ] },
    { "name": "b", "kind": "mock", "baseURL": "http://b.mock", "routes": [
      { "method": "GET", "path": "/items", "response": { "status": 200, "json":
        { "items": [{ "id": 1, "name": "Ada L.", "tags": ["x", "y"] }, { "id": 2, "name": "Grace", "price": "12.50" }],
          "total": 2 } } } ] }
  ]
}
JSON

explorer diff "$WORK" --request Items
required "start: Items is selected" wait_for diff "Request · Items"
keys diff F5
required "send: the answer from a" wait_for diff "mock \\(a\\)"
keys diff C-p
literal diff "Compare with"
keys diff Enter
check "compare: the prompt offers the other environment" wait_for diff "Compare with environment \\(b\\)"
keys diff Enter
required "compare: the Diff view opens" wait_for diff "4 changes: 1 added, 1 removed, 2 changed"
check "compare: both sides' titles" wait_for diff "a \\(shown\\) +b · 200"
check "compare: a changed value on both sides" wait_for diff '~ +name: "Ada" +│~ +name: "Ada L."'
check "compare: a type change" wait_for diff '~ +price: 12.5 +│~ +price: "12.50"'
check "compare: an added item on the right" wait_for diff '│\+ +1: "y"'
check "compare: a removed member on the left" wait_for diff '│- +next: null'
keys diff n
check "n: the next change" wait_for diff "change 2/4"
keys diff Escape
check "Esc: the view closes" wait_gone diff "change 2/4"
keys diff g 3 '['
check "history: two exchanges (a, then b)" wait_for diff "History 2"
keys diff g g m
check "m: the entry is marked" wait_for diff "Marked .*: m on another entry compares them"
keys diff j m
check "m on another: the two entries side by side" wait_for diff "4 changes: 1 added, 1 removed, 2 changed"
keys diff q
check "q: the view closes" wait_gone diff "4 changes:"

cat > "$WORK/left.json" <<'JSON'
{"id": "order-1", "total": 12.50, "tags": ["new"]}
JSON
cat > "$WORK/right.json" <<'JSON'
{"tags": ["new", "gift"], "total": "12.50", "id": "order-1"}
JSON
check "lazer diff: the changes, exit 1" bash -c "cd '$WORK' && '$LAZER' diff left.json right.json > out.txt; test \$? -eq 1 && grep -q '^@@ \$.total\$' out.txt && grep -q '^+\"gift\"\$' out.txt"
check "lazer diff: the same file, exit 0 and nothing printed" bash -c "cd '$WORK' && '$LAZER' diff left.json left.json > same.txt && test ! -s same.txt"
finish
