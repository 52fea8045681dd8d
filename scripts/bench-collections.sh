#!/usr/bin/env bash
# `make bench-collections` (issue 31, goal 4): big collections. Generates a collection of
# COUNT (default 1,000,000) requests shaped as the issue describes (id, name, method, URL: ~80
# bytes each) and one of 5,000 and one of 10, then for each: `lazer validate` (wall time and peak
# resident size from wait4, median of ROUNDS, default 3), and the explorer in tmux at 120x40 —
# start → the frame that first draws the collection's rows (a big file's first look; from lazer's
# own LAZER_BENCH_LOG) and → the frame once the whole file is read, resident size at each and the
# peak, and key → frame for j/k near the top and after G at the bottom. Goals: the million-request explorer's first screen ≤ 1 s and ≤ 400 MB, validate ≤ 2 s;
# 5,000 requests open as fast as 10. Results: bench-out/collections.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-collections python3 tmux

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product lazer
count=${COUNT:-1000000}
folder=bench-out/collections
mkdir -p "$folder"
python3 - "$folder" "$count" <<'PY'
import json, os, sys
folder, count = sys.argv[1], int(sys.argv[2])
for n in (count, 5000, 10):
    path = f"{folder}/requests-{n}.json"
    if os.path.exists(path):
        continue
    requests = [{"id": f"r{i}", "name": f"R{i}", "method": "GET", "url": f"/items/{i}"} for i in range(n)]
    collection = {"formatVersion": 1, "id": f"big-{n}", "name": f"big-{n}", "defaultEnvironment": "live",
                  "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:9"}],
                  "requests": requests}
    with open(path + ".tmp", "w") as file:
        json.dump(collection, file)
    os.rename(path + ".tmp", path)
PY
bench_workdir collections
{
    echo "bench-collections $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    python3 scripts/bench/collections-bench.py .build/release/lazer "$folder" "$count" "$work" "${ROUNDS:-3}"
} | tee bench-out/collections.md
