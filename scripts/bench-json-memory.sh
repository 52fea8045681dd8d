#!/usr/bin/env bash
# `make bench-json-memory` (issue 31, goal 2): what `lazer json` holds for a gigabyte body. Three
# generated bodies of SIZE_MB (default 1000) MB — API-shaped objects, number-heavy arrays,
# string-heavy documents — each printed, printed compact and queried (`$[0]`), as a file (mapped,
# pages handed back behind the parse and the printer) and, as the reference in the same run, from
# stdin (read whole into memory: what `lazer json` did with files before). Peak resident size from
# wait4's rusage of each process, as a multiple of the body (goal: at most 0.6x), wall time beside
# it, and the load average; then the explorer with a 1 GB JSON and a 1 GB binary response open
# (scripts/bench-explorer-memory.sh). Results: bench-out/json-memory.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-json-memory python3

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product lazer
size=${SIZE_MB:-1000}
bodies=bench-out/bodies-memory-$size
[[ -f $bodies/strings.json ]] || python3 scripts/gen-json-bodies.py "$bodies" "$size" api,numbers,strings
mkdir -p bench-out
{
    echo "bench-json-memory $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine), $(awk '/MemTotal/ {printf "%.0f GB RAM", $2 / 1048576}' /proc/meminfo)"
    python3 - .build/release/lazer "$bodies" <<'PY'
import os, subprocess, sys, time
lazer, bodies = sys.argv[1], sys.argv[2]

def run(arguments, stdin_path=None):
    """Peak resident bytes and wall seconds of one `lazer json` process, stdout to /dev/null."""
    with open(os.devnull, "wb") as null, open(stdin_path or os.devnull, "rb") as source:
        start = time.monotonic()
        child = subprocess.Popen([lazer, "json"] + arguments, stdin=source, stdout=null)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"bench-json-memory: lazer json {' '.join(arguments)} failed ({status})")
    return usage.ru_maxrss * 1024, wall

print()
print("| body | size | pass | file (mapped): peak | × body | wall | stdin (read whole): peak | × body | wall |")
print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
worst = 0.0
for kind in ("api", "numbers", "strings"):
    path = f"{bodies}/{kind}.json"
    size = os.path.getsize(path)
    for name, options in (("print", []), ("compact", ["--compact"]), ("query $[0]", ["--query", "$[0]"])):
        mapped, mapped_wall = run([path] + options)
        read, read_wall = run(["-"] + options, stdin_path=path)
        worst = max(worst, mapped / size)
        print(f"| {kind} | {size / 1e6:,.0f} MB | {name} | {mapped / 1e6:,.0f} MB | {mapped / size:.2f} | "
              f"{mapped_wall:.1f} s | {read / 1e6:,.0f} MB | {read / size:.2f} | {read_wall:.1f} s |")
print()
print(f"Goal: peak resident at most 0.6x the body. All three bodies: at most {worst:.2f}x "
      f"({'met' if worst <= 0.6 else 'missed'}).")
PY
    scripts/bench-explorer-memory.sh "$bodies"
    echo
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee bench-out/json-memory.md
