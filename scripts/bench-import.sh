#!/usr/bin/env bash
# make bench-import: whole-process `lazer import` (release build) on generated inputs — a
# 200-request Postman v2.1 collection and a 400 KB OpenAPI 3.0 document (JSON, and the same
# document as YAML) — timed with hyperfine against the goals of issue 18 (≤ 100 ms and ≤ 200 ms).
# Prints the machine and its load average, since other work on it moves the numbers.
set -euo pipefail
LAZER=${1:-.build/release/lazer}
OUT=bench-out/import
mkdir -p "$OUT"
python3 scripts/gen-import-bench.py "$OUT/inputs"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
run() {
    local name=$1 file=$2 goal=$3
    hyperfine --warmup 2 --runs 15 --style basic --export-json "$OUT/$name.json" \
        -n "$name" "$LAZER import $file --into $OUT/$name.lazer.json --force --name Bench > /dev/null" >/dev/null
    python3 - "$OUT/$name.json" "$name" "$goal" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))["results"][0]
goal = float(sys.argv[3])
mean, low = result["mean"] * 1000, result["min"] * 1000
verdict = "within" if mean <= goal else "OVER"
print(f"{sys.argv[2]:<28} mean {mean:7.1f} ms  min {low:7.1f} ms  ± {result['stddev'] * 1000:5.1f}  goal ≤ {goal:.0f} ms: {verdict}")
PY
}
run "postman-200-requests" "$OUT/inputs/bench.postman_collection.json" 100
run "openapi-400KB-json" "$OUT/inputs/bench-openapi.json" 200
run "openapi-400KB-yaml" "$OUT/inputs/bench-openapi.yaml" 200

echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
