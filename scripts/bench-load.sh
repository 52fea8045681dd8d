#!/usr/bin/env bash
# `make bench-load` (issue 29's Performance section): `lazer load` (release) against a loopback nginx,
# in the same run as the references:
#   1. maximum throughput with 32 connections: wrk -c32 and hey -c 32, then lazer load --vus 32;
#   2. a constant rate of half lazer's own maximum for $RATE_SECONDS (30 s): achieved rate against the
#      target, and the generator's own CPU (user+sys from /usr/bin/time);
#   3. percentiles at 100/s against two servers that inject 10 ms into 90 % of requests, 50 ms into 9 %
#      and 200 ms into 1 % — delay_server.py (Python threads) and `lazer mock` (SwiftNIO timers) with a
#      cycling sequence — each compared with the injected values and with what that server says it
#      actually gave (delay_server.py's /achieved, lazer mock's --log): within 1 ms + 2 % is the goal;
#   4. the HTML report of a 10,000-request run: its size and how long writing it took.
# Results: bench-out/load.md. DURATION (max-throughput seconds, default 10) and RATE_SECONDS shorten it;
# LAZER=PATH measures another binary (LAZER_HTML=PATH: the one that writes the HTML report).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-lib.sh
ensure_packages bench-load nginx curl python3 time wrk hey

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product lazer
lazer=${LAZER:-.build/release/lazer}
mkdir -p bench-out
bench_workdir load
port=$(bench_free_port)
bench_nginx_conf "    server {
        listen 127.0.0.1:$port;
        location / {
            default_type application/json;
            return 200 '{\"ok\":true}';
        }
    }"
bench_start_nginx "http://127.0.0.1:$port/"
duration=${DURATION:-10}
rate_seconds=${RATE_SECONDS:-30}

collection() { # collection FILE BASEURL PATH
    cat >"$1" <<JSON
{"formatVersion": 1, "id": "bench-load", "name": "Bench", "defaultEnvironment": "live",
 "environments": [{"name": "live", "kind": "live", "baseURL": "$2"}],
 "requests": [{"id": "r", "name": "R", "method": "GET", "url": "$3",
   "expectations": [{"subject": "status", "op": "equals", "value": 200}]}]}
JSON
}
collection "$work/nginx.json" "http://127.0.0.1:$port" "/items"
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2], {}, {'d': d}))" "$@"; }

wrk_rps=$(wrk -t2 -c32 -d"${duration}s" "http://127.0.0.1:$port/items" | awk '/^Requests\/sec/ {print $2}')
hey_rps=$(hey -z "${duration}s" -c 32 "http://127.0.0.1:$port/items" | awk '/Requests\/sec/ {print $2}')
/usr/bin/time -f "%e %U %S" -o "$work/max.time" "$lazer" load "$work/nginx.json" --vus 32 --duration "${duration}s" \
    --output "$work/max.json" >"$work/max.txt"
lazer_rps=$(json "$work/max.json" "round(d['throughput'], 1)")
kept=$(json "$work/max.json" "d['keepAliveRequests']")
# The same with every request through libcurl (--engine curl), and wrk with one thread (as lazer's
# one event loop) for reference.
"$lazer" load "$work/nginx.json" --vus 32 --duration "${duration}s" --engine curl --output "$work/max-curl.json" >/dev/null
curl_rps=$(json "$work/max-curl.json" "round(d['throughput'], 1)")
wrk1_rps=$(wrk -t1 -c32 -d"${duration}s" "http://127.0.0.1:$port/items" | awk '/^Requests\/sec/ {print $2}')

# Half of lazer's own maximum, a rate the generator can keep: past 1,024 requests in flight the open
# model waits (LoadRunner.maxInFlight), which would show as latency rather than as the rate asked.
half=$(python3 -c "print(max(1, int(float('$lazer_rps') / 2)))")
/usr/bin/time -f "%e %U %S" -o "$work/rate.time" "$lazer" load "$work/nginx.json" --rate "${half}/s" \
    --duration "${rate_seconds}s" --output "$work/rate.json" >"$work/rate.txt"
achieved=$(json "$work/rate.json" "round(d['model']['achievedRate'], 1)")
rate_cpu=$(awk '{printf "%.2f", $2 + $3}' "$work/rate.time")

# The delay servers: 90 % at 10 ms, 9 % at 50 ms, 1 % at 200 ms, by each request's place in every 100.
coproc DELAY { python3 -u Sources/LoopbackTesting/delay_server.py; }
bench_track "$DELAY_PID"
read -r ports <&"${DELAY[0]}"
delay_port=${ports#PORTS http=}
collection "$work/delay.json" "http://127.0.0.1:$delay_port" "/delay"
"$lazer" load "$work/delay.json" --rate 100/s --duration 20s --output "$work/delay-out.json" >"$work/delay.txt"
curl -s "http://127.0.0.1:$delay_port/achieved" >"$work/python-achieved.json"
kill "$DELAY_PID" 2>/dev/null || true
wait "$DELAY_PID" 2>/dev/null || true

python3 - "$work/delay-mock.json" <<'PY'
import json, sys
sequence = [{"status": 200, "json": {"ok": True}, "delayMilliseconds": 200 if i == 99 else 50 if i >= 90 else 10}
            for i in range(100)]
json.dump({"formatVersion": 1, "id": "bench-delay-mock", "name": "Delay", "defaultEnvironment": "mock",
           "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://127.0.0.1", "routes": [
               {"method": "GET", "path": "/delay", "cycle": True, "sequence": sequence}]}],
           "requests": [{"id": "r", "name": "R", "method": "GET", "url": "/delay"}]}, open(sys.argv[1], "w"))
PY
coproc MOCK { exec "$lazer" mock "$work/delay-mock.json" --port 0 --log "$work/mock-log.jsonl" 2>"$work/mock.err"; }
bench_track "$MOCK_PID"
read -r mock_url <&"${MOCK[0]}"
collection "$work/delay-via-mock.json" "$mock_url" "/delay"
"$lazer" load "$work/delay-via-mock.json" --rate 100/s --duration 20s --output "$work/mock-out.json" >"$work/mock.txt"
kill "$MOCK_PID" 2>/dev/null || true
python3 - "$work/mock-log.jsonl" >"$work/mock-achieved.json" <<'PY'
import json, sys
delays = sorted(json.loads(line)["milliseconds"] for line in open(sys.argv[1]) if '"/delay"' in line)
result = {"count": len(delays)}
for name, q in (("p50Ms", 50), ("p90Ms", 90), ("p99Ms", 99), ("p99_9Ms", 99.9), ("maxMs", 100)):
    rank = max(1, -(-len(delays) * q // 100))
    result[name] = delays[int(min(rank, len(delays))) - 1]
print(json.dumps(result))
PY
# percentile_lines SERVER LAZER_OUT ACHIEVED: lazer's p50/p99/p99.9 against the injected values and
# against what the server gave, each with the 1 ms + 2 % bound and met/missed.
percentile_lines() {
    python3 - "$@" <<'PY'
import json, sys
name, ours, theirs = sys.argv[1], json.load(open(sys.argv[2]))["latency"], json.load(open(sys.argv[3]))
print(f"  {name}: lazer load reported, against the injected value and against what the server gave")
for key, label, injected in (("p50Ms", "p50", 10), ("p99Ms", "p99", 50), ("p99_9Ms", "p99.9", 200)):
    def verdict(reference):
        bound = 1 + 0.02 * reference
        return f"{ours[key] - reference:+.2f} ms (bound {bound:.2f}: {'met' if abs(ours[key] - reference) <= bound else 'missed'})"
    print(f"    {label:6} {ours[key]:8.2f} ms   injected {injected:>3}: {verdict(injected)}   "
          f"server gave {theirs[key]:.2f}: {verdict(theirs[key])}")
PY
}

# A 10,000-request run's HTML report.
"${LAZER_HTML:-$lazer}" load "$work/nginx.json" --vus 32 --iterations 313 --html "$work/report.html" >"$work/html.txt"
html_line=$(grep 'HTML report' "$work/html.txt" | sed 's/^.*: HTML report, //')

{
    echo "bench-load $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD), $lazer"
    echo "machine: $(bench_machine)"
    echo
    echo "Maximum throughput, 32 connections, ${duration} s, one nginx worker on loopback:"
    echo "  wrk -t2 -c32       ${wrk_rps} requests/s"
    echo "  hey -c 32          ${hey_rps} requests/s"
    echo "  lazer load --vus 32  ${lazer_rps} requests/s ($(python3 -c "print(round(100 * $lazer_rps / float('$wrk_rps'), 1))") % of wrk -t2: goal >= 90 %; CPU $(awk '{printf "%.2f s user+sys over %.2f s", $2 + $3, $1}' "$work/max.time"); ${kept} by the keep-alive engine)"
    echo "  wrk -t1 -c32       ${wrk1_rps} requests/s (lazer: $(python3 -c "print(round(100 * $lazer_rps / float('$wrk1_rps'), 1))") % of it)"
    echo "  lazer load --vus 32 --engine curl  ${curl_rps} requests/s ($(python3 -c "print(round(100 * $curl_rps / float('$wrk_rps'), 1))") % of wrk -t2)"
    echo
    echo "Constant rate, half of lazer's maximum, ${rate_seconds} s:"
    echo "  target ${half}/s, achieved ${achieved}/s ($(python3 -c "print(round(100 * ($achieved - $half) / $half, 2))") %); lazer's CPU ${rate_cpu} s user+sys ($(python3 -c "print(round(100 * $rate_cpu / $rate_seconds, 1))") % of one core)"
    echo
    echo "Percentiles at 100/s for 20 s (injected: 90 % 10 ms, 9 % 50 ms, 1 % 200 ms):"
    percentile_lines "delay_server.py (Python threads)" "$work/delay-out.json" "$work/python-achieved.json"
    percentile_lines "lazer mock (SwiftNIO timers)" "$work/mock-out.json" "$work/mock-achieved.json"
    echo
    echo "HTML report of a 10,016-request run: ${html_line}"
} | tee bench-out/load.md
