#!/usr/bin/env bash
# `make bench-sigv4` (second half): `lazer run` of 1,000 POSTs with a 1 KB JSON body against one
# nginx on 127.0.0.1, signed with `aws-sigv4` auth and unsigned, as whole processes (release
# build), in rounds that change which runs first; prints the median of each and the difference
# (issue 26's budget: within 10 %). Then the floor, in the same rounds: the unsigned collection
# with the signature's two header lines written in (nothing signed), and one `curl -K` process
# sending the same 1,000 POSTs with and without those lines — what libcurl itself pays to carry
# them (Debian 12's libcurl 7.88 formats each header line a character at a time). nginx is started
# as a child on a free loopback port with its files in a temporary folder, never as a service.
# Results: bench-out/sigv4-run.md.
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
# The floor: the two header lines a signature adds (`X-Amz-Date` and a 190-byte `Authorization`,
# as the signer writes them for this request), written into the unsigned requests, nothing signed.
floor_headers = [
    {"name": "X-Amz-Date", "value": "20261207T190201Z"},
    {"name": "Authorization", "value": "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261207/eu-west-1/execute-api/"
     "aws4_request, SignedHeaders=content-type;host;x-amz-date;x-request, Signature=" + "2c6cee46" * 8},
]
for kind in ("signed", "unsigned", "headers"):
    collection = {
        "formatVersion": 1, "id": "bench-sigv4", "name": "SigV4 bench", "defaultEnvironment": "live",
        "variables": [{"name": "awsSecret", "secret": True}],
        "environments": [{"name": "live", "kind": "live", "baseURL": f"http://127.0.0.1:{port}"}],
        "requests": [
            {"id": f"r{i}", "name": f"R{i}", "method": "POST", "url": f"/items/{i}?page={i % 7}",
             "headers": [{"name": "X-Request", "value": str(i)}] + (floor_headers if kind == "headers" else []),
             "body": {"type": "json", "json": body},
             "expectations": [{"subject": "status", "op": "equals", "value": 200}]}
            for i in range(1000)],
    }
    if kind == "signed":
        collection["auth"] = {"type": "aws-sigv4", "accessKeyId": "AKIDEXAMPLE", "secretAccessKey": "{{awsSecret}}",
                              "region": "eu-west-1", "service": "execute-api"}
    with open(f"{work}/{kind}.json", "w") as file:
        json.dump(collection, file)
# The same 1,000 POSTs for one `curl -K` process, with and without the two lines: what libcurl
# itself pays to carry them.
with open(f"{work}/body.json", "w") as file:
    json.dump(body, file, separators=(",", ":"))
for kind in ("curl-unsigned", "curl-headers"):
    with open(f"{work}/{kind}.cfg", "w") as file:
        for i in range(1000):
            file.write(f'url = "http://127.0.0.1:{port}/items/{i}?page={i % 7}"\nrequest = "POST"\n'
                       f'data-binary = "@{work}/body.json"\noutput = "/dev/null"\n'
                       f'header = "Content-Type: application/json"\nheader = "X-Request: {i}"\n')
            if kind == "curl-headers":
                for header in floor_headers:
                    file.write(f'header = "{header["name"]}: {header["value"]}"\n')
            if i < 999:
                file.write("next\n")
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
kinds = ["signed", "unsigned", "headers", "curl-unsigned", "curl-headers"]
samples = {kind: [] for kind in kinds}
def run(kind):
    if kind.startswith("curl"):
        command = ["curl", "-s", "-K", f"{work}/{kind}.cfg"]
    else:
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
# Each round runs every kind once, starting one further along each time, so none always runs first.
for index in range(rounds):
    for offset in range(len(kinds)):
        run(kinds[(index + offset) % len(kinds)])
def median(kind, field):
    values = [sample[field] for sample in samples[kind] if sample[field] is not None]
    return statistics.median(values) if values else None
def line(name, field, unit, scale, pair=("signed", "unsigned")):
    s, u = median(pair[0], field), median(pair[1], field)
    if s is None or u is None:
        return
    print(f"  {name}: {pair[0]} {s * scale:.3f} {unit}   {pair[1]} {u * scale:.3f} {unit}   difference {100 * (s - u) / u:+.1f} %")
print(f"lazer run, 1,000 POSTs (1 KB JSON) on loopback, median of {rounds} rounds (budget: within 10 %):")
line("CPU (user+sys)", 1, "s", 1)
line("instructions (user space)", 2, "G", 1e-9)
line("wall", 0, "s", 1)
print("the floor: the same two header lines written into the unsigned requests, nothing signed:")
line("lazer run, CPU", 1, "s", 1, ("headers", "unsigned"))
line("lazer run, wall", 0, "s", 1, ("headers", "unsigned"))
print("libcurl's own share: one curl -K process, the same 1,000 POSTs with and without the two lines:")
line("curl -K, CPU", 1, "s", 1, ("curl-headers", "curl-unsigned"))
line("curl -K, wall", 0, "s", 1, ("curl-headers", "curl-unsigned"))
per_request = lambda kind, field: median(kind, field) * 1e6 / 1000
print(f"  per request (wall): the budget (10 % of the unsigned run) {per_request('unsigned', 0) / 10:.1f} us; "
      f"carrying the two lines in lazer {per_request('headers', 0) - per_request('unsigned', 0):.1f} us, "
      f"in curl {per_request('curl-headers', 0) - per_request('curl-unsigned', 0):.1f} us; "
      f"signed {per_request('signed', 0) - per_request('unsigned', 0):.1f} us")
PY
} | tee bench-out/sigv4-run.md
