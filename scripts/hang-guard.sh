#!/usr/bin/env bash
# hang-guard.sh SECONDS LABEL COMMAND...: runs COMMAND in its own process group. If it is still
# running after SECONDS, prints every thread's stack of every process in that group (with gdb, when
# installed), kills the group and fails with exit status 124 and a message saying LABEL hung — so a
# hang in CI is a fast, diagnosable failure instead of a job killed silently after 90 minutes.
set -u
limit=$1
label=$2
shift 2

# setsid: the command and everything it starts (the test binary, loopback servers) share one
# session, whose id is $pid. Not one process group: swift test runs the test binary in a group of
# its own (and Foundation's Process does the same for the servers), so the stacks and the kill go
# by session.
setsid --wait "$@" &
pid=$!
trap 'pkill -TERM -s "$pid" 2>/dev/null; wait "$pid"; exit 130' INT TERM

waited=0
while kill -0 "$pid" 2>/dev/null; do
    if ((waited >= limit)); then
        echo "error: $label hung: still running after $limit s; stacks of every thread follow, then it is killed." >&2
        for member in $(pgrep -s "$pid"); do
            echo "=== pid $member: $(tr '\0' ' ' <"/proc/$member/cmdline" 2>/dev/null)" >&2
            if command -v gdb >/dev/null; then
                timeout 60 gdb -p "$member" -batch -ex 'thread apply all bt' 2>&1 | grep -E '^(Thread|#)' >&2
            fi
        done
        pkill -KILL -s "$pid" 2>/dev/null
        wait "$pid"
        echo "error: $label hung (killed after $limit s); see the stacks above." >&2
        exit 124
    fi
    sleep 1
    waited=$((waited + 1))
done
wait "$pid"
