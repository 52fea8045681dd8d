#!/usr/bin/env bash
# `make bench-report`: the HTML report of a 10,000-request `lazer run` (issue 29: written in ≤ 1 s,
# ≤ 5 MB, opens in Chromium in ≤ 2 s). A mock collection of one request with two checks, run with
# --repeat 10000 and the JSON reporter (exchange details kept, as with --reporter html); then
# `lazer report merge` turns that JSON into the HTML report — timed whole, so the figure is the
# JSON read and decode plus the HTML written, an upper bound for the run's own writing. Then the
# same run with --reporter html straight (whole run, for the size), and the page opened by headless
# Chromium (--dump-dom) when it is installed, against an empty page opened the same way. The
# report shows at most 1,000 exchanges in full (every request has its row). LAZER=path (default:
# the release build, made here); REQUESTS=N (default 10000).
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench-out/report
mkdir -p "$out"
if [[ -z "${LAZER:-}" ]]; then
    swift build -c release --product lazer
    LAZER=.build/release/lazer
fi
requests=${REQUESTS:-10000}
cat >"$out/bench.json" <<'JSON'
{
  "formatVersion": 1,
  "id": "6e2e0000-0000-4000-8000-0000000bec40",
  "name": "Report bench",
  "defaultEnvironment": "mock",
  "folders": [{"name": "Items", "requests": [
    {"id": "item", "name": "Item", "method": "GET", "url": "/items/42",
     "headers": [{"name": "Accept", "value": "application/json"}],
     "expectations": [
       {"subject": "status", "op": "equals", "value": 200},
       {"subject": "jsonPath", "path": "$.price", "op": "equals", "value": 10.50}]}]}],
  "environments": [{"name": "mock", "kind": "mock", "baseURL": "http://bench.mock", "routes": [
    {"method": "GET", "path": "/items/42",
     "response": {"json": {"id": 42, "name": "Widget", "price": 10.50, "tags": ["a", "b", "c"]}}}]}]
}
JSON
now() { date +%s.%N; }
seconds() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.3f}')" "$1" "$2"; }

"$LAZER" run "$out/bench.json" --no-history --repeat "$requests" --reporter json --output "$out/run.json" >/dev/null
start=$(now)
"$LAZER" report merge "$out/run.json" --reporter html --output "$out/merged.html"
merge=$(seconds "$start" "$(now)")

start=$(now)
"$LAZER" run "$out/bench.json" --no-history --repeat "$requests" --reporter html --output "$out/run.html" >/dev/null
whole=$(seconds "$start" "$(now)")
size=$(stat -c %s "$out/run.html")

open="(chromium not installed)"
if command -v chromium >/dev/null; then
    # Chromium's own start, on an empty page, to set the report's figure against.
    echo '<!DOCTYPE html><title>empty</title>' >"$out/empty.html"
    start=$(now)
    chromium --headless --no-sandbox --disable-gpu --user-data-dir="$out/chromium" --dump-dom \
        "file://$PWD/$out/empty.html" >/dev/null 2>&1
    empty=$(seconds "$start" "$(now)")
    start=$(now)
    chromium --headless --no-sandbox --disable-gpu --user-data-dir="$out/chromium" --dump-dom \
        "file://$PWD/$out/run.html" >"$out/run.dom" 2>/dev/null
    open="$(seconds "$start" "$(now)") s (an empty page: $empty s)"
fi
{
    echo "| $requests requests (\`$LAZER\`) | figure | goal |"
    echo "|---|---|---|"
    echo "| HTML report size | $((size / 1024)) KB | ≤ 5 MB |"
    echo "| \`report merge\` JSON → HTML (read, decode, write; whole process) | $merge s | ≤ 1 s |"
    echo "| \`lazer run --reporter html\` (run + report, whole process) | $whole s | — |"
    echo "| headless Chromium \`--dump-dom\` of the report (whole process) | $open | ≤ 2 s |"
} | tee "$out/report.md"
