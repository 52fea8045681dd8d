#!/usr/bin/env bash
# `make bench-mock`: `lazer mock` (release) against nginx serving the same bytes, in the same run.
#
#   1. wrk -t2 -c32 -d5s on a 1 KB JSON route (inline in the collection) and on nginx's static copy,
#      MOCK_ROUNDS times (default 3) alternating which server goes first; medians of the ratios.
#   2. The same on a 1 MB body route (a body file, sent with sendfile) and on nginx's copy.
#   3. Memory: lazer mock's RSS before and after a 60-second wrk run on the 1 KB route (MOCK_SOAK=N
#      seconds changes it).
# Targets (issue 17): lazer mock's requests/s >= 60 % of nginx's, p99 <= 2x nginx's, memory flat.
#
# Installs nginx and wrk (Debian) when missing; nginx runs only as a child on a free loopback port
# with its files in a temporary folder. Results: bench-out/mock.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/lib/ensure-packages.sh
ensure_packages bench-mock nginx wrk python3

swift build -c release --product lazer
lazer=.build/release/lazer
soak=${MOCK_SOAK:-60}

work=$(mktemp -d /tmp/lazer-bench-mock.XXXXXX)
nginx_pid=""
mock_pid=""
cleanup() {
    for pid in "$mock_pid" "$nginx_pid"; do
        if [[ -n "$pid" ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
chmod 755 "$work"
mkdir -p "$work/www" "$work/tmp" "$work/api/mocks"
# The same 1 KB JSON document for both servers; the 1 MB body as a file for both.
python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
items = [{"id": i, "name": f"item {i}", "tags": ["a", "b"]} for i in range(12)]
body = json.dumps({"items": items, "pad": ""}, separators=(",", ":"))
body = body[:-2] + "x" * (1024 - len(body)) + '"}'
assert len(body) == 1024, len(body)
open(f"{work}/www/small.json", "w").write(body)
open(f"{work}/api/mocks/big.bin", "wb").write(bytes(range(256)) * 4096)
open(f"{work}/www/big.bin", "wb").write(bytes(range(256)) * 4096)
collection = {
    "formatVersion": 1, "id": "00000000-0000-4000-8000-00000000b001", "name": "bench",
    "defaultEnvironment": "mock",
    "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://bench.mock", "routes": [
        {"method": "GET", "path": "/small.json",
         "response": {"headers": [{"name": "Content-Type", "value": "application/json"}], "text": body}},
        {"method": "GET", "path": "/big.bin", "response": {"file": "mocks/big.bin"}},
    ]}],
}
json.dump(collection, open(f"{work}/api/bench.json", "w"))
PY
cat >"$work/nginx.conf" <<CONF
daemon off;
worker_processes 2;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path $work/tmp;
    proxy_temp_path $work/tmp;
    fastcgi_temp_path $work/tmp;
    uwsgi_temp_path $work/tmp;
    scgi_temp_path $work/tmp;
    types { application/json json; application/octet-stream bin; }
    server {
        listen 127.0.0.1:$port;
        root $work/www;
    }
}
CONF
nginx -c "$work/nginx.conf" -e "$work/error.log" &
nginx_pid=$!
"$lazer" mock "$work/api/bench.json" --port 0 >"$work/mock.out" 2>"$work/mock.err" &
mock_pid=$!
for _ in $(seq 100); do
    [[ -s "$work/mock.out" ]] && curl -s -o /dev/null "http://127.0.0.1:$port/small.json" && break
    sleep 0.1
done
mock_url=$(head -n 1 "$work/mock.out")
nginx_url="http://127.0.0.1:$port"
cmp <(curl -s "$mock_url/small.json") "$work/www/small.json"
cmp <(curl -s "$mock_url/big.bin") "$work/www/big.bin"

rss() { awk '/VmRSS/ { print $2 }' "/proc/$mock_pid/status"; }
# wrk's "Requests/sec" and 99th percentile (in ms).
measure() {
    local out
    out=$(wrk -t2 -c32 -d"$2" --latency "$1")
    local rps p99
    rps=$(awk '/Requests\/sec/ { print $2 }' <<<"$out")
    p99=$(awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v = v / 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v = v * 1000 } print v }' <<<"$out")
    echo "$rps $p99"
}
# The mock's request log goes to a file here, as a user would redirect it.
results="bench-out/mock.md"
mkdir -p bench-out
{
    echo "# make bench-mock — $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo
    echo "Machine: $(nproc) cores, $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    echo "| round | route | lazer mock req/s | nginx req/s | ratio (≥ 0.60) | lazer p99 ms | nginx p99 ms | p99 ratio (≤ 2) |"
    echo "|---|---|---|---|---|---|---|---|"
} | tee "$results"
wrk -t2 -c32 -d1s "$mock_url/small.json" >/dev/null
wrk -t2 -c32 -d1s "$nginx_url/small.json" >/dev/null
# MOCK_ROUNDS rounds (default 3), the two servers alternating which goes first, so a burst of other
# work on the machine does not land on one side only; the summary rows are the medians of the rounds.
rounds=${MOCK_ROUNDS:-3}
declare -A ratios p99ratios
for round in $(seq "$rounds"); do
    for route in small.json big.bin; do
        if ((round % 2)); then
            read -r mock_rps mock_p99 < <(measure "$mock_url/$route" 5s)
            read -r nginx_rps nginx_p99 < <(measure "$nginx_url/$route" 5s)
        else
            read -r nginx_rps nginx_p99 < <(measure "$nginx_url/$route" 5s)
            read -r mock_rps mock_p99 < <(measure "$mock_url/$route" 5s)
        fi
        ratio=$(awk -v a="$mock_rps" -v b="$nginx_rps" 'BEGIN { printf "%.2f", a / b }')
        p99ratio=$(awk -v a="$mock_p99" -v b="$nginx_p99" 'BEGIN { printf "%.2f", a / b }')
        ratios[$route]+="$ratio "
        p99ratios[$route]+="$p99ratio "
        label=$([[ $route == small.json ]] && echo "1 KB JSON" || echo "1 MB file")
        echo "| $round | $label | $mock_rps | $nginx_rps | $ratio | $mock_p99 | $nginx_p99 | $p99ratio |" | tee -a "$results"
    done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
for route in small.json big.bin; do
    label=$([[ $route == small.json ]] && echo "1 KB JSON" || echo "1 MB file")
    echo "| median of $rounds | $label | | | $(median <<<"${ratios[$route]}") | | | $(median <<<"${p99ratios[$route]}") |" |
        tee -a "$results"
done
start_rss=$(rss)
read -r soak_rps _ < <(measure "$mock_url/small.json" "${soak}s")
end_rss=$(rss)
{
    echo
    echo "Memory over a ${soak}-second wrk run on the 1 KB route ($soak_rps req/s): RSS ${start_rss} KiB at the start, ${end_rss} KiB at the end."
    echo "Load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee -a "$results"
