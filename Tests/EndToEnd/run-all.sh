#!/usr/bin/env bash
# Runs every end-to-end test against the given lazer binary and prints "N passed, N failed".
# Usage: Tests/EndToEnd/run-all.sh .build/debug/lazer
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:?usage: run-all.sh PATH-TO-LAZER}
[[ -x "$binary" ]] || { echo "run-all.sh: $binary is not an executable" >&2; exit 2; }
command -v tmux >/dev/null || { echo "run-all.sh: tmux is not installed (make deps)" >&2; exit 2; }
LAZER=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
export LAZER

total_passed=0
total_failed=0
for test in "$here"/test-*.sh; do
    echo "$(basename "$test")"
    output=$(bash "$test" 2>&1)
    status=$?
    echo "$output" | grep -v -E '^[0-9]+ passed, [0-9]+ failed$'
    summary=$(echo "$output" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -1)
    if [[ -z "$summary" ]]; then
        echo "  FAIL $(basename "$test") ended without a summary (status $status)"
        total_failed=$((total_failed + 1))
        continue
    fi
    total_passed=$((total_passed + ${summary%% passed*}))
    failures=${summary#*, }
    total_failed=$((total_failed + ${failures%% failed}))
done
echo "$total_passed passed, $total_failed failed"
[[ $total_failed -eq 0 ]]
