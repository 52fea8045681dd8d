# Path parameters (issue 33, bug 2): Enter on a path-parameter row edits its value, never its name
# (the name comes from the URL's :name), also on a request with query rows; an empty one stops the
# send with the card unresolved variables get. Nothing is sent anywhere: the collection's only
# environment is a mock.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

WORK="$E2E_DIR/work"
mkdir -p "$WORK"
cat >"$WORK/paths.json" <<'JSON'
{
  "formatVersion": 1,
  "id": "paths-0000-4000-8000-000000000003",
  "name": "Paths",
  "defaultEnvironment": "dev",
  "environments": [ { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [] } ],
  "requests": [
    {
      "id": "p-both", "name": "Both", "method": "GET", "url": "/projects/:project/items",
      "query": [ { "name": "page", "value": "1" }, { "name": "status", "value": "open" } ],
      "pathParams": [ { "name": "project", "value": "" } ]
    }
  ]
}
JSON

explorer paths "$WORK" tui paths.json
required "start: the request is open" wait_for paths "Request · Both"
keys paths F5
check "empty: F5 is stopped" wait_for paths "Not sent: nothing went out"
check "empty: the card names the empty path parameter" wait_for paths ":project: the path parameter has no value"
keys paths Enter
check "empty: Enter goes to the Params tab" wait_for paths "Path parameters"
keys paths Enter
literal paths "lazer"
keys paths Enter
check "edit: the value is typed into the path parameter" \
    wait_for paths "→ http://dev\.mock/projects/lazer/items\?page=1&status=open"
check "edit: the query rows are untouched" wait_for paths "status +open"
check "edit: the name is still project" wait_for paths "project +lazer"
keys paths Left Enter
literal paths "X"
keys paths Enter
check "edit: ← then Enter still edits the value, not the name" \
    wait_for paths "→ http://dev\.mock/projects/lazerX/items\?page=1&status=open"
keys paths C-s
check "save: Ctrl+S writes the value" wait_file "$WORK/paths.json" '"value": "lazerX"'
check "save: the name in the file is still project" wait_file "$WORK/paths.json" '"name": "project"'
finish
