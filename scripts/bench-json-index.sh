#!/usr/bin/env bash
# `make bench-json-index` (issue 31, goal 1): JSONTree's index build against simdjson's DOM parse
# (Debian's libsimdjson-dev, the parser reused) on four generated bodies — API-shaped objects,
# number-heavy arrays, string-heavy documents with escapes and non-ASCII, a log of events — in
# alternating rounds of one process each (best of ROUNDS parses inside), the bodies in memory.
# Prints each side's best time and throughput and JSONTree's speed as a multiple of simdjson's
# (goal: at least 1.0x), and JSONTree without its structural index (INDEX=0, the byte-at-a-time
# parser) beside them. Results: bench-out/json-index.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-json-index libsimdjson-dev g++ python3

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product JSONBench
mkdir -p bench-out .build
size=${SIZE_MB:-40}
bodies=bench-out/bodies-index-$size
kinds=(api numbers strings log)
[[ -f $bodies/log.json ]] || python3 scripts/gen-json-bodies.py "$bodies" "$size" api,numbers,strings,log
g++ -O3 -std=c++17 scripts/bench-simdjson.cpp -lsimdjson -o .build/bench-simdjson

files=()
for kind in "${kinds[@]}"; do files+=("$bodies/$kind.json"); done
{
    echo "bench-json-index $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    python3 - "${ROUNDS:-5}" "${files[@]}" <<'PY'
import os, re, subprocess, sys
rounds, files = int(sys.argv[1]), sys.argv[2:]
line = re.compile(r"^(.*): best ([0-9.]+) ms \[CPU ([0-9.]+) ms\] ([0-9]+)$")
sides = ("JSONTree", "simdjson", "byte at a time")
best = {side: {} for side in sides}
commands = {"JSONTree": [".build/release/JSONBench", "--index"], "simdjson": [".build/bench-simdjson"],
            "byte at a time": [".build/release/JSONBench", "--index"]}
# The third side is JSONTree without its structural index (INDEX=0): what the index gains.
extra = {"byte at a time": {"INDEX": "0"}}
for index in range(rounds):
    for side in (sides if index % 2 == 0 else tuple(reversed(sides))):
        # ROUNDS counts this loop's rounds; each program parses every file 10 times a round.
        output = subprocess.run(commands[side] + files, check=True, capture_output=True, text=True,
                                env=dict(os.environ, ROUNDS="10", **extra.get(side, {}))).stdout
        for text in output.splitlines():
            match = line.match(text)
            if not match:
                sys.exit(f"bench-json-index: unexpected line from {side}: {text}")
            path, wall, cpu = match.group(1), float(match.group(2)), float(match.group(3))
            previous = best[side].get(path, (float("inf"), float("inf")))
            best[side][path] = (min(previous[0], wall), min(previous[1], cpu))
print(f"best of {rounds} alternating rounds, each the best of 10 parses (CPU: the least thread time)")
print()
print("| body | size | JSONTree index | without the structural index | simdjson DOM parse "
      "| JSONTree's speed ÷ simdjson's (CPU) |")
print("|---|---|---|---|---|---|")
for path in files:
    size = os.path.getsize(path)
    ours, theirs = best["JSONTree"][path], best["simdjson"][path]
    plain = best["byte at a time"][path]
    rate = lambda ms: f"{size / ms / 1e6:.2f} GB/s"
    print(f"| {os.path.basename(path)} | {size / 1e6:.0f} MB | {ours[0]:.1f} ms ({rate(ours[0])}) | "
          f"{plain[0]:.1f} ms | {theirs[0]:.1f} ms ({rate(theirs[0])}) | **{theirs[1] / ours[1]:.2f}×** |")
PY
} | tee bench-out/json-index.md
