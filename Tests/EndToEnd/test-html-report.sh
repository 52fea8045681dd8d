# The HTML reports in a real browser: `lazer run --reporter html` against a test server on
# 127.0.0.1 whose answers hold hostile markup, and `lazer load --html`, each opened by headless
# Chromium (Debian's, installed by `make deps`). The rendered DOM (--dump-dom) must show the
# summary's numbers and a failed check's expected and actual values, the title must be the
# report's own (no injected script ran), no injected element may exist, the console must have no
# errors, and a secret the server echoes must be masked. Screenshots are kept in E2E_OUTPUT
# (default .build/e2e-output/html-report). Skips nothing: without Chromium it fails, saying why.
source "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUTPUT=${E2E_OUTPUT:-$ROOT/.build/e2e-output/html-report}
mkdir -p "$OUTPUT"

if ! command -v chromium >/dev/null; then
    echo "  FAIL chromium is not installed: run \`make deps\` (scripts/install-deps.sh installs Debian's chromium)"
    echo "0 passed, 1 failed"
    exit 1
fi

# browse NAME FILE: opens FILE in headless Chromium; NAME.dom is the rendered DOM, NAME.log the
# browser's log (console messages included), NAME.png a screenshot in $OUTPUT. --no-sandbox: CI
# runs as root, where Chromium's sandbox cannot start.
browse() {
    local flags=(--headless --no-sandbox --disable-gpu --no-first-run --no-default-browser-check
        --user-data-dir="$E2E_DIR/chromium-$1" --enable-logging=stderr --v=0 --virtual-time-budget=2000)
    timeout 60 chromium "${flags[@]}" --dump-dom "file://$2" >"$E2E_DIR/$1.dom" 2>"$E2E_DIR/$1.log"
    timeout 60 chromium "${flags[@]}" --window-size=1280,2400 --screenshot="$OUTPUT/$1.png" "file://$2" \
        >>"$E2E_DIR/$1.log" 2>&1
    cp "$E2E_DIR/$1.dom" "$E2E_DIR/$1.log" "$OUTPUT/"
}

dom_has() { grep -Fq -- "$2" "$E2E_DIR/$1.dom"; }
# The serialised DOM writes every `<` of text as `&lt;`: a `<tag` in it is an element.
dom_finds() { grep -Eiq -- "$2" "$E2E_DIR/$1.dom"; }
dom_lacks() { ! dom_finds "$@"; }
# The document's title (the head's, the first: the charts' <title> elements come after it).
title_is() { [[ "$(grep -o '<title>[^<]*</title>' "$E2E_DIR/$1.dom" | head -1)" == "<title>$2</title>" ]]; }
# The log's console lines (Chromium logs each as `CONSOLE(line)] "message"`) and CSP refusals.
console_clean() {
    if grep -Eq 'CONSOLE|Content Security Policy|Refused to' "$E2E_DIR/$1.log"; then
        grep -E 'CONSOLE|Content Security Policy|Refused to' "$E2E_DIR/$1.log" | head -5 | sed 's/^/    | /' >&2
        return 1
    fi
}

# Self-tests first: a page whose script sets the title and logs an error must show both, or the
# checks below could pass with scripts or logging that do not work.
cat >"$E2E_DIR/selftest.html" <<'HTML'
<!DOCTYPE html><html><head><title>before</title></head><body>
<script>document.title = 'script ran'; console.error('lazer-selftest-error')</script></body></html>
HTML
browse selftest "$E2E_DIR/selftest.html"
check "self-test: Chromium runs a page's script (its title changes)" title_is selftest "script ran"
check "self-test: a console error reaches the log that is checked" grep -q 'lazer-selftest-error' "$E2E_DIR/selftest.log"

# ...and the server's hostile body put in a page raw, without the report's policy, must be caught.
{
    echo '<!DOCTYPE html><html><head><title>unsafe</title></head><body>'
    python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import hostile_server as h; print(h.HOSTILE)' \
        "$ROOT/Tests/EndToEnd" 2>/dev/null
    echo '</body></html>'
} >"$E2E_DIR/unsafe.html"
browse unsafe "$E2E_DIR/unsafe.html"
check "self-test: the hostile body in a page raw changes its title" bash -c "! grep -q '<title>unsafe</title>' '$E2E_DIR/unsafe.dom'"
check "self-test: ... and leaves injected elements the DOM checks find" \
    dom_finds unsafe '<script|<img|<iframe|<textarea'

python3 "$ROOT/Tests/EndToEnd/hostile_server.py" >"$E2E_DIR/port" 2>"$E2E_DIR/server.log" &
server=$!
trap 'kill $server 2>/dev/null; cleanup' EXIT
for _ in $(seq 100); do [[ -s "$E2E_DIR/port" ]] && break; sleep 0.05; done
port=$(head -1 "$E2E_DIR/port")

secret=sk-live-51f00dcafe
cat >"$E2E_DIR/hostile.json" <<JSON
{
  "formatVersion": 1,
  "id": "6e2e0000-0000-4000-8000-00000000f00d",
  "name": "E2E <b>hostile</b>",
  "defaultEnvironment": "local",
  "variables": [{"name": "apiKey", "secret": true}],
  "folders": [
    {"name": "Pages", "requests": [
      {"id": "hostile", "name": "Hostile page <script>document.title='pwned-name'</script>", "method": "GET",
       "url": "/hostile",
       "expectations": [
         {"subject": "status", "op": "equals", "value": 200},
         {"subject": "body", "op": "contains", "value": "all is well"}]},
      {"id": "echo", "name": "Echo", "method": "GET", "url": "/echo",
       "headers": [{"name": "Authorization", "value": "Bearer {{apiKey}}"}],
       "expectations": [{"subject": "status", "op": "equals", "value": 200}]},
      {"id": "json", "name": "JSON", "method": "GET", "url": "/json",
       "expectations": [{"subject": "jsonPath", "path": "$.name", "op": "equals", "value": "Grace"}]},
      {"id": "missing", "name": "Missing", "method": "GET", "url": "/missing",
       "expectations": [{"subject": "status", "op": "equals", "value": 404}]}
    ]}
  ],
  "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$port"}]
}
JSON

cd "$E2E_DIR" || exit 1
LAZER_VAR_apiKey=$secret "$LAZER" run hostile.json --no-history --reporter html --output run.html >run.out 2>&1
status=$?
check "lazer run --reporter html exits 1 (two checks fail)" test "$status" -eq 1
check "the report was written" test -s run.html
cp run.html "$OUTPUT/run.html"
browse run "$E2E_DIR/run.html"

check "the title is the report's own: no injected script ran" title_is run "lazer run · E2E &lt;b&gt;hostile&lt;/b&gt;"
check "summary: 4 requests" dom_has run '<td id="summary-requests">4</td>'
check "summary: 2 passed" dom_has run '<td id="summary-passed">2</td>'
check "summary: 2 failed" dom_has run '<td id="summary-failed">2</td>'
check "summary: 0 without response" dom_has run '<td id="summary-errors">0</td>'
check "summary: 5 checks, 2 failed" \
    bash -c "grep -Fq '<td id=\"summary-checks\">5</td>' '$E2E_DIR/run.dom' && grep -Fq '<td id=\"summary-checks-failed\">2</td>' '$E2E_DIR/run.dom'"
check "a failed check's expected and actual values" \
    dom_has run '<td class="expected">Grace</td><td class="actual">Ada</td>'
check "the hostile body shows as text in the failed body check" \
    dom_has run "&lt;script&gt;document.title='pwned'&lt;/script&gt;&lt;/textarea&gt;"
check "the hostile body shows as text in the response" dom_has run '<pre class="body">&lt;script&gt;'
check "no injected element in the DOM (script, img, iframe, textarea, the injected link)" \
    dom_lacks run '<script|<img|<iframe|<textarea|<a [^>]*id="injected-link"|<b>hostile'
check "no javascript: link exists" dom_lacks run '<a [^>]*href="javascript:'
check "control characters show as their visible forms" \
    bash -c "! grep -q \$'\\x1b' '$E2E_DIR/run.dom' && grep -Fq '&lt;U+202E&gt;' '$E2E_DIR/run.dom'"
check "the secret the server echoed is masked everywhere" bash -c "! grep -q '$secret' '$E2E_DIR/run.html'"
check "the Authorization header shows masked" dom_has run '<tr><th>Authorization</th><td>••••••</td></tr>'
check "each exchange has its timeline" dom_has run 'aria-label="Timeline"'
check "the browser's console has no errors and no policy refusals" console_clean run
check "the screenshot was taken" test -s "$OUTPUT/run.png"

# `lazer load --html`: the same checks on the load report.
"$LAZER" load hostile.json --request hostile --request json --rate 20/s --duration 1s --html load.html \
    >load.out 2>&1
check "lazer load --html writes its report" test -s load.html
cp load.html "$OUTPUT/load.html"
browse load "$E2E_DIR/load.html"
check "load: the title is the report's own" title_is load "lazer load · E2E &lt;b&gt;hostile&lt;/b&gt;"
check "load: its summary counts the finished requests" \
    bash -c "grep -Eq '<th>Requests finished</th><td>[1-9][0-9]*</td>' '$E2E_DIR/load.dom'"
check "load: the request names and check labels show as text" \
    dom_has load "Hostile page &lt;script&gt;document.title='pwned-name'&lt;/script&gt;"
check "load: no injected element in the DOM" dom_lacks load '<script|<img|<iframe|<textarea|<b>hostile'
check "load: the charts are there" dom_has load 'aria-label="Latency histogram"'
check "load: the console has no errors" console_clean load
check "load: the screenshot was taken" test -s "$OUTPUT/load.png"

finish
