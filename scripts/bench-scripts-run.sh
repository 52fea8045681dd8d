#!/usr/bin/env bash
# `make bench-scripts` (second half): `lazer run` of 1,000 GETs against one nginx on 127.0.0.1
# whose JSON answer is checked by a typical test script (parse the JSON, three pm.expects) and,
# the reference, by the three equivalent declarative expectations; whole processes (release
# build) in alternating rounds; prints the median of each and the ratio (issue 32's budget: the
# scripted run within 1.5x). Results: bench-out/scripts-run.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-scripts nginx curl python3 libjavascriptcoregtk-4.1-0 libjs-chai

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product lazer
mkdir -p bench-out

bench_workdir scripts
port=$(bench_free_port)
bench_nginx_conf "    server {
        listen 127.0.0.1:$port;
        location / {
            default_type application/json;
            return 200 '{\"user\":{\"name\":\"ada\",\"id\":7},\"tags\":[\"a\",\"b\"]}';
        }
    }"
bench_start_nginx "http://127.0.0.1:$port/users/1"

python3 - "$work" "$port" <<'PY'
import json, sys
work, port = sys.argv[1], sys.argv[2]
script = "\n".join([
    "const body = pm.response.json();",
    "pm.test('status is 200', () => pm.response.to.have.status(200));",
    "pm.test('name is ada', () => pm.expect(body.user.name).to.eql('ada'));",
    "pm.test('id is 7', () => pm.expect(body.user.id).to.eql(7));",
])
expectations = [
    {"subject": "status", "op": "equals", "value": 200},
    {"subject": "jsonPath", "path": "$.user.name", "op": "equals", "value": "ada"},
    {"subject": "jsonPath", "path": "$.user.id", "op": "equals", "value": 7},
]
for kind in ("scripted", "declarative"):
    requests = []
    for i in range(1000):
        request = {"id": f"r{i}", "name": f"R{i}", "method": "GET", "url": f"/users/{i}"}
        if kind == "scripted":
            request["scripts"] = {"test": script}
        else:
            request["expectations"] = expectations
        requests.append(request)
    collection = {
        "formatVersion": 1, "id": f"bench-{kind}", "name": f"Scripts bench {kind}", "defaultEnvironment": "live",
        "environments": [{"name": "live", "kind": "live", "baseURL": f"http://127.0.0.1:{port}"}],
        "requests": requests,
    }
    with open(f"{work}/{kind}.json", "w") as file:
        json.dump(collection, file)
PY

export XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
{
    echo "bench-scripts (lazer run) $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    python3 - "$work" "${ROUNDS:-11}" .build/release/lazer <<'PY'
import os, statistics, subprocess, sys, time
work, rounds, lazer = sys.argv[1], int(sys.argv[2]), sys.argv[3]
samples = {"scripted": [], "declarative": []}
def run(kind):
    command = [lazer, "run", f"{work}/{kind}.json", "--env", "live", "--no-history", "--trust-scripts"]
    with open(f"{work}/{kind}.out", "w") as out:
        start = time.monotonic()
        child = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
    if status != 0:
        sys.stderr.write(open(f"{work}/{kind}.out").read()[-2000:])
        sys.exit(f"bench-scripts: the {kind} run failed")
    samples[kind].append((wall, usage.ru_utime + usage.ru_stime))
for index in range(rounds):
    for kind in (("scripted", "declarative") if index % 2 == 0 else ("declarative", "scripted")):
        run(kind)
print(f"lazer run, 1,000 GETs on loopback, median of {rounds} alternating rounds (budget: scripted within 1.5x):")
for name, field in (("wall", 0), ("CPU (user+sys)", 1)):
    s = statistics.median(sample[field] for sample in samples["scripted"])
    d = statistics.median(sample[field] for sample in samples["declarative"])
    print(f"  {name}: scripts {s:.3f} s   declarative expectations {d:.3f} s   ratio {s / d:.2f}x")
PY
} | tee bench-out/scripts-run.md
