# The state store (history, drafts) shared by several real lazer processes: an explorer sending
# while `lazer run` writes history into the same store (every entry kept: the explorer kept 6 of
# 25 sends in JSON Lines files); two explorers sending at once at the history cap (every send
# kept); two explorers with drafts, one killed with SIGKILL (the other's
# drafts untouched, a restart offers only the killed one's, discarding removes only those); an
# unwritable state folder (a notice, and the Timeline's history stage failed).
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK="$E2E_DIR/work"
OTHER="$E2E_DIR/other"
mkdir -p "$WORK" "$OTHER"
cp -R "$REPO/Collections" "$WORK/Collections"
cp -R "$REPO/Collections" "$OTHER/Collections"
JP=5a0c6b8e-2f4d-4e51-9b7a-3c1d2e4f6a01

# history_count [REQUEST-ID]: JSONPlaceholder's history entries in the store (of one request).
history_count() {
    python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
if len(sys.argv) > 3: print(db.execute("SELECT count(*) FROM history WHERE collection_id = ? AND request_id = ?", sys.argv[2:4]).fetchone()[0])
else: print(db.execute("SELECT count(*) FROM history WHERE collection_id = ?", sys.argv[2:3]).fetchone()[0])' \
        "$STATE_DB" "$JP" "$@" 2>/dev/null || echo 0
}

# --- An explorer and `lazer run` writing history at once ---------------------------------------
explorer send "$WORK" tui --request "Posts/List posts" Collections/jsonplaceholder.json
required "history: the explorer opens List posts" wait_for send "Request · List posts"
# The runs send the Users and Comments folders 10 times each while the explorer sends 25.
(cd "$WORK" && "$LAZER" run Collections/jsonplaceholder.json --env mock --folder Users --repeat 10 >/dev/null 2>&1;
    "$LAZER" run Collections/jsonplaceholder.json --env mock --folder Comments --repeat 10 >/dev/null 2>&1) &
run_pid=$!
sent=0
for i in $(seq 1 25); do
    keys send F5
    wait_for send "History $i( |│)" >/dev/null 2>&1 && sent=$((sent + 1))
done
wait "$run_pid"
check "history: the explorer's 25 sends are all in its History tab" test "$sent" -eq 25
check "history: the store holds the explorer's 25" test "$(history_count jp-posts-list)" -eq 25
# Users has 2 requests and Comments 2: 10 runs of each are 40 exchanges.
check "history: ... and every one of the runs' 40" test "$(($(history_count) - 25))" -eq 40
keys send C-q
check "history: the explorer quits" wait_for send "lazer-exit=0"

# --- Two explorers sending at once into a store at its history cap ----------------------------
# In JSON Lines files two explorers kept 9 of 30 and 21 of 30 sends once at the cap. With the
# cap at 40 and the store filled to it by a run, a sends Get a post 20 times and b List posts
# 20 times, each pair at once: the store holds the 40 newest entries, which are all 40 sends.
CAP=40
capped() { printf 'env LAZER_HISTORY_MAX_ENTRIES=%d ' "$CAP"; wrapper "$@"; }
(cd "$WORK" && LAZER_HISTORY_MAX_ENTRIES=$CAP "$LAZER" run Collections/jsonplaceholder.json --env mock \
    --folder Users --repeat 20 >/dev/null 2>&1)
check "cap: a run fills the store to the cap" test "$(history_count)" -eq "$CAP"
WRAP=capped explorer capa "$WORK" tui --request "Posts/Get a post" Collections/jsonplaceholder.json
WRAP=capped explorer capb "$OTHER" tui --request "Posts/List posts" Collections/jsonplaceholder.json
required "cap: explorer a opens Get a post" wait_for capa "Request · Get a post"
required "cap: explorer b opens List posts" wait_for capb "Request · List posts"
sent_a=0
sent_b=0
for i in $(seq 1 20); do
    keys capa F5
    keys capb F5
    wait_for capa "History $i( |│)" >/dev/null 2>&1 && sent_a=$((sent_a + 1))
    wait_for capb "History $i( |│)" >/dev/null 2>&1 && sent_b=$((sent_b + 1))
done
check "cap: a's 20 sends are all in its History tab" test "$sent_a" -eq 20
check "cap: b's 20 sends are all in its History tab" test "$sent_b" -eq 20
check "cap: the store holds a's 20" test "$(history_count jp-posts-get)" -eq 20
check "cap: ... and b's 20" test "$(history_count jp-posts-list)" -eq 20
check "cap: ... and nothing else: the cap's 40 newest" test "$(history_count)" -eq "$CAP"
keys capa C-q
keys capb C-q
check "cap: a quits" wait_for capa "lazer-exit=0"
check "cap: b quits" wait_for capb "lazer-exit=0"

# --- Two explorers with drafts; one killed ------------------------------------------------------
WRAP=wrapper_settled explorer a "$WORK" tui --request "Posts/Get a post" Collections/jsonplaceholder.json
explorer b "$OTHER" tui --request "Posts/List posts" Collections/jsonplaceholder.json
required "drafts: explorer a opens Get a post" wait_for a "Request · Get a post"
required "drafts: explorer b opens List posts" wait_for b "Request · List posts"
keys a C-l
literal a "/from-a"
keys b C-l
literal b "/from-b"
check "drafts: a's draft is stored" wait_draft "/posts/:id/from-a"
check "drafts: b's draft is stored beside it" wait_draft "/posts/from-b"
pid=$(lazer_pid a)
[[ -n "$pid" ]] && kill -9 "$pid"
required "drafts: a dies of SIGKILL" wait_for a "lazer-exit=137"
check "drafts: b's draft is still stored" wait_draft "/posts/from-b"
explorer c "$WORK" tui --request "Posts/Get a post" Collections/jsonplaceholder.json
required "drafts: the restart offers a's draft" wait_for c "Unsaved drafts found"
check "drafts: only one (b's is b's, and b runs)" wait_for c "did not close cleanly last time\. 1"
sleep 0.7  # a question takes answers once it has been on screen a moment
keys c M-d
check "drafts: discarding removes a's" wait_gone c "Unsaved drafts found"
sleep 1
check "drafts: a's draft is gone from the store" test -z "$(stored_drafts | grep /from-a)"
check "drafts: b's draft stays" wait_draft "/posts/from-b"
keys c C-q
check "drafts: c quits without asking" wait_for c "lazer-exit=0"
# Ctrl+Q quits from the URL field too (the edit is kept as the draft it already is).
keys b C-q
check "drafts: b asks about its own draft" wait_for b "Unsaved edits"
sleep 0.7
keys b M-d
check "drafts: b quits, discarding" wait_for b "lazer-exit=0"
check "drafts: nothing is left in the store" test -z "$(stored_drafts)"

# --- An unwritable state folder: a notice, the history stage failed ----------------------------
touch "$E2E_DIR/not-a-folder"
XDG_STATE_HOME="$E2E_DIR/not-a-folder/state" explorer broken "$WORK" tui --request "Posts/List posts" \
    Collections/jsonplaceholder.json
required "unwritable: the explorer opens" wait_for broken "Request · List posts"
keys broken F5
check "unwritable: the send is shown" wait_for broken " 200 OK "
check "unwritable: a notice says history is not saved, and why" \
    wait_for broken "History not saved: cannot make the state folder"
keys broken g 3
keys broken ] ] ]
check "unwritable: the Timeline's history stage failed, with the cause" \
    wait_for broken "history .*✖ cannot make the state"
finish
