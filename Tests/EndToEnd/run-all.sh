#!/usr/bin/env bash
# Runs every end-to-end test against the given lazer binary and prints "N passed, N failed".
# Usage: Tests/EndToEnd/run-all.sh .build/debug/lazer
# E2E_JOBS scripts run at once (default 2): each has its own temporary folder, tmux socket and
# ports (lib.sh), and they mostly wait on a screen, so two share the CI machine's two cores well.
# Each script's output is printed whole, in name order, as it finishes. A script with a failed
# check runs once more, alone, at the end: a failure it repeats counts; one it does not is
# listed as flaky by name and check (screens read under a loaded machine's timing), never hidden.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
binary=${1:?usage: run-all.sh PATH-TO-LAZER}
[[ -x "$binary" ]] || { echo "run-all.sh: $binary is not an executable" >&2; exit 2; }
command -v tmux >/dev/null || { echo "run-all.sh: tmux is not installed (make deps)" >&2; exit 2; }
LAZER=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
export LAZER
jobs=${E2E_JOBS:-2}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "run-all.sh: E2E_JOBS must be a positive number" >&2; exit 2; }

outputs=$(mktemp -d)
trap 'rm -rf "$outputs"' EXIT
tests=("$here"/test-*.sh)

# Every script runs, $jobs at a time, its output and status in $outputs/NAME.{out,status}.
printf '%s\n' "${tests[@]}" | xargs -P "$jobs" -I{} bash -c \
    'name=$(basename "$1"); bash "$1" >"$2/$name.out" 2>&1; echo $? >"$2/$name.status"' _ {} "$outputs" &
runner=$!

total_passed=0
total_failed=0
failed_lines=()
failed_scripts=()
declare -A script_failures=()
# Prints test $1's result (waiting for it) and adds its counts to the totals.
report() {
    local name output status summary failures
    name=$(basename "$1")
    while [[ ! -s "$outputs/$name.status" ]]; do sleep 0.2; done
    output=$(cat "$outputs/$name.out")
    status=$(cat "$outputs/$name.status")
    echo "$name"
    echo "$output" | grep -v -E '^[0-9]+ passed, [0-9]+ failed$'
    while IFS= read -r line; do failed_lines+=("$name:${line#  FAIL}"); done < <(echo "$output" | grep -E '^  FAIL ')
    summary=$(echo "$output" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -1)
    if [[ -z "$summary" ]]; then
        echo "  FAIL $name ended without a summary (status $status)"
        failed_lines+=("$name: ended without a summary (status $status)")
        total_failed=$((total_failed + 1))
        failed_scripts+=("$name")
        script_failures[$name]=1
        return
    fi
    total_passed=$((total_passed + ${summary%% passed*}))
    failures=${summary#*, }
    failures=${failures%% failed}
    total_failed=$((total_failed + failures))
    if ((failures > 0)); then
        failed_scripts+=("$name")
        script_failures[$name]=$failures
    fi
}

for test in "${tests[@]}"; do report "$test"; done
wait "$runner"
flaky=()
for name in "${failed_scripts[@]}"; do
    echo "$name (again, alone)"
    output=$(bash "$here/$name" 2>&1)
    echo "$output" | grep -v -E '^[0-9]+ passed, [0-9]+ failed$'
    if echo "$output" | grep -q -E '^[0-9]+ passed, 0 failed$'; then
        total_failed=$((total_failed - ${script_failures[$name]}))
        total_passed=$((total_passed + ${script_failures[$name]}))
        flaky+=("$name")
    fi
done
# The failures again at the end, where a CI log's tail shows them.
if ((${#failed_lines[@]})); then
    echo "failed on the first run:"
    printf '  %s\n' "${failed_lines[@]}"
fi
if ((${#flaky[@]})); then
    echo "flaky (failed once, passed when run again alone): ${flaky[*]}"
fi
echo "$total_passed passed, $total_failed failed"
[[ $total_failed -eq 0 ]]
