# Lazer's own writes and the "changed on disk" question (issues 33 and 34), on a copy of the shipped
# JSONPlaceholder collection: J J K K with a draft writes the file four times in a row and never
# asks (nor saves the draft); an outside edit that arrives while the URL is being typed waits for
# the edit to end, and no key typed meanwhile (or right after) answers it.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK="$E2E_DIR/work"
mkdir -p "$WORK/mocks"
cp "$REPO/Collections/jsonplaceholder.json" "$WORK/"
cp -R "$REPO/Collections/mocks/jsonplaceholder" "$WORK/mocks/"
FILE="$WORK/jsonplaceholder.json"
ORIGINAL="$E2E_DIR/original.json"
cp "$FILE" "$ORIGINAL"

# wait_order N NAME: polls until the Nth request of the Posts folder in the file is NAME.
wait_order() {
    local deadline=$((SECONDS + E2E_TIMEOUT))
    while ((SECONDS < deadline)); do
        [[ "$(posts_order | sed -n "$1p")" == "$2" ]] && return 0
        sleep 0.05
    done
    posts_order | sed 's/^/    | /' >&2
    return 1
}

file_lacks() { ! grep -q -- "$1" "$FILE"; }

# The order of the Posts folder's requests in the file, one name a line.
posts_order() { python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); print("\n".join(r["name"] for r in c["folders"][0]["requests"]))' "$FILE"; }

# --- J J K K with a draft ----------------------------------------------------------------------
explorer main "$WORK" tui jsonplaceholder.json
required "start: List posts is open" wait_for main "Request · List posts"
keys main C-l End
literal main "&draft=1"
keys main Escape
required "draft: the URL edit is a draft" wait_for main "● 1 unsaved"
# The edit is over (the hints say how to start one, not how to stop) before g: an Esc and a g read
# together are Alt+G.
required "draft: the URL is no longer typed in" wait_gone main "stop editing the URL"
keys main g 1
check "moves: the collections pane has the focus" wait_for main "/ filter as you type"
first=$(posts_order | head -1)
keys main J J K K
check "moves: four quick writes raise no 'changed on disk'" stays_absent main "changed on disk|Keep mine" 2
check "moves: the file is back in its order" test "$(posts_order | head -1)" = "$first"
check "moves: the file is the original" cmp -s "$FILE" "$ORIGINAL"
check "moves: the draft was not saved" file_lacks "draft=1"
check "moves: the draft is still a draft" wait_for main "● 1 unsaved"
keys main J J
check "moves: J J moved List posts down two places in the file" wait_order 3 "List posts"
check "moves: still no question" stays_absent main "changed on disk|Keep mine" 1

# --- An outside edit while the URL is typed ----------------------------------------------------
keys main Enter
keys main C-l End
literal main "&te"
sed -i 's/"name": "Get a post"/"name": "Fetch a post"/' "$FILE"
check "outside: the question waits while the URL is typed" \
    wait_for main "changed on disk: Lazer asks what to keep when you finish typing"
literal main "st"
check "outside: t did not answer: every key went into the URL" wait_for main "&draft=1&test"
check "outside: no question over the field" stays_absent main "Keep mine" 1
keys main Escape
check "outside: the edit ended: it asks now" wait_for main "JSONPlaceholder changed on disk"
check "outside: it says what keeping mine does" wait_for main "\(nothing is saved\)"
keys main t K k Enter
sleep 0.7
keys main t k d Enter
check "outside: bare letters and Enter answered nothing" stays_absent main "Kept your|Took the new" 1
check "outside: the question is still open" wait_for main "\[ Keep mine \(Alt\+K\) \]"
keys main M-d
check "outside: Alt+D shows both sides" wait_for main "What the other program changed in the file"
check "outside: ... their rename" wait_for main '\+ +"name": "Fetch a post"'
check "outside: ... and the draft's change" wait_for main "What your drafts change \(not saved\)"
keys main Escape
check "outside: Esc goes back to the question" wait_for main "\[ Keep mine \(Alt\+K\) \]"
sleep 0.7
keys main M-k
check "outside: Alt+K keeps the draft as a draft" wait_for main "Kept your draft \(unsaved\) over the new version"
check "outside: their rename is shown" wait_for main "GET   Fetch a post"
check "outside: the file is theirs, the draft not saved" file_lacks "draft=1"
check "outside: the draft is still a draft" wait_for main "● 1 unsaved"
finish
