# Postman scripts conformance on a real collection: Newman's own "Postman Echo (V2)" integration
# collection (../shared/interop-samples, outside the repository; skipped when absent) imported
# with `lazer import`, its postman-echo.com URLs pointed at echo_server.py on 127.0.0.1 (nothing
# touches the network), and run with `lazer run --trust-scripts`. Its 22 test scripts are legacy
# Postman: `tests[...] = value`, `responseCode`, `responseBody` and its `has`,
# `postman.getResponseHeader`, `postman.setGlobalVariable`, implicit globals, try/catch around
# parsing. Digest and Basic auth, a cookie jar across a 302, gzip and deflate bodies, raw bodies
# on POST/PUT/PATCH/DELETE and multipart bodies are exercised on the way.
#
# Every script check of the JSON report is compared, in order, with what the script's logic gives
# for the server's answers under Postman's sandbox (written out below): the run of the collection
# as imported must give exactly Postman's 64 outcomes, `responseBody.has` included (Postman's
# legacy String.prototype.has, indexOf > -1), with no script error. The one expected failure is
# OAuth 1.0: `lazer import` does not carry the signature (it says so), the request goes out
# unsigned and the server answers 401, so both of that script's checks fail and the run exits 1.
# Also: without --trust-scripts the run exits 2 and sends nothing; the digest challenge is
# answered; the cookies /cookies/set sets reach /cookies after its 302; gzip and deflate bodies
# reach the scripts decoded.
# Usage: Tests/EndToEnd/test-scripts-echo.sh [PATH-TO-LAZER] (or LAZER=... as run-all.sh sets).
SAMPLE_NAME=postman20_newman_echo_v2.postman_collection.json
source "$(dirname "$0")/samples-lib.sh"

# start_echo NAME: a fresh server; sets PORT.
start_echo() { start_server echo_server.py "$1"; }

# 1. Import, then point every URL at the loopback server.
"$LAZER" import "$SAMPLE" --into "$E2E_DIR/imported.json" >"$E2E_DIR/import.out" 2>&1
check "lazer import of the echo collection exits 0" test $? -eq 0
check "the import says the OAuth 1.0 signature is not carried" grep -q 'OAuth 1.0 signature' "$E2E_DIR/import.out"
start_echo echo || { echo "  FAIL echo_server.py did not start"; finish; exit; }
sed "s#https://postman-echo\.com#http://127.0.0.1:$PORT#g" "$E2E_DIR/imported.json" >"$E2E_DIR/echo.json"
check "the import has 22 requests with a test script, every URL on 127.0.0.1" \
    python3 - "$E2E_DIR/echo.json" "$PORT" <<'PY'
import json, sys
collection = json.load(open(sys.argv[1]))
requests = [r for folder in collection.get("folders", []) for r in folder["requests"]] + collection.get("requests", [])
tests = sum(1 for r in requests if (r.get("scripts") or {}).get("test", "").strip())
elsewhere = [r["url"] for r in requests if not r["url"].startswith(f"http://127.0.0.1:{sys.argv[2]}/")]
if (len(requests), tests) != (22, 22) or elsewhere:
    sys.exit(f"    requests {len(requests)}, test scripts {tests}, URLs elsewhere {elsewhere}")
PY

# compare REPORT: the report's script checks, request by request and in order, against Postman's
# outcomes below; prints a diff of what differs.
compare() {
    python3 - "$1" 2>&1 <<'PY'
import difflib, json, sys

report = json.load(open(sys.argv[1]))
T, F = True, False
BODY = lambda *names: [(f"Body contains {n}", T) for n in names]

# (folder, request, [(test, passed)] under Postman's sandbox, final status).
PLAN = [
    ("Auth: Digest", "DigestAuth Request",
     [("response code is 401", T), ("response has WWW-Authenticate header", T)], 401),
    # libcurl answers the 401 challenge with the credentials (the import keeps username/password).
    ("Auth: Digest", "DigestAuth Success", [("response code is 200", T), ("body contains authenticated", T)], 200),
    ("Auth: Others", "Basic Auth", [("response code is 200", T), ("Body contains authenticated", T)], 200),
    # Sent unsigned (the import does not carry OAuth 1.0): 401 {"status": "fail"}.
    ("Auth: Others", "OAuth1.0 Verify Signature", [("response code is 200", F), ("Body contains status pass", F)], 401),
    # /cookies/set answers 302 to /cookies with Set-Cookie: the run's jar carries them.
    ("Cookies", "Set Cookies", [("Status code is 200", T)] + BODY("cookies", "cookie foo1", "cookie foo2"), 200),
    ("Cookies", "Get Cookies", [("Status code is 200", T)] + BODY("cookies", "cookie foo2"), 200),
    ("Cookies", "Delete Cookies",
     [("Status code is 200", T), ("Body contains key cookies", T), ("Body does not contain cookie foo2", T)], 200),
    ("Headers", "Request Headers", BODY("headers") + [("Header contains host", T)], 200),
    ("Headers", "Response Headers", BODY("Content-Type", "Server"), 200),
    ("Request Methods", "GET Request ",
     BODY("headers", "args", "url") + [("Args key contains argument passed as url parameter", T)], 200),
    # The raw text is 256 bytes, sent as text/plain.
    ("Request Methods", "POST Request", [("response has data", T), ("content-type equals text/plain", T)], 200),
    # "Data has been passed" is the data's length (256): truthy, so passed.
    ("Request Methods", "PUT Request", BODY("files", "args", "form", "headers", "url") + [("Data has been passed", T)], 200),
    ("Request Methods", "PATCH Request", BODY("files", "args", "form", "headers", "url"), 200),
    ("Request Methods", "DELETE Request", BODY("files", "args", "form", "headers", "url"), 200),
    ("Utilities", "Response Status Code", BODY("status") + [("Status equals 200", T)], 200),
    ("Utilities", "Streamed Response", [("response code is 200", T)], 200),
    ("Utilities", "Delay Response", [("response code is 200", T), ("response body has key delay", T)], 200),
    ("Utilities", "Get UTF8 Encoded Response", [("response code is 200", T)], 200),
    # Compressed whatever the Accept-Encoding: the body scripts see must be the decoded JSON.
    ("Utilities", "GZip Compressed Response", [("response code is 200", T)] + BODY("gzipped", "headers", "method"), 200),
    ("Utilities", "Deflate Compressed Response",
     [("response code is 200", T)] + BODY("deflated", "headers", "method"), 200),
    ("[draft] Auth: OAuth2.0", "OAuth2.0 Get Access Token",
     [("response code is 200", T), ("body has access token", T), ("body has bearer type", T)], 200),
    # Named "response code is 401", the test is `responseCode.code === 200`: the token is good.
    ("[draft] Auth: OAuth2.0", "OAuth2.0 Get Resource",
     [("response code is 401", T), ("body has user_id", T), ("body has name", T)], 200),
]
problems = []
requests = report["requests"]
if [(r["folder"][0], r["name"]) for r in requests] != [(f, n) for f, n, _, _ in PLAN]:
    problems.append("the report's requests are not the collection's 22, in order")
for request, (folder, name, want, status) in zip(requests, PLAN):
    where = f"{folder} / {name}"
    checks = [c for c in request["checks"] if c["subject"] == "script"]
    if len(checks) != len(request["checks"]):
        problems.append(f"{where}: checks other than the script's")
    runs = [c for c in checks if c["op"] == "runs"]
    if runs:
        problems.append(f"{where}: the script did not run to its end: {[(c['label'], c['actual']) for c in runs]}")
    got = [(c["label"], c["passed"]) for c in checks if c["op"] != "runs"]
    if got != want:
        diff = difflib.unified_diff([f"{'pass' if p else 'FAIL'}  {l}" for l, p in want],
                                    [f"{'pass' if p else 'FAIL'}  {l}" for l, p in got],
                                    "Postman", "lazer's report", lineterm="", n=0)
        problems.append(f"{where}:\n    " + "\n    ".join(diff))
    got_status = (request.get("response") or {}).get("status")
    if got_status != status:
        problems.append(f"{where}: status {got_status}, expected {status}")
total = sum(len(want) for _, _, want, _ in PLAN)
failing = {name for _, name, want, _ in PLAN for _, p in want if not p}
failed = sum(1 for _, _, want, _ in PLAN for _, p in want if not p)
assert (total, failed, failing) == (64, 2, {"OAuth1.0 Verify Signature"}), (total, failed, failing)
if report["summary"]["checks"] != total or report["summary"]["checksFailed"] != failed:
    problems.append(f"summary: {report['summary']['checks']} checks, {report['summary']['checksFailed']} failed; "
                    f"expected {total}, {failed}")
for problem in problems:
    print("    " + problem.replace("\n", "\n    "))
sys.exit(1 if problems else 0)
PY
}

# 2. Without --trust-scripts nothing is sent.
timeout 120 "$LAZER" run "$E2E_DIR/echo.json" --no-history >"$E2E_DIR/untrusted.out" 2>&1
status=$?
check "without --trust-scripts the run exits 2 and sends nothing" \
    bash -c "test $status -eq 2 && test ! -s '$E2E_DIR/echo.log'"

# 3. The collection as imported: Postman's outcome for every check.
timeout 120 "$LAZER" run "$E2E_DIR/echo.json" --trust-scripts --no-history --reporter json \
    --output "$E2E_DIR/run.json" >"$E2E_DIR/run.out" 2>&1
status=$?
check "the run exits 1 (the unsigned OAuth 1.0 request fails its checks)" test "$status" -eq 1
check "its 64 script checks are Postman's, only the 2 of OAuth 1.0 failing (responseBody.has, gzip, deflate...)" \
    compare "$E2E_DIR/run.json"
check "the digest challenge was answered: /digest-auth authenticated" \
    grep -qx 'GET /digest-auth 200 Digest' "$E2E_DIR/echo.log"
check "/cookies/set answered 302 and the redirect went to /cookies (whose body had both cookies, above)" \
    bash -c "grep -A1 -x 'GET /cookies/set?foo1=bar1&foo2=bar2 302' '$E2E_DIR/echo.log' | grep -qx 'GET /cookies 200'"

finish
