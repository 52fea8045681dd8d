#!/usr/bin/env bash
# `make bench-partial-tree` (issue 31, goal 3): a 1 GB JSON response's first screen, shown as a
# partial tree while the body arrives, timed from the server's first MiB (goal: within 200 ms),
# against the whole body's tree in the same run (what a user waited for before). Release `lazer`
# in tmux with its frame log; scripts/bench/paced-body-server.py on a free loopback port serves the
# API-shaped body of bench-json-memory (made once under bench-out) as fast as it is read and at
# 50 MB/s. SIZE_MB (1000), ROUNDS (3) and RATES (bytes a second, 0 for as fast as read) change it.
# Results: bench-out/partial-tree.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-lib.sh
ensure_packages bench-partial-tree tmux python3
size=${SIZE_MB:-1000}
bodies=bench-out/bodies-memory-$size
[[ -f $bodies/api.json ]] || python3 scripts/gen-json-bodies.py "$bodies" "$size" api
swift build -c release --product lazer
bench_workdir partial-tree
port=$(bench_free_port)
python3 scripts/bench/paced-body-server.py "$port" "$bodies" "$work" &
bench_track $!
for _ in $(seq 100); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $port)).close()" 2>/dev/null && break
    sleep 0.1
done
{
    echo "bench-partial-tree $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    python3 scripts/bench/partial-tree-bench.py --lazer "$PWD/.build/release/lazer" --port "$port" --work "$work" \
        --body api.json --size "$(stat -c %s "$bodies/api.json")" --rates "${RATES:-0,50000000}" \
        --rounds "${ROUNDS:-3}"
    echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee bench-out/partial-tree.md
