#!/usr/bin/env bash
# `make bench-streams` (issue 25): streams, release builds, each against its reference in the same run.
#   1. SSE: `lazer send` printing 1,000,000 small events to /dev/null against `curl -N` piped through a
#      line-splitting SSE parser in Python (scripts/bench/sse-lines.py), alternating rounds, medians
#      (goal: ≥ 3× the events/s);
#   2. the explorer (tmux, 120×40) receiving RATE events/s for STREAM_SECONDS while a key is pressed
#      every 100 ms: key → frame p50/p99 from its frame log (goal p99 ≤ 16 ms), every event counted,
#      resident memory (scripts/bench/streams-explorer.py); STREAM_SECONDS=360 sends 3.6 M events,
#      an hour at 1,000 events/s (goal: under 200 MB);
#   3. WebSocket: 100,000 echo round trips of 100-byte messages on one connection through the NIO
#      transport (`transport-bench ws-echo`) against Python's `websockets` client, both on `lazer mock`'s
#      echo route (goal ≥ 3×), and the ceiling of that ratio in the same run (`transport-bench ws-floor`:
#      a client that only makes the system calls); then 1 MiB messages: MB/s each way and resident
#      memory before/after.
# The SSE server is scripts/bench/sse-server.py (standard library); `websockets` (PyPI, pinned below)
# goes into bench-out/websockets-venv. Results: bench-out/streams.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-streams curl python3 tmux time

WEBSOCKETS_VERSION=17.4
EVENTS=${EVENTS:-1000000}
ROUNDS=${ROUNDS:-5}
RATE=${RATE:-10000}
STREAM_SECONDS=${STREAM_SECONDS:-30}
ROUND_TRIPS=${ROUND_TRIPS:-100000}

if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build -c release --product lazer
    swift build -c release --product transport-bench
fi
lazer=$(realpath .build/release/lazer)
transport_bench=$(realpath .build/release/transport-bench)
mkdir -p bench-out
venv=bench-out/websockets-venv
if [[ "$("$venv/bin/pip" show websockets 2>/dev/null | awk '/^Version/ {print $2}')" != "$WEBSOCKETS_VERSION" ]]; then
    rm -rf "$venv" && python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "websockets==$WEBSOCKETS_VERSION"
fi

bench_workdir streams
python3 scripts/bench/sse-server.py >"$work/sse.port" &
bench_track $!
for _ in $(seq 100); do [[ -s "$work/sse.port" ]] && break; sleep 0.05; done
sse="http://127.0.0.1:$(cat "$work/sse.port")"

cat >"$work/streams.json" <<JSON
{"formatVersion": 1, "id": "00000000-0000-4000-8000-00000000b003", "name": "Streams bench",
 "defaultEnvironment": "loopback",
 "environments": [
   {"name": "loopback", "kind": "live", "baseURL": "$sse"},
   {"name": "mock", "kind": "mock", "baseURL": "http://mock.bench",
    "routes": [{"method": "GET", "path": "/echo", "response": {"websocket": {}}}]}],
 "requests": [{"id": "paced", "name": "paced", "method": "GET",
               "url": "/paced?rate=$RATE&seconds=$STREAM_SECONDS"}]}
JSON
"$lazer" validate "$work/streams.json" >&2
"$lazer" mock "$work/streams.json" --env mock --port 0 >"$work/mock.out" 2>&1 &
bench_track $!
for _ in $(seq 100); do [[ -s "$work/mock.out" ]] && break; sleep 0.05; done
echo_url="$(head -n 1 "$work/mock.out" | sed 's/^http:/ws:/')/echo"

{
    echo "bench-streams $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    echo
    # 1. SSE to /dev/null, alternating rounds; wall time of each whole pipeline.
    python3 - "$lazer" "$sse/events?count=$EVENTS" "$ROUNDS" "$EVENTS" <<'PY'
import statistics, subprocess, sys, time
lazer, url, rounds, events = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
commands = {
    "lazer send": [lazer, "send", url],
    "curl -N | Python": ["bash", "-c", "curl -sN '%s' | python3 scripts/bench/sse-lines.py" % url],
}
# Both print every event: the counts are checked once, outside the timed rounds.
lines = subprocess.run(commands["lazer send"], capture_output=True, text=True, check=True).stdout.count("\n")
assert lines == events, "lazer send printed %d lines for %d events" % (lines, events)
times = {name: [] for name in commands}
for index in range(rounds):
    for name in (list(commands) if index % 2 == 0 else list(reversed(commands))):
        start = time.monotonic()
        subprocess.run(commands[name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times[name].append(time.monotonic() - start)
print("SSE, %s events to /dev/null, median of %d alternating rounds:" % (format(events, ","), rounds))
medians = {name: statistics.median(values) for name, values in times.items()}
for name, value in medians.items():
    print("  %-17s %.2f s  %s events/s" % (name, value, format(int(events / value), ",")))
ratio = medians["curl -N | Python"] / medians["lazer send"]
print("  lazer send: %.2f× the events/s of curl -N | Python (goal ≥ 3×: %s)" % (ratio, "met" if ratio >= 3 else "missed"))
PY
    echo
    # 2. The explorer while the stream arrives.
    echo "explorer, $RATE events/s for $STREAM_SECONDS s (120×40, a key every 100 ms):"
    python3 scripts/bench/streams-explorer.py --lazer "$lazer" --collection "$work/streams.json" \
        --work "$work/explorer" --events $((RATE * STREAM_SECONDS)) --seconds "$STREAM_SECONDS" |
        python3 -c '
import json, sys
r = json.load(sys.stdin)
ok = lambda good: "met" if good else "missed"
print("  key → frame p50 %.1f ms, p99 %.1f ms, max %.1f ms over %d keys (goal p99 ≤ 16 ms: %s)" % (
    r["key_p50_ms"], r["key_p99_ms"], r["key_max_ms"], r["keys_drawn"], ok(r["key_p99_ms"] <= 16)))
print("  every event counted: %s" % ("yes" if r["all_events"] else "NO"))
print("  resident: %.0f MB at most while streaming, %.0f MB at the end, peak %.0f MB (goal < 200 MB: %s)" % (
    r["rss_streaming_peak_mb"], r["rss_end_mb"], r["hwm_mb"], ok(r["hwm_mb"] < 200)))
'
    echo
    # 3. WebSocket round trips on lazer mock's echo route.
    echo "WebSocket on lazer mock's echo route, $ROUND_TRIPS round trips of 100-byte messages, one connection:"
    lazer_ws=$("$transport_bench" ws-echo "$echo_url" "$ROUND_TRIPS" 100)
    python_ws=$("$venv/bin/python" scripts/bench/ws-echo-client.py "$echo_url" "$ROUND_TRIPS" 100)
    # The ceiling: a client that only makes the system calls (one prepared frame, blocking reads).
    # Each round trip wakes the server and then the client; no client can go faster than this one,
    # so floor / Python is the highest ratio any client could show in this run.
    floor_ws=$("$transport_bench" ws-floor "$echo_url" "$ROUND_TRIPS" 100)
    echo "  lazer (NIO transport): $lazer_ws"
    echo "  Python websockets $WEBSOCKETS_VERSION: $python_ws"
    echo "  system calls only (the ceiling): $floor_ws"
    python3 -c '
import sys
lazer, python, floor = (float(text.split()[0]) for text in sys.argv[1:4])
print("  %.2f× (goal ≥ 3×: %s); the ceiling allows %.2f× here, and lazer reaches %.0f %% of it" % (
    lazer / python, "met" if lazer / python >= 3 else "missed", floor / python, 100 * lazer / floor))
' "$lazer_ws" "$python_ws" "$floor_ws"
    echo "1 MiB messages, 300 round trips:"
    echo "  lazer (NIO transport): $("$transport_bench" ws-echo "$echo_url" 300 1048576)"
    echo "  Python websockets $WEBSOCKETS_VERSION: $("$venv/bin/python" scripts/bench/ws-echo-client.py "$echo_url" 300 1048576)"
    echo
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee bench-out/streams.md
