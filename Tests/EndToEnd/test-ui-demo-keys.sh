# lazer ui-demo in tmux: the keymap (help overlay, command palette, / n N search, g g), a user
# keymap file and a broken theme file reported at startup, CRLF text, and the table header's colours.
source "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)

# backgrounds NAME ROW FROM: the distinct background colours of row ROW from the text FROM on.
backgrounds() { screen_colours "$1" | python3 "$here/cell-backgrounds.py" "$2" "$3" | awk '{print $2}' | sort -u; }

# selected_item NAME: the tree row "/items/N" painted in the selection colour.
selected_item() {
    screen_colours "$1" | grep -E $'\e\\[48;5;[0-9]+m▸' | sed -E $'s/\e\\[[0-9;]*m//g' |
        grep -oE '/items/[0-9]+' | head -1
}

# selected_is ITEM: polls until the selected tree row is ITEM.
selected_is() {
    local deadline=$((SECONDS + E2E_TIMEOUT))
    while ((SECONDS < deadline)); do
        [[ "$(selected_item keys)" == "$1" ]] && return 0
        sleep 0.05
    done
    echo "    selected: $(selected_item keys), expected $1" >&2
    return 1
}

# The user's keymap and theme folder live in the test's own folders.
mkdir -p "$E2E_DIR/config/lazer" "$E2E_DIR/themes"
printf '#!/bin/sh\ncp "$1" "%s/paged.txt"\n' "$E2E_DIR" >"$E2E_DIR/pager"
chmod +x "$E2E_DIR/pager"
start keys 100 30 "env TERM=tmux-256color XDG_CONFIG_HOME=$E2E_DIR/config PAGER=$E2E_DIR/pager $(wrapper ui-demo)"
check "the demo starts without a startup problem" wait_for keys "Lazer UI demo .*theme: dark"
check "the status bar's hints come from the keymap" wait_for keys "q quit +\? help +ctrl\+p commands"

# The table header keeps the screen background (tmux writes only changed attributes: track them).
t send-keys -t keys 2
check "2 shows the widgets page" wait_for keys "Method +Path +Status +Time"
header_row=$(screen keys | grep -n "Method   Path" | cut -d: -f1)
screen_background=$(screen_colours keys | python3 "$here/cell-backgrounds.py" 1 | head -1 | awk '{print $2}')
check "the table header row is drawn on the screen background (${screen_background:-none})" \
    test "$(backgrounds keys "$header_row" Method)" = "$screen_background"
check "the screen background is a theme colour, not the terminal default" test "$screen_background" != default
t send-keys -t keys 1
check "1 returns to the explorer page" wait_for keys "Tree \(1,000,000 rows\)"

# The mouse in the text area: a click on the "y" of "Type" (the text starts at column 49, 1-based,
# after the tree pane, the border and the line numbers) puts the cursor before it.
t send-keys -t keys -l $'\e[<0;50;3M'
t send-keys -t keys -l $'\e[<0;50;3m'
check "a click in the text area reaches it" wait_for keys "last: click 49,2"
t send-keys -t keys -l "ZZ"
check "typing after the click inserts at the clicked character" wait_for keys "│1 TZZype here"
t send-keys -t keys Escape
check "Esc leaves the text area" wait_for keys "last: esc"

# CRLF text: line breaks, not ␍ at line ends; a lone CR is shown; the pager gets the CRLFs.
check "CRLF line ends are not drawn" bash -c "! tmux -S $TMUX_SOCKET capture-pane -p -t keys | grep -q '␍ *│'"
check "a lone CR is shown as ␍" wait_for keys "a lone CR shows as ␍"
t send-keys -t keys p
check "p hands the text to the pager" wait_for keys "The pager exited with status 0"
check "the pager's copy keeps the CRLF line ends" test "$(grep -c $'\r$' "$E2E_DIR/paged.txt")" -ge 4

t send-keys -t keys '?'
check "? opens the help overlay, generated from the keymap" wait_for keys "Keys .*│"
check "the help lists vim keys beside the arrows" wait_for keys "home, g g +Go to the top"
t send-keys -t keys Escape
check "Esc closes the help" wait_gone keys "Go to the top"

t send-keys -t keys G
check "G jumps to the last row" wait_for keys "/items/999999"
t send-keys -t keys g
check "a single g waits for the second key of g g" wait_for keys "last: g …"
t send-keys -t keys g
check "g g jumps to the first row" wait_for keys "│▸ GET +/items/0 "

t send-keys -t keys /
check "/ opens the search prompt" wait_for keys "search the tree"
t send-keys -t keys -l "items/42"
t send-keys -t keys Enter
check "Enter selects the first match" selected_is /items/42
t send-keys -t keys n
check "n selects the next match" selected_is /items/420
t send-keys -t keys N
check "N goes back to the previous match" selected_is /items/42

# Hostile text pasted into the text area (OSC 52 clipboard write, OSC 8 link, screen erase, a
# window title, BEL, NUL, a C1 CSI, a bidi override, bytes that are not UTF-8): all of it is shown
# as visible symbols, none of it acts on the terminal, and the keys after it still work.
t set-option -s set-clipboard on
title_before=$(t display -p -t keys '#{pane_title}')
printf 'X\e]52;c;SGVsbG8=\aB\e]8;;http://x\e\\link\e[2J\e]2;pwned\a\x07\x00\xc2\x9b1m\xe2\x80\xaeZ\xff\xfeQ' \
    >"$E2E_DIR/hostile.txt"
t load-buffer -b hostile "$E2E_DIR/hostile.txt"
t send-keys -t keys Tab
check "Tab moves the focus to the text area" wait_for keys "last: tab"
t paste-buffer -p -b hostile -t keys
check "the hostile paste arrives as one paste" wait_for keys "last: paste \([0-9]+ characters\)"
check "escape sequences in it are shown, not run" wait_for keys "X␛\]52;c;SGVsbG8=␇B␛\]8;;http://x␛"
check "C1 controls and bidi overrides are shown as code points" wait_for keys "<U\+009B>1m<U\+202E>Z"
check "bytes that are not UTF-8 are shown as �" wait_for keys "Z��Q"
check "the OSC 52 in the text did not set the clipboard" bash -c "! tmux -S $TMUX_SOCKET show-buffer | grep -q Hello"
check "the window title was not changed" test "$(t display -p -t keys '#{pane_title}')" = "$title_before"
t send-keys -t keys Escape
check "keys still work after the paste (Esc)" wait_for keys "last: esc"

t send-keys -t keys :
check ": opens the command palette" wait_for keys "Next colour theme"
t send-keys -t keys -l "solar"
check "the palette narrows to the fuzzy matches" wait_gone keys "Next colour theme"
t send-keys -t keys Enter
check "Enter runs the chosen command" wait_for keys "theme: solarized-dark"
t send-keys -t keys q
check "q quits" wait_for keys "lazer-exit=0"

# A user keymap file with a conflict and mistakes, and a broken theme file: reported at startup
# with file, line and column; the rest of the keymap and the other themes still work.
cp "$here/../../themes/"*.json "$E2E_DIR/themes/"
printf '{\n  "name": "broken",\n  "roles": {\n    "text": { "fg": "#12345" }\n  }\n}\n' >"$E2E_DIR/themes/broken.json"
printf '{\n  "bindings": {\n    "app.help": ["h"],\n    "no.such.action": ["x"]\n  }\n}\n' \
    >"$E2E_DIR/config/lazer/keymap.json"
start user 100 30 "env TERM=tmux-256color XDG_CONFIG_HOME=$E2E_DIR/config $(wrapper ui-demo --themes "$E2E_DIR/themes")"
check "startup problems are shown in a dialog" wait_for user "Problems at startup"
check "the broken theme is named with line and column" wait_for user "broken.json:4:21: unknown"
check "the keymap conflict is reported with its place" wait_for user 'keymap.json:3:5: "h" was bound to'
check "an unknown action is reported" wait_for user 'keymap.json:4:5: unknown action'
t send-keys -t user Enter
check "Enter closes the dialog" wait_gone user "Problems at startup"
check "the default theme is used" wait_for user "theme: dark"
t send-keys -t user h
check "the user's key runs its action (h opens the help)" wait_for user "h +Show this help"
t send-keys -t user Escape
# (a key sent right after Esc would arrive as Alt+key: wait for the overlay to close first)
check "Esc closes the help" wait_gone user "Show this help"
# Themes in order: the broken file sorts first but is skipped, so it never comes up.
for name in high-contrast light monochrome solarized-dark dark; do
    t send-keys -t user t
    check "t goes on to $name, never to the broken theme" wait_for user "theme: $name( |$)"
done
t send-keys -t user q
check "q quits with a user keymap" wait_for user "lazer-exit=0"
finish
