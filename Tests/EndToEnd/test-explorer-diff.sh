# The explorer's Diff view and `lazer diff`, offline: a collection with two mock environments that
# answer differently. F5 in `a`, then the palette's "Compare with environment…" sends the request in
# `b` and shows both answers side by side (changed values marked ~, removed -, added +, unchanged
# subtrees folded, Enter unfolds one and folds it again); n moves to the next change; Esc closes it;
# the status line says what was compared (not the stale "Sending it in b…"). In the History tab, m on
# two entries compares them; in the Alt+H browser Ctrl+D does. `lazer diff` prints the two bodies'
# changes and exits 1.
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
          "total": 2, "next": null, "meta": { "page": 1, "size": 2 } } } } ] },
    { "name": "b", "kind": "mock", "baseURL": "http://b.mock", "routes": [
      { "method": "GET", "path": "/items", "response": { "status": 200, "json":
        { "items": [{ "id": 1, "name": "Ada L.", "tags": ["x", "y"] }, { "id": 2, "name": "Grace", "price": "12.50" }],
          "total": 2, "meta": { "page": 1, "size": 2 } } } } ] }
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
check "compare: the status line says what was compared" wait_for diff "Compared a \\(shown\\) with b · 200"
check "compare: no stale 'Sending it in b'" wait_gone diff "Sending it in b"
keys diff n
check "n: the next change" wait_for diff "change 2/4"
keys diff G k
check "compare: an unchanged subtree is folded, marked ▸" wait_for diff '▸ +meta: \{…\} 2 keys'
keys diff Enter
check "Enter: the subtree unfolds on both sides" wait_for diff '▾ +meta: \{ +│▾ +meta: \{'
check "Enter: its members shown" wait_for diff 'page: 1 +│ +page: 1'
keys diff Space
check "Space: it folds again" wait_gone diff 'page: 1'
keys diff Escape
check "Esc: the view closes" wait_gone diff "4 changes: 1 added"
keys diff g 3 '['
check "history: two exchanges (a, then b)" wait_for diff "History 2"
keys diff g g m
check "m: the entry is marked" wait_for diff "Marked .*: m on another entry compares them"
keys diff j m
check "m on another: the two entries side by side" wait_for diff "4 changes: 1 added, 1 removed, 2 changed"
keys diff q
check "q: the view closes" wait_gone diff "4 changes:"
keys diff M-h
check "Alt+H: the history browser lists both exchanges" wait_for diff "History · 2 entries"
keys diff C-d
check "Ctrl+D in the browser: the entry is marked" wait_for diff "Marked .*: ctrl\\+d on another entry compares them"
keys diff Down C-d
check "Ctrl+D on another: the Diff view opens" wait_for diff "4 changes: 1 added, 1 removed, 2 changed"
check "Ctrl+D on another: the browser made way" wait_gone diff "History · 2 entries"
keys diff Escape

cat > "$WORK/left.json" <<'JSON'
{"id": "order-1", "total": 12.50, "tags": ["new"]}
JSON
cat > "$WORK/right.json" <<'JSON'
{"tags": ["new", "gift"], "total": "12.50", "id": "order-1"}
JSON
check "lazer diff: the changes, exit 1" bash -c "cd '$WORK' && '$LAZER' diff left.json right.json > out.txt; test \$? -eq 1 && grep -q '^@@ \$.total\$' out.txt && grep -q '^+\"gift\"\$' out.txt"
check "lazer diff: the same file, exit 0 and nothing printed" bash -c "cd '$WORK' && '$LAZER' diff left.json left.json > same.txt && test ! -s same.txt"
finish
