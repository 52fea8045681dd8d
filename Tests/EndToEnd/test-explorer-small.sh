# The explorer at 80×24 (the size a user is most likely to have): an error card scrolls to its
# details and timeline, a copied collection file (same id as its original) is listed as broken
# with its reason instead of vanishing, and that reason wraps inside the problems dialog.
# Nothing leaves the machine: the request goes to a closed 127.0.0.1 port.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

DEAD=$(closed_port)
mkdir -p "$E2E_DIR/small"
cat >"$E2E_DIR/small/loopback.json" <<EOF
{
  "formatVersion": 1,
  "id": "e2e-explorer-small",
  "name": "Small",
  "defaultEnvironment": "dead",
  "requests": [{"id": "who", "name": "Who answers", "method": "GET", "url": "/who"}],
  "environments": [{"name": "dead", "kind": "live", "baseURL": "http://127.0.0.1:$DEAD"}]
}
EOF
# A copy made with cp: the same id. It sorts after the original, which keeps the id.
cp "$E2E_DIR/small/loopback.json" "$E2E_DIR/small/zcopy.json"

start small 80 24 "cd $(printf '%q' "$E2E_DIR/small") && env TERM=tmux-256color \
XDG_STATE_HOME=$(printf '%q' "$XDG_STATE_HOME") XDG_CONFIG_HOME=$(printf '%q' "$XDG_CONFIG_HOME") \
$(wrapper tui . --request who)"
required "start: the original opens" wait_for small "Request · Who answers"
check "copy: listed as broken, not dropped" wait_for small "✖ zcopy\.json"

keys small F5
required "dead: the error card" wait_for small "✖ Connection refused"
keys small g 3
keys small t
check "card: the details are open but below the fold" wait_for small "▾ Details"
check "card: the timeline's total is not on screen yet" wait_gone small "total +[0-9.<]+ m?s, failed while connecting"
keys small G
check "card: G scrolls to the end of the timeline" wait_for small "total +[0-9.<]+ m?s, failed while connecting"
keys small g g
check "card: g g scrolls back to its title" wait_for small "✖ Connection refused"

keys small g 1
keys small G
keys small Enter
check "problems: Enter on the copy lists why" wait_for small "Collection problems"
check "problems: the reason wraps inside the dialog" wait_for small "give this collection an id of its own"

finish
