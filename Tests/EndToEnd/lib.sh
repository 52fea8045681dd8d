# Helpers for the end-to-end tests: each test file sources this, drives `lazer` in a private tmux
# server (its own socket, removed on exit) and reports with `check`.
# Waits poll with a timeout; nothing sleeps longer than one poll interval.
set -uo pipefail

: "${LAZER:?set LAZER to the lazer binary}"
export TERM=${TERM:-xterm-256color}
export LC_ALL=C.UTF-8
# Colours under test are chosen per session (COLORTERM=truecolor switches to a -direct entry).
unset COLORTERM
# The clipboard helpers (xclip, wl-copy) are tested in the unit tier; here only OSC 52 is.
unset DISPLAY WAYLAND_DISPLAY
E2E_TIMEOUT=${E2E_TIMEOUT:-15}
E2E_DIR=$(mktemp -d)
# The private tmux server's socket, in a short path of its own (socket paths are limited to 107
# bytes) that is removed with the server.
SOCKET_DIR=$(mktemp -d /tmp/lazer-e2e.XXXXXX)
TMUX_SOCKET="$SOCKET_DIR/tmux"
passed=0
failed=0

t() { tmux -S "$TMUX_SOCKET" -f /dev/null "$@"; }

cleanup() {
    t kill-server 2>/dev/null
    rm -rf "$E2E_DIR" "$SOCKET_DIR"
}
trap cleanup EXIT

# start NAME WIDTH HEIGHT COMMAND: a detached session running COMMAND through sh.
start() {
    t new-session -d -s "$1" -x "$2" -y "$3" "$4"
}

# screen NAME: the visible text of the pane.
# pane NAME: the exact tmux target of session NAME's pane. A bare "-t NAME" is also tried as a
# window name and a prefix, and right after another session ended a key sent to "b" was lost.
pane() { printf '=%s:' "$1"; }

screen() { t capture-pane -p -t "$(pane "$1")"; }

# history NAME: the pane text including what scrolled off the top.
history() { t capture-pane -p -S - -t "$(pane "$1")"; }

# screen_colours NAME: the visible text with colour escapes.
screen_colours() { t capture-pane -p -e -t "$(pane "$1")"; }

# flags NAME: "alternate cursor mouse" as tmux sees the pane, e.g. "0 1 0" for a normal shell.
flags() { t display-message -p -t "$1" '#{alternate_on} #{cursor_flag} #{mouse_any_flag}'; }

# wait_for NAME PATTERN [TIMEOUT]: polls until the pane text matches the extended regexp.
wait_for() {
    local deadline=$((SECONDS + ${3:-$E2E_TIMEOUT}))
    while ((SECONDS < deadline)); do
        screen "$1" | grep -Eq -- "$2" && return 0
        sleep 0.05
    done
    echo "    timed out waiting for /$2/ in:" >&2
    screen "$1" | sed 's/^/    | /' >&2
    return 1
}

# wait_gone NAME PATTERN [TIMEOUT]: polls until the pane text no longer matches (a repaint under
# load can land after the status line that announced it).
wait_gone() {
    local deadline=$((SECONDS + ${3:-$E2E_TIMEOUT}))
    while ((SECONDS < deadline)); do
        screen "$1" | grep -Eq -- "$2" || return 0
        sleep 0.05
    done
    echo "    timed out waiting for /$2/ to disappear from:" >&2
    screen "$1" | sed 's/^/    | /' >&2
    return 1
}

# in_history NAME PATTERN: the pane text, scrollback included, matches the extended regexp.
in_history() { history "$1" | grep -Eq -- "$2"; }

# wait_for_colours NAME PATTERN [TIMEOUT]: like wait_for, on the text with colour escapes.
wait_for_colours() {
    local deadline=$((SECONDS + ${3:-$E2E_TIMEOUT}))
    while ((SECONDS < deadline)); do
        screen_colours "$1" | grep -Eq -- "$2" && return 0
        sleep 0.05
    done
    echo "    timed out waiting for colours /$2/" >&2
    return 1
}

# check DESCRIPTION COMMAND...: runs the command, counts and prints the result.
check() {
    local description=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "  ok   $description"
    else
        failed=$((failed + 1))
        echo "  FAIL $description"
    fi
}

# terminal_is_normal NAME: after lazer ended, tmux sees no alternate screen, a visible cursor, no
# mouse reporting, and the `stty -a` the wrapper printed shows canonical mode with echo and signals.
terminal_is_normal() {
    local state
    state=$(flags "$1")
    if [[ "$state" != "0 1 0" ]]; then
        echo "    tmux flags (alternate cursor mouse): $state" >&2
        return 1
    fi
    # The wrapper prints `stty -a` after lazer's exit line; under load a capture can land mid-way.
    wait_for "$1" "^stty-end" || return 1
    local text
    text=$(screen "$1")
    if ! grep -q "stty-begin" <<<"$text"; then
        echo "    no stty output on screen" >&2
        return 1
    fi
    local modes
    modes=$(sed -n '/stty-begin/,/stty-end/p' <<<"$text" | tr ' ' '\n')
    for mode in icanon echo isig icrnl opost; do
        if ! grep -qx -- "$mode" <<<"$modes"; then
            echo "    stty: $mode is off" >&2
            return 1
        fi
    done
}

# wrapper ARGS...: a shell command that runs lazer with ARGS, then prints its exit status and the
# terminal modes, and stays open so the test can look.
wrapper() {
    printf '%q ' "$LAZER" "$@"
    # The status on a line of its own: a shell's "Killed <command>" notice before it, wrapped at
    # the pane's width, left "lazer" and "-exit=137" on two lines.
    printf '; status=$?; echo; echo "lazer-exit=$status"; echo stty-begin; stty -a; echo stty-end; exec sleep 3600'
}

# wrapper_settled ARGS...: like wrapper, for deaths the crash watcher cleans up (a stack overflow
# off the main thread, SIGKILL): that restore runs in another process right after lazer is gone
# and leaves the alternate screen (taking anything printed there with it), so the exit status and
# the terminal modes are printed once the modes are back (or after 15 s), not at the exit itself.
wrapper_settled() {
    printf '%q ' "$LAZER" "$@"
    printf '; status=$?; for i in $(seq 300); do stty -a | tr " ;" "\n\n" | grep -qx icanon && break; sleep 0.05; done'
    printf '; echo; echo "lazer-exit=$status"; echo stty-begin; stty -a; echo stty-end; exec sleep 3600'
}

# terminal_becomes_normal NAME: terminal_is_normal, once tmux's flags are back (see wrapper_settled).
terminal_becomes_normal() {
    local deadline=$((SECONDS + E2E_TIMEOUT))
    while ((SECONDS < deadline)); do
        [[ "$(flags "$1")" == "0 1 0" ]] && break
        sleep 0.05
    done
    terminal_is_normal "$1"
}

finish() {
    echo "$passed passed, $failed failed"
    [[ $failed -eq 0 ]]
}
