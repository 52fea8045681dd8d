# lazer ui-demo in tmux: text, colours, keys, bracketed paste, $EDITOR handover, resize (down to
# 1x1), and a normal terminal after quitting.
source "$(dirname "$0")/lib.sh"

start demo 100 30 "env TERM=tmux-256color EDITOR='sed -i s/Type/Edited/' $(wrapper ui-demo)"
check "the demo screen appears with its title, tree and text area" \
    wait_for demo "Lazer UI demo · theme: Default dark"
check "the tree shows the first of a million rows" wait_for demo "Tree \(1,000,000 rows\).*Text area"
check "wide characters are laid out in two columns" wait_for demo "Wide text: 世界 "
check "the alternate screen is on and the cursor hidden while the demo runs" test "$(flags demo)" = "1 0 1"
check "the title bar is painted in the theme's accent colour (256 colours)" \
    wait_for_colours demo $'48;5;75m Lazer UI demo'

t send-keys -t demo j j j
check "j moves the selection, painted in the selection colour" \
    wait_for_colours demo $'48;5;24m +▾ node 3|48;5;24m {6}• node 3'
t send-keys -t demo t
check "t switches to the light theme" wait_for demo "theme: Light"
check "the light theme's colours reach the terminal" wait_for_colours demo $'48;5;25m Lazer UI demo'
t send-keys -t demo G
check "G jumps to the last of 1,000,000 rows" wait_for demo "node 999999"
t send-keys -t demo g
check "g jumps back to the first row" wait_for demo "│▾ node 0 "

t send-keys -t demo Tab
t set-buffer -b e2e "pasted through tmux"
t paste-buffer -p -b e2e -t demo
check "bracketed paste arrives as one paste in the text area" wait_for demo "paste \(19 characters\)"
check "the pasted text is in the text area" wait_for demo "pasted through tmux"
t send-keys -t demo Escape
check "Esc (after the ESC delay) returns focus to the tree" wait_for demo "last: esc"

t send-keys -t demo e
check "e hands the text to \$EDITOR and reads the result back" wait_for demo "Edited here"
check "the screen is back in the demo after the editor" test "$(flags demo)" = "1 0 1"

t resize-window -t demo -x 80 -y 24
check "a resize reaches the program" wait_for demo "last: resize 80×24"
check "after the resize the boxes end in the new last column" \
    bash -c "tmux -L $TMUX_SOCKET capture-pane -p -t demo | sed -n 23p | grep -Eq '^└─+┘└─+┘$'"
for size in "1 1" "2 1" "1 3" "5 2"; do
    t resize-window -t demo -x "${size% *}" -y "${size#* }"
done
check "resizing down to 1x1 and other tiny sizes does not crash" \
    bash -c "! tmux -L $TMUX_SOCKET capture-pane -p -t demo | grep -q lazer-exit"
t resize-window -t demo -x 100 -y 30
check "back at 100x30 the whole screen is drawn again" wait_for demo "last: resize 100×30"
check "the tree is intact after the tiny sizes" wait_for demo "│▾ node 0 "

t send-keys -t demo q
check "q quits with status 0" wait_for demo "lazer-exit=0"
check "after quitting the terminal is back in normal mode" terminal_is_normal demo
finish
