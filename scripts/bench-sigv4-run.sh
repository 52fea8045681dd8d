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
seconds() { python3 -c 'import time; print(time.monotonic())'; }
run_one() {
    local start end
    start=$(seconds)
    /usr/bin/time -f "%U %S" -a -o "$work/$1.cpu" \
        .build/release/lazer run "$work/$1.json" --env live --no-history >"$work/$1.out" 2>&1 || {
        cat "$work/$1.out" >&2
        echo "bench-sigv4: the $1 run failed" >&2
        exit 1
    }
    end=$(seconds)
    python3 -c "print($end - $start)"
}
signed=()
unsigned=()
rounds=${ROUNDS:-7}
for round in $(seq "$rounds"); do
    if ((round % 2)); then
        signed+=("$(run_one signed)")
        unsigned+=("$(run_one unsigned)")
    else
        unsigned+=("$(run_one unsigned)")
        signed+=("$(run_one signed)")
    fi
done
{
    echo "bench-sigv4 $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    python3 - "${signed[*]}" "${unsigned[*]}" "$work/signed.cpu" "$work/unsigned.cpu" <<'PY'
import statistics, sys
signed = [float(x) for x in sys.argv[1].split()]
unsigned = [float(x) for x in sys.argv[2].split()]
def cpu(path):
    return [sum(float(x) for x in line.split()) for line in open(path) if line.strip() and line[0].isdigit()]
s, u = statistics.median(signed), statistics.median(unsigned)
sc, uc = statistics.median(cpu(sys.argv[3])), statistics.median(cpu(sys.argv[4]))
print(f"lazer run, 1,000 POSTs (1 KB JSON) on loopback, median of {len(signed)} rounds:")
print(f"  wall: aws-sigv4 signed {s:.3f} s   unsigned {u:.3f} s   difference {100 * (s - u) / u:+.1f} % (budget: within 10 %)")
print(f"  CPU (user+sys): signed {sc:.3f} s   unsigned {uc:.3f} s   difference {100 * (sc - uc) / uc:+.1f} %")
PY
} | tee bench-out/sigv4-run.md
