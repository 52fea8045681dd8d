#!/usr/bin/env bash
# `make bench-snapshot`: snapshot expectations on large bodies, as whole `lazer run` processes
# (release build) against a mock environment serving generated bodies from files (in process, no
# network): for each size (SNAPSHOT_SIZES, MB; default 9.4 and 40), the snapshot written
# (`--update-snapshots`, created), written again (unchanged), checked against a matching response,
# and checked against a response with 1 % of its values changed (the diff worked out, the run
# fails as it must). Wall time, CPU time and peak RSS (GNU time) per step, median of ROUNDS (3).
# SNAPSHOT_BASE=PATH measures another `lazer` binary in the same run, steps alternating.
# Results: bench-out/snapshot.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-snapshot python3 time

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product lazer
mkdir -p bench-out
lazer=${SNAPSHOT_LAZER:-.build/release/lazer}
base=${SNAPSHOT_BASE:-}
rounds=${ROUNDS:-3}
sizes=${SNAPSHOT_SIZES:-9.4 40}

bench_workdir snapshot
export XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"

# The collection: one request per body, a snapshot expectation ignoring the order dates and
# matching orders by id; environment `before` answers both with left.json, `after` answers the
# second with right.json (1 % of the values changed).
write_collection() { # DIR
    python3 - "$1" <<'PY'
import json, sys
directory = sys.argv[1]
def route(path, file):
    return {"method": "GET", "path": path, "response": {"status": 200, "file": file}}
expectation = {"subject": "snapshot", "ignore": ["$[*].createdAt"], "keys": {"$": "id"}}
collection = {
    "formatVersion": 1, "id": "bench-snapshot", "name": "Snapshot bench", "defaultEnvironment": "before",
    "environments": [
        {"name": "before", "kind": "mock", "baseURL": "http://bench.mock",
         "routes": [route("/same", "left.json"), route("/changed", "left.json")]},
        {"name": "after", "kind": "mock", "baseURL": "http://bench.mock",
         "routes": [route("/same", "left.json"), route("/changed", "right.json")]},
    ],
    "requests": [
        {"id": "same", "name": "Same", "method": "GET", "url": "/same", "expectations": [expectation]},
        {"id": "changed", "name": "Changed", "method": "GET", "url": "/changed", "expectations": [expectation]},
    ],
}
with open(f"{directory}/api.json", "w") as file:
    json.dump(collection, file, indent=2)
PY
}

# step NAME BINARY EXPECTED-STATUS ARGS…: one timed run; appends "wall cpu rss" to $work/NAME.times.
step() {
    local name=$1 binary=$2 expected=$3
    shift 3
    local status=0
    /usr/bin/time -f "%e %U %S %M" -o "$work/time.out" "$binary" run "$@" --no-history >"$work/run.out" 2>&1 ||
        status=$?
    if [[ $status -ne $expected ]]; then
        cat "$work/run.out" >&2
        echo "bench-snapshot: $name exited $status, expected $expected" >&2
        exit 1
    fi
    # GNU time writes "Command exited with non-zero status N" first when the run fails.
    tail -n 1 "$work/time.out" | awk '{ printf "%s %.3f %s\n", $1, $2 + $3, $4 }' >>"$work/$name.times"
}

binaries=("$lazer")
[[ -n "$base" ]] && binaries+=("$base")
for size in $sizes; do
    data="bench-out/snapshot/$size"
    [[ -f "$data/right.json" ]] || python3 scripts/gen-jsondiff-bench.py "$data" "$size" >/dev/null
    for index in "${!binaries[@]}"; do
        mkdir -p "$work/$size-$index"
        cp "$data/left.json" "$data/right.json" "$work/$size-$index/"
        write_collection "$work/$size-$index"
    done
    for round in $(seq "$rounds"); do
        for index in "${!binaries[@]}"; do
            # Alternate which binary goes first.
            ((round % 2)) || index=$(((index + 1) % ${#binaries[@]}))
            binary=${binaries[$index]}
            dir="$work/$size-$index"
            rm -rf "$dir/api.snapshots"
            step "$size-$index-create" "$binary" 0 "$dir/api.json" --env before --update-snapshots
            # Both binaries must write the same bytes (the file format does not change).
            if [[ -n "$base" && $round -eq 1 ]]; then cp -r "$dir/api.snapshots" "$work/$size-$index-files"; fi
            step "$size-$index-unchanged" "$binary" 0 "$dir/api.json" --env before --update-snapshots
            step "$size-$index-match" "$binary" 0 "$dir/api.json" --env before --request same
            step "$size-$index-drift" "$binary" 1 "$dir/api.json" --env after --request changed
        done
    done
    if [[ -n "$base" ]]; then
        diff -r "$work/$size-0-files" "$work/$size-1-files" >/dev/null ||
            { echo "bench-snapshot: the two binaries wrote different snapshot files" >&2; exit 1; }
    fi
    body_mb=$(python3 -c "import os; print(f'{os.path.getsize(\"$data/left.json\") / 1048576:.1f}')")
    echo "$size $body_mb" >>"$work/sizes"
done

{
    echo "bench-snapshot $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    echo "binaries: 0 = $lazer${base:+, 1 = $base (snapshot files byte-equal)}; median of $rounds rounds; each run sends 1 or 2 requests"
    echo
    echo "| body | binary | step | wall | CPU | peak RSS | RSS / body |"
    echo "|---|---|---|---|---|---|---|"
    while read -r size body_mb; do
        for index in "${!binaries[@]}"; do
            for name in create unchanged match drift; do
                python3 - "$work/$size-$index-$name.times" "$body_mb" "$index" "$name" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
body = float(sys.argv[2])
wall = statistics.median(float(r[0]) for r in rows)
cpu = statistics.median(float(r[1]) for r in rows)
rss = statistics.median(float(r[2]) for r in rows) / 1024
steps = {"create": "--update-snapshots (2 written)", "unchanged": "--update-snapshots (unchanged)",
         "match": "check, matching", "drift": "check, 1 % changed"}
print(f"| {body} MB | {sys.argv[3]} | {steps[sys.argv[4]]} | {wall:.2f} s | {cpu:.2f} s | {rss:.0f} MB | {rss / body:.1f}× |")
PY
            done
        done
    done <"$work/sizes"
} | tee bench-out/snapshot.md
