# Every way out of lazer ui-demo leaves a usable terminal: a forced crash (a Swift runtime trap), a
# stack overflow, SIGTERM, SIGINT, and Ctrl+Z suspend with fg resume.
source "$(dirname "$0")/lib.sh"

# A crash through the test hook (LAZER_TEST_HOOKS=1 makes "!" call fatalError). The Swift
# backtracer still reports; interactive=no keeps it from waiting for a key.
start crash 100 30 "env TERM=tmux-256color LAZER_TEST_HOOKS=1 SWIFT_BACKTRACE=interactive=no $(wrapper ui-demo)"
check "crash: the demo starts" wait_for crash "Lazer UI demo"
t send-keys -t crash '!'
check "crash: the process dies of the trap (status 128+signal)" wait_for crash "lazer-exit=1(3[2-9]|4[0-9])" 60
check "crash: the fatal error message is readable on the normal screen" in_history crash "Fatal error: ui-demo test hook: forced crash"
check "crash: the terminal is back in normal mode" terminal_is_normal crash

# A stack overflow through the test hook ("@" recurses without end): the crash handler runs on its
# own signal stack, so it can still restore the terminal when the thread's stack is used up.
start overflow 100 30 "env TERM=tmux-256color LAZER_TEST_HOOKS=1 SWIFT_BACKTRACE=interactive=no $(wrapper ui-demo)"
check "overflow: the demo starts" wait_for overflow "Lazer UI demo"
t send-keys -t overflow '@'
check "overflow: the process dies of the fault (status 128+signal)" wait_for overflow "lazer-exit=1(3[2-9]|4[0-9])" 60
check "overflow: the terminal is back in normal mode" terminal_is_normal overflow

# The same two on a Dispatch worker thread ("#" traps, "$" overflows): threads without the crash
# handler's signal stack, while the main thread may still be drawing.
start bgcrash 100 30 "env TERM=tmux-256color LAZER_TEST_HOOKS=1 SWIFT_BACKTRACE=interactive=no $(wrapper ui-demo)"
check "background crash: the demo starts" wait_for bgcrash "Lazer UI demo"
t send-keys -t bgcrash '#'
check "background crash: the process dies of the trap" wait_for bgcrash "lazer-exit=1(3[2-9]|4[0-9])" 60
check "background crash: the fatal error message is readable on the normal screen" \
    in_history bgcrash "Fatal error: ui-demo test hook: forced crash on a background thread"
check "background crash: the terminal is back in normal mode" terminal_is_normal bgcrash

# No signal handler can run on a thread whose stack is used up and that has no signal stack: the
# kernel ends the process and the crash watcher (a forked helper process) restores the terminal.
start bgoverflow 100 30 "env TERM=tmux-256color LAZER_TEST_HOOKS=1 SWIFT_BACKTRACE=interactive=no $(wrapper_settled ui-demo)"
check "background overflow: the demo starts" wait_for bgoverflow "Lazer UI demo"
t send-keys -t bgoverflow '$'
check "background overflow: the process dies of the fault" wait_for bgoverflow "lazer-exit=1(3[2-9]|4[0-9])" 60
check "background overflow: the terminal is back in normal mode" terminal_becomes_normal bgoverflow

# process_ends PID: polls until the process is gone (a zombie counts as gone).
process_ends() {
    local deadline=$((SECONDS + E2E_TIMEOUT))
    while ((SECONDS < deadline)); do
        [[ -z "$1" ]] && return 1
        local state
        state=$(ps -o stat= -p "$1" 2>/dev/null) || return 0
        [[ "$state" == Z* ]] && return 0
        sleep 0.05
    done
    echo "    process $1 is still running" >&2
    return 1
}

# lazer's pid: the only child of the pane's shell.
lazer_pid() { pgrep -P "$(t display-message -p -t "$1" '#{pane_pid}')" | head -1; }

for signal in TERM INT HUP KILL; do
    session=sig$signal
    # SIGKILL cannot be handled: the crash watcher restores the terminal after lazer is gone.
    if [[ $signal == KILL ]]; then
        start "$session" 80 24 "env TERM=tmux-256color $(wrapper_settled ui-demo)"
    else
        start "$session" 80 24 "env TERM=tmux-256color $(wrapper ui-demo)"
    fi
    check "SIG$signal: the demo starts" wait_for "$session" "Lazer UI demo"
    pid=$(lazer_pid "$session")
    check "SIG$signal: lazer's pid is known" test -n "$pid"
    # lazer's only child: the crash watcher (restores the terminal if lazer dies unseen, e.g. SIGKILL).
    watcher=$(pgrep -P "$pid" | head -1)
    check "SIG$signal: the crash watcher runs beside lazer" test -n "$watcher"
    [[ -n "$pid" ]] && kill -s "$signal" "$pid"
    check "SIG$signal: lazer exits" wait_for "$session" "lazer-exit=1[0-9][0-9]"
    if [[ $signal == KILL ]]; then
        check "SIG$signal: the terminal is back in normal mode" terminal_becomes_normal "$session"
    else
        check "SIG$signal: the terminal is back in normal mode" terminal_is_normal "$session"
    fi
    check "SIG$signal: the crash watcher does not outlive lazer" process_ends "$watcher"
done

# Ctrl+Z needs a shell with job control.
start suspend 100 30 "env TERM=tmux-256color PS1='prompt\$ ' bash --norc --noprofile -i"
check "suspend: the shell is ready" wait_for suspend 'prompt\$'
t send-keys -t suspend "$(printf '%q' "$LAZER") ui-demo" Enter
check "suspend: the demo starts" wait_for suspend "Lazer UI demo"
t send-keys -t suspend C-z
check "suspend: Ctrl+Z stops lazer and the shell reports it" wait_for suspend "Stopped"
check "suspend: the shell has the normal screen back" test "$(flags suspend)" = "0 1 0"
t send-keys -t suspend "stty -a | tr ' ;' '\n\n' | grep -cxE 'icanon|echo|isig'" Enter
check "suspend: the terminal modes are the shell's again" wait_for suspend "^3$"
t send-keys -t suspend "fg" Enter
check "suspend: fg brings the demo back, fully repainted" wait_for suspend "Tree \(1,000,000 rows\)"
check "suspend: the alternate screen is back" test "$(flags suspend)" = "1 0 1"
t send-keys -t suspend j
check "suspend: keys work after resuming" wait_for suspend "last: j"
t send-keys -t suspend q
check "suspend: q quits back to the prompt" wait_for suspend 'prompt\$ ?$'
check "suspend: the terminal is normal after quitting" test "$(flags suspend)" = "0 1 0"
finish
