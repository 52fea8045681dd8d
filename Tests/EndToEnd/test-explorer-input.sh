# Terminal input the explorer must survive: a bracketed paste whose end marker arrives in two
# reads with more than the ESC delay between them (the working day's frozen screen: every key
# after it was taken as pasted text, F1 included), and a paste whose end marker never comes.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK="$E2E_DIR/work"
mkdir -p "$WORK"
cp -R "$REPO/Collections" "$WORK/Collections"

# raw NAME HEX...: bytes written to the terminal as they are (tmux send-keys -H).
raw() {
    local name=$1
    shift
    t send-keys -t "$(pane "$name")" -H "$@"
}
PASTE_START=(1b 5b 32 30 30 7e)

explorer input "$WORK"
required "start: the shipped collections appear" wait_for input "Request · List posts"

# The filter takes the paste; the marker's last two bytes come 300 ms after its first four.
keys input /
raw input "${PASTE_START[@]}" 50 6f 73 74 1b 5b 32 30
sleep 0.3
raw input 31 7e
check "a paste whose end marker was split is pasted whole" wait_for input "Posts"
keys input Escape
sleep 0.6
keys input F1
check "keys work after it: F1 opens the help" wait_for input "Keys for the collections pane"
keys input Escape
sleep 0.6

# A paste that never ends: after a second without a byte it is over, and keys are keys again.
raw input "${PASTE_START[@]}" 78 79 7a
sleep 1.5
keys input F1
check "keys work after a paste whose end never came" wait_for input "Keys for the collections pane"

finish
