#!/usr/bin/env bash
# `make bench-sigv4` (second half): `lazer run` of 1,000 POSTs with a 1 KB JSON body against one
# nginx on 127.0.0.1, signed with `aws-sigv4` auth and unsigned, as whole processes (release
# build), in alternating rounds so neither always runs first; prints the median of each and the
# difference (issue 26's budget: within 10 %). nginx is started as a child on a free loopback port
# with its files in a temporary folder, never as a service. Results: bench-out/sigv4-run.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-sigv4 nginx curl python3 time

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product lazer
mkdir -p bench-out

bench_workdir sigv4
port=$(bench_free_port)
bench_nginx_conf "    server {
        listen 127.0.0.1:$port;
        location / {
            default_type application/json;
            return 200 '{\"ok\":true}';
        }
    }"
bench_start_nginx "http://127.0.0.1:$port/items/1"

python3 - "$work" "$port" <<'PY'
import json, sys
work, port = sys.argv[1], sys.argv[2]
body = {"payload": "x" * 1000}
for signed in (True, False):
    collection = {
        "formatVersion": 1, "id": "bench-sigv4", "name": "SigV4 bench", "defaultEnvironment": "live",
        "variables": [{"name": "awsSecret", "secret": True}],
        "environments": [{"name": "live", "kind": "live", "baseURL": f"http://127.0.0.1:{port}"}],
        "requests": [
            {"id": f"r{i}", "name": f"R{i}", "method": "POST", "url": f"/items/{i}?page={i % 7}",
             "headers": [{"name": "X-Request", "value": str(i)}], "body": {"type": "json", "json": body},
             "expectations": [{"subject": "status", "op": "equals", "value": 200}]}
            for i in range(1000)],
    }
    if signed:
        collection["auth"] = {"type": "aws-sigv4", "accessKeyId": "AKIDEXAMPLE", "secretAccessKey": "{{awsSecret}}",
                              "region": "eu-west-1", "service": "execute-api"}
    with open(f"{work}/{'signed' if signed else 'unsigned'}.json", "w") as file:
        json.dump(collection, file)
PY

export LAZER_VAR_awsSecret="wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
export XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
# Each run's CPU time comes from wait4's rusage (microseconds; /usr/bin/time's 10 ms steps were
# coarser than the difference measured) and, where `perf stat` works, its user-space instruction
# count, which the other processes of a busy machine do not move.
{
    echo "bench-sigv4 $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    python3 - "$work" "${ROUNDS:-41}" .build/release/lazer <<'PY'
import os, statistics, subprocess, sys, time
work, rounds, lazer = sys.argv[1], int(sys.argv[2]), sys.argv[3]
try:
    probe = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", "true"], capture_output=True, text=True)
    perf = probe.returncode == 0 and probe.stderr.strip().split(",")[0].isdigit()
except OSError:
    perf = False
samples = {"signed": [], "unsigned": []}
def run(kind):
    command = [lazer, "run", f"{work}/{kind}.json", "--env", "live", "--no-history"]
    counts = f"{work}/{kind}.perf"
    if perf:
        command = ["perf", "stat", "-x,", "-e", "instructions:u", "-o", counts, "--"] + command
    with open(f"{work}/{kind}.out", "w") as out:
        start = time.monotonic()
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
    if status != 0:
        sys.stderr.write(open(f"{work}/{kind}.out").read())
        sys.exit(f"bench-sigv4: the {kind} run failed")
    instructions = None
    if perf:
        for line in open(counts):
            fields = line.split(",")
            if len(fields) > 2 and fields[2].startswith("instructions") and fields[0].isdigit():
                instructions = int(fields[0])
    samples[kind].append((wall, usage.ru_utime + usage.ru_stime, instructions))
for index in range(rounds):
    for kind in (("signed", "unsigned") if index % 2 == 0 else ("unsigned", "signed")):
        run(kind)
def median(kind, field):
    values = [sample[field] for sample in samples[kind] if sample[field] is not None]
    return statistics.median(values) if values else None
def line(name, field, unit, scale):
    s, u = median("signed", field), median("unsigned", field)
    if s is None or u is None:
        return
    print(f"  {name}: signed {s * scale:.3f} {unit}   unsigned {u * scale:.3f} {unit}   difference {100 * (s - u) / u:+.1f} %")
print(f"lazer run, 1,000 POSTs (1 KB JSON) on loopback, median of {rounds} alternating rounds (budget: within 10 %):")
line("CPU (user+sys)", 1, "s", 1)
line("instructions (user space)", 2, "G", 1e-9)
line("wall", 0, "s", 1)
PY
} | tee bench-out/sigv4-run.md
