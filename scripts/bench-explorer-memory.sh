#!/usr/bin/env bash
# `make bench-json-memory` (second half, issue 31 goal 2): the explorer (release `lazer` in tmux,
# 120x40) with a 1 GB response open — the API-shaped JSON body of bench-json-memory shown as a tree,
# and 1 GB of random bytes (application/octet-stream) shown as a hex dump, jumped to its end —
# served by `python3 -m http.server` on a free loopback port. Peak resident size of the explorer
# process (VmHWM) once the body is shown, as a multiple of the body (goals: at most 1.2x for the
# JSON, 64 MB for the binary). Usage: scripts/bench-explorer-memory.sh BODIES-FOLDER
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-lib.sh
ensure_packages bench-json-memory tmux python3 curl
bodies=$1
[[ -f $bodies/blob.bin ]] || head -c 1000000000 /dev/urandom >"$bodies/blob.bin"
bench_workdir explorer-memory
port=$(bench_free_port)
(cd "$bodies" && exec python3 -m http.server "$port" --bind 127.0.0.1) >"$work/server.log" 2>&1 &
bench_track $!
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/blob.bin" -r 0-0 && break; sleep 0.1; done
mkdir -p "$work/ws/Collections" "$work/state" "$work/config"
cat >"$work/ws/Collections/big.json" <<JSON
{"formatVersion": 1, "id": "big-explorer", "name": "Big", "defaultEnvironment": "live",
 "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:$port"}],
 "requests": [{"id": "json", "name": "Big JSON", "method": "GET", "url": "/api.json"},
              {"id": "bin", "name": "Big binary", "method": "GET", "url": "/blob.bin"}]}
JSON
# show DOWNS PATTERN KEYS...: opens the explorer, sends the request DOWNS rows below the first,
# waits for PATTERN with the whole body in (no "◐ partial"), presses KEYS, prints "seconds peak-bytes".
show() {
    local downs=$1 pattern=$2
    # A server of its own per view: one shutting down is not reused.
    local socket="$work/tmux-$downs.sock"
    shift 2
    tmux -S "$socket" new-session -d -s bench -x 120 -y 40 "cd $work/ws && env TERM=tmux-256color \
XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config $PWD/.build/release/lazer"
    sleep 2
    local pid
    pid=$(tmux -S "$socket" display-message -p -t bench '#{pane_pid}')
    for _ in $(seq "$downs"); do tmux -S "$socket" send-keys -t bench Down; sleep 0.3; done
    local start
    start=$(date +%s.%N)
    tmux -S "$socket" send-keys -t bench F5
    # Shown means whole: the tree of a body still arriving (marked "◐ partial") is drawn from its
    # first megabytes, long before the body and its index are all there.
    local screen
    for _ in $(seq 1200); do
        screen=$(tmux -S "$socket" capture-pane -p -t bench)
        grep -q "$pattern" <<<"$screen" && ! grep -q "◐ partial" <<<"$screen" && break
        sleep 0.1
    done
    local seconds
    seconds=$(python3 -c "import time; print(round(time.time() - $start, 1))")
    for key in "$@"; do tmux -S "$socket" send-keys -t bench "$key"; sleep 0.5; done
    sleep 1
    echo "$seconds $(awk '/VmHWM/ {print $2 * 1024}' "/proc/$pid/status")"
    tmux -S "$socket" send-keys -t bench C-q
    sleep 0.5
    tmux -S "$socket" kill-server 2>/dev/null || true
}
json_size=$(stat -c %s "$bodies/api.json")
blob_size=$(stat -c %s "$bodies/blob.bin")
read -r json_seconds json_peak < <(show 0 "items" Tab Tab G)
read -r blob_seconds blob_peak < <(show 1 "Binary body" Tab Tab "]" G)
python3 - "$json_size" "$json_peak" "$json_seconds" "$blob_size" "$blob_peak" "$blob_seconds" <<'PY'
import sys
json_size, json_peak, json_seconds, blob_size, blob_peak, blob_seconds = sys.argv[1:]
json_size, json_peak, blob_size, blob_peak = map(int, (json_size, json_peak, blob_size, blob_peak))
print()
print("The explorer with a 1 GB response open (release, tmux 120x40, peak resident VmHWM):")
print()
print("| response | size | shown after | peak resident | goal |")
print("|---|---:|---:|---:|---|")
print(f"| API-shaped JSON, tree, jumped to the last row | {json_size / 1e6:,.0f} MB | {json_seconds} s | "
      f"{json_peak / 1e6:,.0f} MB ({json_peak / json_size:.2f}x) | at most 1.2x: {'met' if json_peak <= 1.2 * json_size else 'missed'} |")
print(f"| random bytes, hex dump, jumped to the end | {blob_size / 1e6:,.0f} MB | {blob_seconds} s | "
      f"{blob_peak / 1e6:,.0f} MB | at most 64 MB: {'met' if blob_peak <= 64 << 20 else 'missed'} |")
PY
