#!/usr/bin/env bash
# `make bench-replay`: `lazer run`'s speed, release builds, in one run:
#
#   1. ReplayBench: the engine in-process against a mock environment, 10,000 requests with two
#      expectations each, one at a time and with --parallel 8 (wall and CPU time).
#   2. scripts/bench/replay-loopback.py: 1,000 GETs against one nginx on 127.0.0.1, each with a
#      status and two JSONPath checks, as whole processes: `lazer run` against tavern (the same
#      checks; PyPI, pinned, into a throwaway virtualenv under bench-out/) and against one
#      `curl -K` process fetching the same 1,000 URLs without checks.
#
# Installs nginx and curl (Debian) when missing; nginx is never started as a service, only as a
# child on a free loopback port with its files in a temporary folder. The machine's load average
# is printed before and after, since the figures depend on it. Results: bench-out/replay.md.
set -euo pipefail
cd "$(dirname "$0")/.."

TAVERN_VERSION=3.7.1
# tavern 3.7.1 does not cap pytest, and pytest 9 moved what it imports (_pytest.python_api).
PYTEST_VERSION=8.3.5

source scripts/bench-lib.sh
ensure_packages bench-replay nginx curl python3

mkdir -p bench-out
venv=bench-out/tavern-venv
installed=$("$venv/bin/pip" show tavern pytest 2>/dev/null || true)
if [[ ! -x "$venv/bin/pytest" ]] || [[ "$installed" != *$'\nVersion: '"$TAVERN_VERSION"$'\n'* ]] ||
    [[ "$installed" != *$'\nVersion: '"$PYTEST_VERSION"$'\n'* ]]; then
    echo "bench-replay: installing tavern $TAVERN_VERSION (pytest $PYTEST_VERSION) into $venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "tavern==$TAVERN_VERSION" "pytest==$PYTEST_VERSION"
fi

swift build -c release --product ReplayBench
swift build -c release --product lazer

bench_workdir replay
port=$(bench_free_port)
bench_nginx_conf "    server {
        listen 127.0.0.1:$port;
        location ~ ^/items/(?<item>[0-9]+)\$ {
            default_type application/json;
            return 200 '{\"id\":\$item,\"name\":\"Widget\",\"price\":10.5,\"tags\":[\"a\",\"b\"]}';
        }
    }"
bench_start_nginx "http://127.0.0.1:$port/items/1"

{
    echo "bench-replay $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/^Mem/ {print $2}') GiB, Linux $(uname -r)"
    echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "versions: $(curl --version | head -1 | cut -d' ' -f1-2), nginx $(nginx -v 2>&1 | cut -d/ -f2), tavern $TAVERN_VERSION (pytest $("$venv/bin/pip" show pytest | awk '/^Version/ {print $2}'), Python $("$venv/bin/python" -c 'import platform; print(platform.python_version())'))"
    echo
    .build/release/ReplayBench
    echo
    python3 scripts/bench/replay-loopback.py --lazer .build/release/lazer --tavern-venv "$venv" --port "$port" \
        --nginx-pid "$nginx_pid" \
        --work "$work/loopback"
    echo
    echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee bench-out/replay.md
