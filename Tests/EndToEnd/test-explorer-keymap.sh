# The explorer with a user keymap file: the table keys (add, delete, switch a row of the Params
# table, move between its rows) go through the keymap like every other key, so rebinding them
# changes what the keys do (the old keys stop working); an unknown command id is reported at
# startup with its place and the nearest id.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK="$E2E_DIR/work"
mkdir -p "$WORK" "$XDG_CONFIG_HOME/lazer"
cp -R "$REPO/Collections" "$WORK/Collections"
cat >"$XDG_CONFIG_HOME/lazer/keymap.json" <<'JSON'
{
  "bindings": {
    "request.addRow": ["n"],
    "request.deleteRow": ["x"],
    "request.toggleRow": ["o"],
    "table.up": ["K"],
    "request.sned": ["F9"]
  }
}
JSON

explorer keys "$WORK"
required "start: the shipped collections appear" wait_for keys "Request · List posts"
check "an unknown id is reported with its place and the nearest id" \
    wait_for keys 'keymap\.json:7:5: unknown action "request\.sned"; did you mean "request\.send"\?'

keys keys g 2
check "params: the empty table names the rebound key" wait_for keys "\(none — press n to add\)"
# `a` no longer adds a row: had it added one (and started editing it), the `n` after it would be
# typed into that row's name, and the URL would read ?npage=2.
keys keys a
keys keys n
literal keys page
keys keys Tab
literal keys 2
keys keys Enter
check "params: n adds a row (and a does not)" wait_for keys "→ http://jsonplaceholder\.mock/posts\?page=2 "
check "params: the row is on and in the table" wait_for keys "\[x\] +page +2"

# Space no longer switches the row; o does. Had space switched it, o would switch it back on.
keys keys Space
keys keys o
check "params: o switches the row off (and space does not)" wait_for keys "\[ \] +page +2"

# d no longer deletes the row: had it, o would find no row to switch back on.
keys keys d
keys keys o
check "params: d does not delete the row" wait_for keys "\[x\] +page +2"
keys keys x
check "params: x deletes it" wait_for keys "\(none — press n to add\)"
check "params: the URL follows" wait_for keys "→ http://jsonplaceholder\.mock/posts "

# Moving between rows is a command too: with table.up on K, k no longer moves up a row. Two rows
# (page, then limit, selected); had k moved up, o would switch page off instead of limit.
keys keys n
literal keys page
keys keys Tab
literal keys 2
keys keys Enter
keys keys n
literal keys limit
keys keys Tab
literal keys 5
keys keys Enter
check "rows: two rows" wait_for keys "\[x\] +limit +5"
keys keys k
keys keys o
check "rows: k does not move up a row (limit is switched off)" wait_for keys "\[ \] +limit +5"
check "rows: page stays on" wait_for keys "\[x\] +page +2"
keys keys K
keys keys o
check "rows: K moves up a row (page is switched off)" wait_for keys "\[ \] +page +2"

finish
