# lazer ui-demo in tmux: text, colours, keys, the 1,000,000-row tree, bracketed paste, OSC 52,
# $EDITOR handover, the widgets page, resize (down to 1x1), and a normal terminal after quitting.
source "$(dirname "$0")/lib.sh"

# A "pager" that keeps a copy of what it was given.
printf '#!/bin/sh\ncp "$1" "%s/paged.txt"\n' "$E2E_DIR" >"$E2E_DIR/pager"
chmod +x "$E2E_DIR/pager"
start demo 100 30 "env TERM=tmux-256color EDITOR='sed -i s/Type/Edited/' PAGER=$E2E_DIR/pager $(wrapper ui-demo)"
t set-option -s set-clipboard on
check "the demo screen appears with its title and theme" wait_for demo "Lazer UI demo .*theme: dark"
check "the tree and the text area are side by side" wait_for demo "Tree \(1,000,000 rows\).*Text area"
check "the tree shows its first rows" wait_for demo "│▸ GET +/items/0 "
check "wide characters are laid out in two columns" wait_for demo "Wide text: 世界 🙂"
check "the alternate screen is on and the cursor hidden while the demo runs" test "$(flags demo)" = "1 0 1"
check "256-colour sequences reach the terminal" wait_for_colours demo $'\e\\[38;5;[0-9]+m'

t send-keys -t demo j
check "j moves the selection to the second row" wait_for demo "last: j"
# The row's marker, then (after any attribute changes) the method: its background must be set.
selected_has_background() {
    screen_colours demo | grep -Eq $'48;5;[0-9]+m▸ (\e\\[[0-9;]*m)*POST' &&
        ! screen_colours demo | grep -Eq $'48;5;[0-9]+m▸ (\e\\[[0-9;]*m)*PUT'
}
check "the selected row, and only it, is painted in the selection colour" selected_has_background
t send-keys -t demo l
check "l expands the selected request and shows its fields" wait_for demo "▾ POST +/items/1"
check "the fields are drawn below it" wait_for demo "status 404"
t send-keys -t demo G
check "G jumps to the last of 1,000,000 rows" wait_for demo "/items/999999"
t send-keys -t demo g g
check "g g jumps back to the first row" wait_for demo "last: g$|last: g "
check "the first row is shown again" wait_for demo "│▸ GET +/items/0 "

title_before=$(screen_colours demo | head -1)
t send-keys -t demo t
check "t switches to the next theme" wait_for demo "theme: high-contrast"
check "the new theme's colours reach the terminal" test "$(screen_colours demo | head -1)" != "$title_before"

t send-keys -t demo y
check "y copies the selected row (toast)" wait_for demo "Copied: GET +/items/0"
check "the copy reaches tmux's clipboard through OSC 52" bash -c "tmux -S $TMUX_SOCKET show-buffer | grep -q '/items/0'"

t send-keys -t demo m
check "m turns mouse reporting off" wait_for demo "mouse off"
check "with mouse reporting off the terminal's own selection works" \
    bash -c "[[ \$(tmux -S $TMUX_SOCKET display -p -t demo '#{mouse_any_flag}') == 0 ]]"
t send-keys -t demo m
check "m turns it back on" wait_for demo "mouse on"

t send-keys -t demo Tab
t set-buffer -b e2e "pasted through tmux"
t paste-buffer -p -b e2e -t demo
check "bracketed paste arrives as one paste" wait_for demo "paste \(19 characters\)"
check "the pasted text is in the text area" wait_for demo "pasted through tmux"
check "the text cursor is shown while typing" test "$(flags demo)" = "1 1 1"
t send-keys -t demo Escape
check "Esc (after the ESC delay) returns focus to the tree" wait_for demo "last: esc"

t send-keys -t demo e
check "e hands the text to \$EDITOR and reads the result back" wait_for demo "Edited here"
check "the screen is back in the demo after the editor" test "$(flags demo)" = "1 0 1"

t send-keys -t demo p
check "p hands the text to \$PAGER and takes the screen back" wait_for demo "The pager exited with status 0"
check "the pager was given the text area's content" grep -q "Edited here" "$E2E_DIR/paged.txt"
check "the screen is back in the demo after the pager" test "$(flags demo)" = "1 0 1"

t send-keys -t demo 2
check "2 shows the widgets page" wait_for demo "List \(type to filter\).*Table"
check "the table shows requests with their status" wait_for demo "POST +/users +201"
t send-keys -t demo o r d
check "typing reaches the list" wait_for demo "last: d"
check "the filter keeps the matches" wait_for demo "Search orders"
check "non-matching items are hidden" wait_gone demo "Get user"
t send-keys -t demo 1
check "1 returns to the explorer page" wait_for demo "Tree \(1,000,000 rows\)"

t resize-window -t demo -x 80 -y 24
check "a resize reaches the program" wait_for demo "last: resize 80×24"
check "after the resize the boxes end in the new last row and column" \
    bash -c "tmux -S $TMUX_SOCKET capture-pane -p -t demo | sed -n 23p | grep -Eq '^╰─+╯╰─+╯$'"
for size in "1 1" "2 1" "1 3" "5 2" "1 1"; do
    t resize-window -t demo -x "${size% *}" -y "${size#* }"
done
check "resizing down to 1x1 and other tiny sizes does not crash" \
    bash -c "! tmux -S $TMUX_SOCKET capture-pane -p -t demo | grep -q lazer-exit"
t resize-window -t demo -x 100 -y 30
check "back at 100x30 the whole screen is drawn again" wait_for demo "last: resize 100×30"
check "the tree is intact after the tiny sizes" wait_for demo "│▸ GET +/items/0 "

t send-keys -t demo q
check "q quits with status 0" wait_for demo "lazer-exit=0"
check "after quitting the terminal is back in normal mode" terminal_is_normal demo

# NO_COLOR: the monochrome theme, and no colour sequences at all.
start mono 80 24 "env TERM=tmux-256color NO_COLOR=1 $(wrapper ui-demo)"
check "NO_COLOR selects the monochrome theme" wait_for mono "theme: monochrome"
check "NO_COLOR sends no colours, only attributes" bash -c "! tmux -S $TMUX_SOCKET capture-pane -p -e -t mono | grep -Eq '\[(3|4)8;5;'"
t send-keys -t mono q
check "NO_COLOR: q quits" wait_for mono "lazer-exit=0"

# An 8-colour terminal (TERM=xterm): the theme's soft colours keep their hue (yellow POST, magenta
# PATCH) and grey borders become dim white, never black on the black background.
start eight 100 30 "env TERM=xterm $(wrapper ui-demo)"
check "8 colours: the demo starts" wait_for eight "Lazer UI demo"
check "8 colours: POST is yellow" wait_for_colours eight $'\e\\[33m\e\\[40mPOST'
check "8 colours: PATCH is magenta" wait_for_colours eight $'\e\\[35m\e\\[40mPATCH'
check "8 colours: nothing is drawn black on black" \
    bash -c "! tmux -S $TMUX_SOCKET capture-pane -p -e -t eight | grep -q $'\e\\[30m\e\\[40m'"
check "8 colours: unfocused borders are dim white" wait_for_colours eight $'\e\\[(0;)?2m\e\\[37m(\e\\[40m)?│'
t send-keys -t eight q
check "8 colours: q quits" wait_for eight "lazer-exit=0"

# A direct-colour terminfo entry (24-bit colour as numbers, like xterm-direct): the theme's RGB
# colours reach the terminal unchanged instead of being downgraded to the 256-colour palette.
cat >"$E2E_DIR/direct.src" <<'TERMINFO'
lazer-direct|direct-colour terminal for the Lazer end-to-end tests,
	colors#0x1000000, pairs#0x10000, RGB,
	setaf=\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,
	setab=\E[%?%p1%{8}%<%t4%p1%d%e48;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,
	use=tmux-256color,
TERMINFO
tic -x -o "$E2E_DIR/terminfo" "$E2E_DIR/direct.src"
start direct 80 24 "env TERMINFO=$E2E_DIR/terminfo TERM=lazer-direct $(wrapper ui-demo)"
check "direct colour: the demo starts" wait_for direct "Lazer UI demo"
check "direct colour: 24-bit colour sequences reach the terminal" wait_for_colours direct $'\e\\[38;2;[0-9]+;[0-9]+;[0-9]+m'
check "direct colour: nothing is downgraded to the 256-colour palette" \
    bash -c "! tmux -S $TMUX_SOCKET capture-pane -p -e -t direct | grep -Eq '\[(3|4)8;5;'"
t send-keys -t direct q
check "direct colour: q quits" wait_for direct "lazer-exit=0"

# COLORTERM=truecolor with TERM=tmux-256color: lazer opens tmux-direct (ncurses-term), so the theme's
# RGB colours arrive as 24-bit colours, not as the nearest of 256.
start truecolor 80 24 "env TERM=tmux-256color COLORTERM=truecolor $(wrapper ui-demo)"
check "COLORTERM=truecolor: the demo starts" wait_for truecolor "Lazer UI demo"
check "COLORTERM=truecolor: 24-bit colour sequences reach the terminal" \
    wait_for_colours truecolor $'\e\\[38;2;[0-9]+;[0-9]+;[0-9]+m'
check "COLORTERM=truecolor: nothing is downgraded to the 256-colour palette" \
    bash -c "! tmux -S $TMUX_SOCKET capture-pane -p -e -t truecolor | grep -Eq '\[(3|4)8;5;'"
t send-keys -t truecolor q
check "COLORTERM=truecolor: q quits" wait_for truecolor "lazer-exit=0"

# Started in a 1x1 window: nothing to draw, no crash; grows into the full screen.
start tiny 1 1 "env TERM=tmux-256color $(wrapper ui-demo)"
wait_until_running() {
    local deadline=$((SECONDS + E2E_TIMEOUT))
    local shell_pid
    shell_pid=$(t display-message -p -t tiny '#{pane_pid}')
    while ((SECONDS < deadline)); do
        [[ "$(t display-message -p -t tiny '#{alternate_on}')" == 1 ]] && pgrep -P "$shell_pid" -x lazer >/dev/null &&
            return 0
        sleep 0.05
    done
    return 1
}
check "started at 1x1 the demo runs" wait_until_running
t resize-window -t tiny -x 90 -y 25
check "grown to 90x25 it draws the whole screen" wait_for tiny "Tree \(1,000,000 rows\)"
t send-keys -t tiny q
check "1x1 start: q quits with status 0" wait_for tiny "lazer-exit=0"

# A terminal type ncurses does not know is a clear error, not a crash or a hang.
start badterm 80 24 "env TERM=no-such-terminal $(wrapper ui-demo)"
check "an unknown TERM is reported by name" wait_for badterm 'terminal type "no-such-terminal"'
check "an unknown TERM exits with status 1" wait_for badterm "lazer-exit=1$"
finish
