# The explorer (`lazer`, `lazer tui`) on a copy of the shipped collections with the offline mock
# environment: browse → send → the JSON tree; tree search and JSONPath filter; edit a header →
# Ctrl+S changes one line of the file; quit with a draft → the prompt; kill -9 with a draft → the
# draft offered on restart; resize down to 1×1 and back; `lazer --help` lists tui.
# The loopback-server checks (environments, dead and slow servers) are in test-explorer-live.sh.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK="$E2E_DIR/work"
mkdir -p "$WORK"
cp -R "$REPO/Collections" "$WORK/Collections"
ORIGINAL="$E2E_DIR/jsonplaceholder.original.json"
cp "$REPO/Collections/jsonplaceholder.json" "$ORIGINAL"
FILE="$WORK/Collections/jsonplaceholder.json"

# one_line_changed: the saved file differs from the original in one line, the Accept header's
# value (diff prints exactly "NcN", the old line, "---", the new line).
one_line_changed() {
    local difference
    difference=$(diff "$ORIGINAL" "$FILE")
    if [[ $(wc -l <<<"$difference") -eq 4 ]] && grep -Eq '^[0-9]+c[0-9]+$' <<<"$(head -1 <<<"$difference")" &&
        grep -Eq '^< +"value": "application/json"$' <<<"$difference" &&
        grep -Eq '^> +"value": "application/json, text/plain"$' <<<"$difference"; then
        return 0
    fi
    echo "    diff of the collection file against the original:" >&2
    sed 's/^/    | /' <<<"$difference" >&2
    return 1
}

# stays_open NAME PATTERN: PATTERN is still on screen half a second later.
stays_open() {
    sleep 0.5
    screen "$1" | grep -Eq -- "$2"
}

validates() { "$LAZER" validate "$1" >/dev/null; }

help_lists_tui() { "$LAZER" --help | grep -Eq '^ +tui( |$)'; }

# --- Browse and send ---------------------------------------------------------------------------
# No arguments: the explorer opens ./Collections. This session is killed with SIGKILL below: its
# wrapper waits for the crash watcher's terminal restore before printing the exit status.
WRAP=wrapper_settled explorer main "$WORK"
required "start: the shipped collections appear" wait_for main "▸ Showcase"
check "start: httpbin is listed, unfolded" wait_for main "▾ httpbin"
check "start: JSONPlaceholder is listed, unfolded" wait_for main "▾ JSONPlaceholder"
check "start: the first request that answers offline is selected" wait_for main "Request · List posts"
check "start: its row is selected" wait_for main "  11/[0-9]+  ─╯"
keys main g g
check "start: g g goes to the first row" wait_for main "  1/[0-9]+  ─╯"
for _ in 1 2 3 4 5 6 7 8 9 10; do keys main j; done
check "browse: j moves down ten rows" wait_for main "  11/[0-9]+  ─╯"
keys main k
check "browse: k moves up to the Posts folder" wait_for main "  10/[0-9]+  ─╯"
keys main l
check "browse: l unfolds Posts" wait_for main "GET   List posts"
keys main j
check "browse: j selects the first request" wait_for main "  11/[0-9]+  ─╯"
keys main Enter
required "browse: Enter opens List posts" wait_for main "Request · List posts"
check "browse: the URL is resolved in the mock environment" \
    wait_for main "→ http://jsonplaceholder\.mock/posts "
check "browse: the mock environment is selected" wait_for main "env ▸ mock \(mock\)"

keys main F5
required "send: F5 answers 200 from the mock" wait_for main " 200 OK .*mock \(mock\)"
check "send: the JSON tree shows the array's ten items" wait_for main "▾ \[ 10 items"
check "send: the rows are folded objects" wait_for main "▸ 9: \{…\} 4 keys"
check "send: the four expectations passed" wait_for main "Checks ✓4"

# --- Tree search and JSONPath filter -----------------------------------------------------------
keys main Tab
# Should Tab fail, g 3 focuses the response pane so that the checks after it still run.
check "tree: Tab moves the focus to the response pane" wait_for main "/ search keys and values$" || keys main g 3
keys main /
check "search: / opens the search line" wait_for main "/ search keys and values, Enter finds"
literal main dolor
keys main Enter
check "search: Enter counts the matches" wait_for main "2 matches \(n/N\)"
check "search: the first match is unfolded" wait_for main 'title: "dolorem eum magni"'
check "search: the second match is still folded" wait_for main "▸ 7: \{…\} 4 keys"
keys main n
check "search: n unfolds the next match" wait_for main 'title: "dolorem dolore est"'
keys main '|'
check "filter: | opens the JSONPath line" wait_for main '\| JSONPath, e\.g\. \$\.\.id \(empty: no filter\)'
literal main '$[0].title'
keys main Enter
check "filter: the status line names the path" wait_for main "1 value selected by \\\$\[0\]\.title"
check "filter: the tree holds only the selected value" wait_for main '0: "sunt aut facere"'
check "filter: the other items are gone" wait_gone main "10 items|dolorem"

# --- Edit a header, save -----------------------------------------------------------------------
keys main g 1
check "edit: g 1 goes back to the collections" wait_for main "/ filter as you type"
keys main j j j
check "edit: Create a post is selected" wait_for main "  14/[0-9]+  ─╯"
keys main Enter
required "edit: Enter opens it" wait_for main "Request · Create a post"
keys main M-2
check "edit: Alt+2 shows the Headers tab" wait_for main "\[x\]  Accept +application/json +│"
keys main Right
keys main Enter
literal main ", text/plain"
keys main Enter
required "edit: the value cell takes the typed text" wait_for main "Accept +application/json, text/plain +│"
check "edit: the request is marked dirty" wait_for main "Request · Create a post ●"
check "edit: the status bar counts one unsaved request" wait_for main "● 1 unsaved$"
keys main C-s
check "save: Ctrl+S saves the collection" wait_for main "Saved jsonplaceholder\.json"
check "save: the dirty marker is gone" wait_gone main "● 1 unsaved"
check "save: the file differs from the original in exactly the header's line" one_line_changed
check "save: the file still validates" validates "$FILE"
cp "$FILE" "$E2E_DIR/saved.json"

# --- Quit with a draft: the prompt, cancel -----------------------------------------------------
keys main Space
check "draft: space switches the header off" wait_for main "\[ \]  Accept +application/json, text/plain +│"
check "draft: a second edit is a draft again" wait_for main "● 1 unsaved$"
keys main q
check "quit: q with a draft asks" wait_for main "Unsaved edits"
check "quit: the prompt offers save all, discard and cancel" \
    wait_for main "\[ Save all \(Alt\+S\) \]  \[ Discard \(Alt\+D\) \]  \[ Cancel \(Esc\) \]"
sleep 0.7  # keys typed before a question could be seen answer nothing
keys main c
check "quit: a bare c answers nothing" stays_open main "Unsaved edits"
keys main Escape
check "quit: Esc cancels the prompt" wait_gone main "Unsaved edits"
check "quit: lazer still runs after cancel" test -n "$(lazer_pid main)"

# --- kill -9 with a draft, restart, restore ----------------------------------------------------
check "kill: the draft was autosaved" wait_draft '"enabled": false'
pid=$(lazer_pid main)
[[ -n "$pid" ]] && kill -9 "$pid"
required "kill: lazer dies of SIGKILL" wait_for main "lazer-exit=137"
check "kill: the crash watcher restores the terminal" terminal_becomes_normal main
check "kill: the saved file is untouched" cmp -s "$FILE" "$E2E_DIR/saved.json"
t kill-session -t main

explorer again "$WORK" tui Collections
required "restart: the unsaved-drafts dialog is offered" wait_for again "Unsaved drafts found"
check "restart: it counts one draft" wait_for again "did not close cleanly last time\. 1"
sleep 0.7
keys again M-r
check "restore: Alt+R restores the draft" wait_for again "Restored 1 unsaved draft"
check "restore: the request carries the dirty marker" wait_for again "● POST  Create a post"
check "restore: the collection carries it too" wait_for again "▾ JSONPlaceholder ●"
keys again M-2
check "restore: the header is switched off again" wait_for again "\[ \]  Accept +application/json, text/plain +│"

# --- Resize ------------------------------------------------------------------------------------
t resize-window -t again -x 59 -y 16
check "resize: 59×16 says the terminal is too small" wait_for again "Terminal too small"
check "resize: the notice names the minimum" wait_for again "59×16 — lazer needs at least 60×16"
t resize-window -t again -x 60 -y 16
check "resize: 60×16 draws the explorer" wait_for again "╭─  Collections  ─"
check "resize: ... without the notice" wait_gone again "Terminal too small"
t resize-window -t again -x 1 -y 1
check "resize: the pane is 1×1" test "$(t display-message -p -t again '#{pane_width}x#{pane_height}')" = 1x1
sleep 0.3  # one poll interval for a crash to surface
check "resize: lazer survives 1×1" test -n "$(lazer_pid again)"
t resize-window -t again -x 30 -y 8
check "resize: 30×8 says too small" wait_for again "Terminal too small"
t resize-window -t again -x 120 -y 40
check "resize: back at 120×40 the full screen returns" wait_for again "Request · Create a post ●"
check "resize: ... with the response pane" wait_for again "╭─  Response  ─"
check "resize: ... and the status bar" wait_for again "F5 send  ctrl\+s save  F2 env"

# --- Quit with Ctrl+Q: cancel, then discard ----------------------------------------------------
keys again C-q
check "quit: Ctrl+Q with a draft asks" wait_for again "Unsaved edits"
sleep 0.7
keys again Escape
check "quit: Esc cancels" wait_gone again "Unsaved edits"
keys again C-q
check "quit: Ctrl+Q asks again" wait_for again "Unsaved edits"
sleep 0.7
keys again M-d
check "quit: Alt+D discards and exits with status 0" wait_for again "lazer-exit=0"
check "quit: the terminal is back in normal mode" terminal_is_normal again
check "quit: discarding left the file as saved" cmp -s "$FILE" "$E2E_DIR/saved.json"
check "quit: discarding removed the autosaved drafts" test -z "$(stored_drafts)"

# --- --help ------------------------------------------------------------------------------------
check "help: lazer --help lists tui" help_lists_tui
finish
