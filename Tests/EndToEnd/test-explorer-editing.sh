# Editing a request (issue 33, the remaining friction): `z` undoes an edit (a deleted header row
# comes back), `Z` redoes it, `X` reverts to the saved request and `z` brings the edits back;
# Enter on a named row edits its value (typing `2` on `page` made `?2=1`); `{{` and header names
# complete (Tab takes the item); a mock's 307 is followed as live; at 80×24 the collections pane
# widens while it has the focus; `u` undoes a rename. Nothing leaves the machine: the only environment is a mock.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

WORK="$E2E_DIR/work"
mkdir -p "$WORK"
cat >"$WORK/edit.json" <<'JSON'
{
  "formatVersion": 1,
  "id": "edit-0000-4000-8000-000000000005",
  "name": "Editing",
  "defaultEnvironment": "dev",
  "variables": [ { "name": "pageSize", "value": "20" } ],
  "environments": [
    {
      "name": "dev", "kind": "mock", "baseURL": "http://dev.mock",
      "routes": [
        { "method": "GET", "path": "/old", "response": { "status": 307, "headers": [ { "name": "Location", "value": "/new" } ] } },
        { "method": "GET", "path": "/new", "response": { "json": { "movedHere": true } } }
      ]
    }
  ],
  "requests": [
    { "id": "mine", "name": "Projects of a user", "method": "GET", "url": "/new" },
    {
      "id": "list", "name": "List the projects of the whole organisation", "method": "GET", "url": "/old",
      "query": [ { "name": "page", "value": "1" } ],
      "headers": [ { "name": "Accept", "value": "application/json" } ]
    }
  ]
}
JSON

explorer edit "$WORK" tui edit.json --request list
required "start: the request is open" wait_for edit "Request · List the projects of the whole organisation"

# Undo, redo, revert.
keys edit M-2 d
check "undo: the header row is deleted" wait_for edit "none — press a to add"
keys edit z
check "undo: z brings the deleted row back" wait_for edit "Accept +application/json"
check "undo: the status line says what was undone" wait_for edit "Undone: Headers"
keys edit Z
check "redo: Z deletes it again" wait_for edit "none — press a to add"
keys edit X
check "revert: X shows the request as saved" wait_for edit "Accept +application/json"
check "revert: the draft is gone" wait_gone edit "Request · List the projects of the whole organisation ●"
keys edit z
check "revert: z brings the edits back" wait_for edit "none — press a to add"
keys edit X

# Enter on a named row edits its value; the edited cell is named in the status line.
keys edit M-1 Enter
check "cell: Enter on page edits its value" wait_for edit "enter keep the value"
keys edit BSpace
literal edit "2"
keys edit Enter
check "cell: typing 2 on page makes ?page=2" wait_for edit "GET /old\?page=2"

# Completion: {{ in a cell, header names in the Headers table.
keys edit a
literal edit "size"
keys edit Tab
literal edit "{{pa"
check "completion: {{ lists the variables in scope" wait_for edit "pageSize +collection"
keys edit Tab Enter
check "completion: Tab takes the variable" wait_for edit "size=\{\{pageSize\}\}"
keys edit M-2 a
literal edit "user-ag"
check "completion: header names" wait_for edit "User-Agent"
keys edit Tab Tab
literal edit "lazer"
keys edit Enter
check "completion: the header is written" wait_for edit "User-Agent +lazer"

# The mock's 307 is followed, as live.
keys edit F5
check "redirect: the mock's 307 is followed" wait_for edit "movedHere"
keys edit C-q
wait_for edit "Alt\+D" && keys edit M-d

# At 80×24 the collections pane widens while it has the focus: names cut at 24 columns read whole;
# the open request's title gives its whole name.
start small 80 24 "cd $(printf '%q' "$WORK") && env TERM=tmux-256color \
XDG_STATE_HOME=$(printf '%q' "$XDG_STATE_HOME") XDG_CONFIG_HOME=$(printf '%q' "$XDG_CONFIG_HOME") \
$(wrapper tui edit.json --request list)"
required "small: the request is open" wait_for small "╭─ +List the projects of the whole organisation +─"
check "small: names are cut in the narrow collections pane" wait_for small "GET +Projects [^│]*…"
keys small g 1
check "small: focused, the collections pane widens and the name reads whole" wait_for small "GET +Projects of a user"

# u after a rename gives the old name back (it said "Nothing to undo").
keys small k r
literal small "Mine"
keys small Enter
check "rename: the new name is written" wait_file "$WORK/edit.json" '"name": "Mine"'
keys small u
check "rename: u gives the old name back" wait_file "$WORK/edit.json" '"name": "Projects of a user"'
check "rename: on screen too" wait_for small "GET +Projects of a user"
finish
