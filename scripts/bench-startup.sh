#!/usr/bin/env bash
# `make bench-startup`: what every `lazer` invocation pays before it does anything — the process
# start (the dynamic loader, the Swift runtime, argument parsing) — as whole processes of the
# release build, in alternating rounds against `curl --version` (the same shared libraries, libcurl's
# own start) as the reference: `lazer --version`, `lazer validate` of the small sample collection,
# and `lazer run` of it against its mock environment. Median wall and CPU (wait4's rusage) of ROUNDS
# (default 41). Results: bench-out/startup.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-startup curl python3

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product lazer
mkdir -p bench-out
bench_workdir startup

export XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" HOME="$work" NO_COLOR=1
{
    echo "bench-startup $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    python3 - "${ROUNDS:-41}" <<'PY'
import os, statistics, subprocess, sys, time
rounds = int(sys.argv[1])
lazer = ".build/release/lazer"
commands = [
    ("`curl --version` (reference)", ["curl", "--version"]),
    ("`lazer --version`", [lazer, "--version"]),
    ("`lazer validate Collections/jsonplaceholder.json`", [lazer, "validate", "Collections/jsonplaceholder.json"]),
    ("`lazer run Collections/jsonplaceholder.json --env mock`",
     [lazer, "run", "Collections/jsonplaceholder.json", "--env", "mock", "--no-history"]),
]
samples = {name: [] for name, _ in commands}
for index in range(rounds):
    for name, command in (commands if index % 2 == 0 else commands[::-1]):
        start = time.monotonic()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
        if status != 0:
            sys.exit(f"bench-startup: {' '.join(command)} failed: {child.stderr.read().decode(errors='replace')}")
        child.stderr.close()
        samples[name].append((wall, usage.ru_utime + usage.ru_stime))
print(f"median of {rounds} alternating rounds, whole processes")
print()
print("| command | wall | CPU (user+sys) |")
print("|---|---:|---:|")
for name, _ in commands:
    wall = statistics.median(sample[0] for sample in samples[name])
    cpu = statistics.median(sample[1] for sample in samples[name])
    print(f"| {name} | {wall * 1000:.1f} ms | {cpu * 1000:.1f} ms |")
PY
} | tee bench-out/startup.md
