#!/usr/bin/env bash
# `make bench-explorer`: the explorer (release `lazer`, in tmux) against Posting 2.11.1, side by side
# in one run on the same machine, loopback server and bodies:
#   1. start → first frame at 120×40 with the shipped Collections/;
#   2. send → first tree rows, 8 MB and 40 MB JSON bodies from a loopback server;
#   3. key → frame while scrolling the tree and typing in the body editor, 40 MB response open;
#   4. resident memory with the 40 MB response open, and CPU over 10 idle seconds.
# Posting goes into a throwaway virtualenv under bench-out/ (pip, from PyPI; tree-sitter pinned to
# 0.25.2, which Posting 2.11.1 needs). The bodies come from scripts/gen-json-bodies.py (the API-like
# kind, 8 MB and 40 MB). The loopback server is scripts/bench/json-server.py on a free port. How the
# screen is timed: scripts/bench/explorer-bench.py. Results: bench-out/explorer.md (+ .json).
#
# Usage: scripts/bench-explorer.sh [path-to-release-lazer]
# Environment: ROUNDS (start-ups, default 5), SEND_ROUNDS (lazer sends per body, default 3),
# POSTING_SEND_ROUNDS (default 1: Posting needs minutes for the 40 MB body), KEYS (per key test, 200),
# SKIP_POSTING=1 (lazer only, for quick runs while working on lazer).
set -euo pipefail
cd "$(dirname "$0")/.."
lazer=$(realpath "${1:-.build/release/lazer}")
out=$(realpath -m bench-out)
venv="$out/posting-venv"

for tool in tmux python3; do
    command -v "$tool" >/dev/null || { echo "bench-explorer: $tool is needed (make deps)" >&2; exit 1; }
done
installed=$("$venv/bin/pip" show posting 2>/dev/null || true)
if [[ ! -x "$venv/bin/posting" ]] || [[ "$installed" != *$'\nVersion: 2.11.1\n'* ]]; then
    echo "bench-explorer: installing Posting 2.11.1 into $venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'posting==2.11.1' 'tree-sitter==0.25.2'
fi
test -f "$out/bodies-8/api.json" || python3 scripts/gen-json-bodies.py "$out/bodies-8" 8 api >&2
test -f "$out/bodies-40/api.json" || python3 scripts/gen-json-bodies.py "$out/bodies-40" 40 api >&2

work=$(mktemp -d /tmp/lazer-explorer-bench.XXXXXX)
server_pid=""
cleanup() {
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    tmux -S "$work/tmux.sock" kill-server 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/www" "$work/lazer-bench"
ln -s "$out/bodies-8/api.json" "$work/www/api-8mb.json"
ln -s "$out/bodies-40/api.json" "$work/www/api-40mb.json"
python3 scripts/bench/json-server.py "$work/www" >"$work/port" &
server_pid=$!
for _ in $(seq 100); do [[ -s "$work/port" ]] && break; sleep 0.05; done
port=$(cat "$work/port")
base="http://127.0.0.1:$port"

# lazer: a collection whose live environment points at the loopback server.
cat >"$work/lazer-bench/bench.json" <<JSON
{
  "\$schema": "https://lazer.dev/schema/collection-v1.json",
  "formatVersion": 1,
  "id": "00000000-0000-4000-8000-00000000b001",
  "name": "Bench",
  "defaultEnvironment": "loopback",
  "environments": [{"name": "loopback", "kind": "live", "baseURL": "$base"}],
  "requests": [
    {"id": "api-8mb", "name": "api 8 MB", "method": "GET", "url": "/api-8mb.json", "body": {"type": "json", "json": {}}},
    {"id": "api-40mb", "name": "api 40 MB", "method": "GET", "url": "/api-40mb.json", "body": {"type": "json", "json": {}}}
  ]
}
JSON
"$lazer" validate "$work/lazer-bench/bench.json" >&2
# Posting: the shipped collections converted (same requests), and the same plus the two bench requests.
python3 scripts/bench/posting-collection.py "$work/posting" Collections/*.json
python3 scripts/bench/posting-collection.py "$work/posting-bench" Collections/*.json \
    --request "api 8 MB=$base/api-8mb.json" --request "api 40 MB=$base/api-40mb.json"

mkdir -p "$out"
python3 scripts/bench/explorer-bench.py --lazer "$lazer" --posting "$venv/bin/posting" \
    --collections "$(realpath Collections)" --bench-collection "$work/lazer-bench/bench.json" \
    --posting-collections "$work/posting" --posting-bench "$work/posting-bench" --work "$work/run" \
    --rounds "${ROUNDS:-5}" --send-rounds "${SEND_ROUNDS:-3}" --posting-send-rounds "${POSTING_SEND_ROUNDS:-1}" \
    --keys "${KEYS:-200}" --json "$out/explorer.json" ${SKIP_POSTING:+--skip-posting} >"$out/explorer.md"
{
    echo
    echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -sr)," \
        "load average before the run's end $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC');" \
        "commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' (modified)');" \
        "tmux $(tmux -V | cut -d' ' -f2); Posting $("$venv/bin/pip" show posting | awk '/^Version/ {print $2}')" \
        "(Textual $("$venv/bin/pip" show textual | awk '/^Version/ {print $2}'), Python $("$venv/bin/python" -c 'import platform; print(platform.python_version())'))"
} >>"$out/explorer.md"
cat "$out/explorer.md"
