# The explorer's Runner view (the Replay engine, as `lazer run` uses it) on a copy of the shipped
# collections, offline: R on a request runs its folder (JSONPlaceholder's Posts against the mock
# environment), rows tick to ✓ with status and time, the summary counts; Enter opens a row's
# exchange in the response views; F8 shows the run again; F1 lists the view's own keys; a click
# selects a row and a second click opens it; Esc hides it. Then the Showcase's
# Failures folder: failing checks with expected and actual, translated transport failures, a
# request that could not be built; r runs it again and c cancels it while the timeout waits.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

# click NAME X Y: a left press and release at the 1-based cell X,Y (SGR 1006, as a terminal sends it).
click() {
    t send-keys -t "$1" -l $'\e'"[<0;$2;$3M"
    t send-keys -t "$1" -l $'\e'"[<0;$2;$3m"
}

REPO=$(cd "$(dirname "$0")/../.." && pwd)
WORK="$E2E_DIR/work"
mkdir -p "$WORK"
cp -R "$REPO/Collections" "$WORK/Collections"

# --- A folder that passes ----------------------------------------------------------------------
explorer run "$WORK" --request "Posts/List posts"
required "start: List posts is selected" wait_for run "Request · List posts"
keys run g 1
keys run R
required "run: R opens the Runner view over the Posts folder" wait_for run "Runner · Posts · JSONPlaceholder · env mock"
check "run: every request finishes" wait_for run "8/8 · "
# The toast lasts a few seconds: looked at first.
check "run: the toast says it passed" wait_for run "Run passed: 8 of 8"
check "run: a request row shows ✓, method, path, status" wait_for run "✓ GET +Posts/List posts +200 OK"
check "run: the 404 request passes its own checks" wait_for run "✓ GET +Posts/A post that does not exist +404 Not Found"
check "run: the summary counts every check" wait_for run "8 requests: 8 passed · 21 checks"
keys run j
keys run Enter
check "open: Enter shows the request of the row" wait_for run "Request · Get a post"
check "open: ... with the run's exchange from history" wait_for run "⟲ [0-9:]+  200 OK"
check "open: ... as a JSON tree" wait_for run "userId: 1"
keys run F8
check "F8: the Runner view is back" wait_for run "Runner · Posts · JSONPlaceholder"
keys run F1
check "F1: the help lists the Runner view's own keys" wait_for run "Keys for the Runner view"
check "F1: ... such as c" wait_for run "c +Cancel the run"
keys run Escape
check "F1: Esc closes the help, the view stays" wait_gone run "Keys for the Runner view"
# A click on the third request row (screen row 5: the top bar, the border, two rows above it)
# selects it; a second click on it opens it, as Enter does.
click run 12 5
click run 12 5
check "mouse: a click and a second click open the row's request" wait_for run "Request · Posts of a user"
keys run F8
check "F8: the Runner view is back again" wait_for run "Runner · Posts · JSONPlaceholder"
keys run Escape
check "Esc: hides it" wait_gone run "Runner · Posts"

keys run C-q
check "quit: Ctrl+Q exits with status 0" wait_for run "lazer-exit=0"
check "quit: the terminal is back in normal mode" terminal_is_normal run

# --- A folder of failures, run again, then cancelled -------------------------------------------
explorer failures "$WORK" Collections/showcase.json --env mock --request "Failures/401: no token"
required "failures: 401: no token is selected" wait_for failures "Request · 401: no token"
keys failures g 1
keys failures R
required "failures: R runs the Failures folder" wait_for failures "Runner · Failures · Showcase · env mock"
check "failures: the timeout is reported, translated" wait_for failures "Request timed out \(while waiting\)"
check "failures: all seven requests end" wait_for failures "7/7 · "
check "failures: a failed check shows expected and actual" \
    wait_for failures "✗ \\\$\.ok: expected present, actual \(the body is not JSON: line 1, column 1: expected a value"
check "failures: a DNS failure is translated" wait_for failures "Host not found \(while resolving\)"
check "failures: a refused connection is translated" wait_for failures "Connection refused \(while connecting\)"
check "failures: a request that could not be built says why" wait_for failures "\{\{traceId\}\} is not defined"
check "failures: the summary" wait_for failures "7 requests: 2 passed, 1 failed, 3 without response, 1 not sent"
# The last row can be drawn just before the run is over: r waits for the run-again hint.
check "failures: the run is over" wait_for failures "r run again"
keys failures r
check "again: r runs it again" wait_for failures "Failures/Timeout +running…"
keys failures c
check "cancel: c cancels the run" wait_for failures "cancelled · "
check "cancel: the toast says how many ran" wait_for failures "Run cancelled: 3 of 7 requests ran"
check "cancel: the requests not started are skipped" wait_for failures "Failures/Connection refused +skipped"
keys failures Escape
check "failures: Esc hides the view" wait_gone failures "Runner · Failures"
keys failures C-q
check "quit: Ctrl+Q exits with status 0 after the run" wait_for failures "lazer-exit=0"
finish
