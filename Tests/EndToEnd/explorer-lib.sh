# Helpers for the explorer's end-to-end tests (test-explorer*.sh), sourced after lib.sh: the
# explorer runs at 120×40 with its per-user state and configuration in throwaway folders, and
# loopback servers (explorer_server.py) answer on 127.0.0.1. Nothing touches the network.

EXPLORER_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export XDG_STATE_HOME="$E2E_DIR/state" XDG_CONFIG_HOME="$E2E_DIR/config"
mkdir -p "$XDG_STATE_HOME" "$XDG_CONFIG_HOME"
# The state store (history, drafts, captured values): read with Python's sqlite3 module.
STATE_DB="$XDG_STATE_HOME/lazer/state.sqlite"
SERVER_PIDS=()

# The servers are stopped by pid (they also exit when their standard input closes).
explorer_cleanup() {
    local pid
    for pid in "${SERVER_PIDS[@]}"; do kill "$pid" 2>/dev/null; done
    cleanup
}
trap explorer_cleanup EXIT

# explorer NAME FOLDER ARGS...: a session running lazer ARGS in FOLDER at 120×40, through
# `wrapper` (WRAP=wrapper_settled for a session that is killed with SIGKILL).
explorer() {
    local name=$1 folder=$2
    shift 2
    start "$name" 120 40 "cd $(printf '%q' "$folder") && env TERM=tmux-256color \
XDG_STATE_HOME=$(printf '%q' "$XDG_STATE_HOME") XDG_CONFIG_HOME=$(printf '%q' "$XDG_CONFIG_HOME") $("${WRAP:-wrapper}" "$@")"
}

# required DESCRIPTION COMMAND...: a check the rest of the file depends on; when it fails, the file
# stops with its summary instead of timing out on every check after it.
required() {
    check "$@" && return 0
    echo "  (the checks after this one depend on it: stopped)"
    finish
    exit 1
}

# keys NAME KEY...: tmux key names (j, Enter, F5, C-s, M-2); literal NAME TEXT types TEXT as is.
keys() {
    local name=$1
    shift
    t send-keys -t "$(pane "$name")" "$@"
}
literal() { t send-keys -t "$(pane "$1")" -l "$2"; }

# lazer_pid NAME: lazer's pid, the only child of the pane's shell.
lazer_pid() { pgrep -P "$(t display-message -p -t "$1" '#{pane_pid}')" | head -1; }

# status_line NAME: the bottom line of the screen (toasts and key hints).
status_line() { screen "$1" | tail -1; }

# wait_file FILE PATTERN [TIMEOUT]: polls until FILE exists and matches the extended regexp.
wait_file() {
    local deadline=$((SECONDS + ${3:-$E2E_TIMEOUT}))
    while ((SECONDS < deadline)); do
        grep -Eq -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "    timed out waiting for /$2/ in $1:" >&2
    sed 's/^/    | /' "$1" >&2 2>/dev/null
    return 1
}

# stored_drafts: every autosaved draft in the state store (their JSON), nothing when there is none.
stored_drafts() {
    [[ -f "$STATE_DB" ]] || return 0
    python3 -c 'import sqlite3, sys
for (request,) in sqlite3.connect(sys.argv[1]).execute("SELECT request FROM drafts"): print(request)' "$STATE_DB"
}

# wait_draft PATTERN: waits until an autosaved draft matches PATTERN.
wait_draft() {
    local deadline=$((SECONDS + E2E_TIMEOUT))
    while ((SECONDS < deadline)); do
        stored_drafts 2>/dev/null | grep -Eq -- "$1" && return 0
        sleep 0.05
    done
    echo "    timed out waiting for a draft matching /$1/" >&2
    return 1
}

# press_within NAME KEY PATTERN MILLISECONDS: presses KEY, then polls until the pane text matches
# PATTERN, at most MILLISECONDS after the key was sent; prints how long it took.
press_within() {
    local start=${EPOCHREALTIME/./} now
    t send-keys -t "$(pane "$1")" "$2"
    while :; do
        if screen "$1" | grep -Eq -- "$3"; then
            now=${EPOCHREALTIME/./}
            echo "    /$3/ $(((now - start) / 1000)) ms after $2"
            ((now - start <= $4 * 1000)) && return 0
            break
        fi
        now=${EPOCHREALTIME/./}
        ((now - start > $4 * 1000)) && break
        sleep 0.02
    done
    echo "    /$3/ did not appear within $4 ms of $2:" >&2
    screen "$1" | sed 's/^/    | /' >&2
    return 1
}

# start_server NAME: starts explorer_server.py NAME (logging to $E2E_DIR/server.log) and sets
# PORT to its port. Its standard input is a FIFO this shell holds open.
start_server() {
    local fifo="$E2E_DIR/$1.in" out="$E2E_DIR/$1.port"
    mkfifo "$fifo"
    python3 "$EXPLORER_HERE/explorer_server.py" "$1" "$E2E_DIR/server.log" <"$fifo" >"$out" &
    SERVER_PIDS+=($!)
    exec {holder}>"$fifo"
    wait_file "$out" '^PORT [0-9]+$' || return 1
    PORT=$(cut -d' ' -f2 "$out")
}

# closed_port: a 127.0.0.1 port nothing listens on (bound, then closed).
closed_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# stays_absent NAME PATTERN SECONDS: the pane text does not match PATTERN for SECONDS.
stays_absent() {
    local deadline=$((SECONDS + $3 + 1))
    while ((SECONDS < deadline)); do
        if screen "$1" | grep -Eq -- "$2"; then
            echo "    /$2/ appeared:" >&2
            screen "$1" | sed 's/^/    | /' >&2
            return 1
        fi
        sleep 0.05
    done
}

# start_loopback_peer [ARGS...]: the loopback server (Sources/LoopbackTesting/loopback_server.py)
# with ARGS, kept running on a FIFO held open for the script's life; its PORTS line is in
# $E2E_DIR/peer.out once `required "the peer starts"` has waited for it.
start_loopback_peer() {
    peer_fifo="$E2E_DIR/peer.in"
    mkfifo "$peer_fifo"
    python3 "$(dirname "${BASH_SOURCE[0]}")/../../Sources/LoopbackTesting/loopback_server.py" "$@" \
        <"$peer_fifo" >"$E2E_DIR/peer.out" 2>&1 &
    SERVER_PIDS+=($!)
    exec {peer_holder}>"$peer_fifo"
}
