# The mouse in lazer ui-demo: tmux types raw SGR mouse reports (what a terminal sends for a click or
# the wheel) into the pane, and the tree's selection and scroll position must follow.
source "$(dirname "$0")/lib.sh"

# click NAME X Y: a left press and release at the 1-based cell X,Y (SGR 1006 encoding).
click() {
    t send-keys -t "$1" -l $'\e'"[<0;$2;$3M"
    t send-keys -t "$1" -l $'\e'"[<0;$2;$3m"
}

# wheel_down NAME X Y: one wheel step down at the 1-based cell X,Y.
wheel_down() { t send-keys -t "$1" -l $'\e'"[<65;$2;$3M"; }

# selected_item NAME: the N of the tree row "/items/N" painted in the selection colour (its marker
# is the only one drawn on a background).
selected_item() {
    screen_colours "$1" | grep -E $'\e\\[48;5;[0-9]+m▸' | sed -E $'s/\e\\[[0-9;]*m//g' |
        grep -oE '/items/[0-9]+' | head -1 | cut -d/ -f3
}

# wait_selected NAME N: polls until the selected tree row is /items/N.
wait_selected() {
    local deadline=$((SECONDS + E2E_TIMEOUT))
    while ((SECONDS < deadline)); do
        [[ "$(selected_item "$1")" == "$2" ]] && return 0
        sleep 0.05
    done
    echo "    the selected row is /items/$(selected_item "$1"), expected /items/$2" >&2
    return 1
}

start mouse 100 30 "env TERM=tmux-256color $(wrapper ui-demo)"
check "the demo starts with the first row selected" wait_for mouse "│▸ GET +/items/0 "
check "mouse reporting is on" test "$(flags mouse)" = "1 0 1"
check "the first row starts selected" wait_selected mouse 0

# The tree's rows start on screen line 3 (1-based): line 5 is /items/2.
click mouse 12 5
check "the click reaches the demo at the 0-based cell 11,4" wait_for mouse "last: click 11,4"
check "clicking a tree row selects it" wait_selected mouse 2

wheel_down mouse 12 5
check "one wheel step down moves the selection three rows" wait_selected mouse 5

for _ in 1 2 3 4 5 6 7 8 9; do wheel_down mouse 12 5; done
check "more wheel steps move it on to /items/32" wait_selected mouse 32
check "the tree scrolled: its first row is no longer shown" wait_gone mouse "/items/0 "
check "the selected row is on screen" wait_for mouse "│▸ PUT +/items/32 "

t send-keys -t mouse q
check "q quits" wait_for mouse "lazer-exit=0"
check "the terminal is back in normal mode" terminal_is_normal mouse
finish
