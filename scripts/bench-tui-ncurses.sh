#!/usr/bin/env bash
# The ncurses half of `make bench-tui`: times whole frames through NcursesBackend inside a
# 200x60 tmux window (release build): a changed full frame, and the ui-demo screen with its
# 1,000,000-row tree scrolled by a page per frame. Output goes through tmux, so terminal output
# costs are included.
# Usage: scripts/bench-tui-ncurses.sh [path-to-release-lazer]
set -euo pipefail
lazer=$(realpath "${1:-.build/release/lazer}")
socket_dir=$(mktemp -d /tmp/lazer-bench.XXXXXX)
socket="$socket_dir/tmux"
result="$socket_dir/result.txt"
cleanup() {
    tmux -S "$socket" kill-server 2>/dev/null || true
    rm -rf "$socket_dir"
}
trap cleanup EXIT

tmux -S "$socket" -f /dev/null new-session -d -s bench -x 200 -y 60 \
    "env TERM=tmux-256color $(printf '%q' "$lazer") ui-demo --benchmark $(printf '%q' "$result")"
deadline=$((SECONDS + 300))
until [[ -s "$result" ]]; do
    if ((SECONDS > deadline)); then
        echo "bench-tui-ncurses: no result after 300 s" >&2
        exit 1
    fi
    sleep 0.2
done
cat "$result"
