#!/usr/bin/env bash
# `make bench-headers`: 10,000 headers on one request (`lazer run`, `lazer send -H`) and on one
# response, with the release `lazer` of this tree against the release `lazer` of HEADERS_BASE
# (default 4360cc7, the commit before issue 35's fix made header handling linear), in one run,
# alternating (scripts/bench/many-headers.py). The base is built in its own worktree under
# bench-out/headers-base (kept, so a second run does not build it again). HEADERS_ROUNDS (5);
# HEADERS_AFTER=PATH measures that release binary instead of building this tree's.
# Results: bench-out/headers.md.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${HEADERS_BASE:-4360cc7}
rounds=${HEADERS_ROUNDS:-5}
after=${HEADERS_AFTER:-}
if [[ -z "$after" ]]; then
    swift build -c release --product lazer
    after=.build/release/lazer
fi
folder=bench-out/headers-base
if [[ ! -d "$folder" ]]; then
    git worktree add --detach "$folder" "$base"
else
    git -C "$folder" checkout --quiet --detach "$base"
fi
(cd "$folder" && swift build -c release --product lazer)
mkdir -p bench-out
{
    echo "# make bench-headers — $(date -u '+%Y-%m-%d %H:%M UTC'): before = $(git rev-parse --short "$base"), after = ${HEADERS_AFTER:-$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' + uncommitted changes')}"
    echo
    python3 scripts/bench/many-headers.py "$folder/.build/release/lazer" "$after" "$rounds"
} | tee bench-out/headers.md
