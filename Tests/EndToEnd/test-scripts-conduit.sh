# Postman scripts conformance on a real collection: the RealWorld "Conduit" Postman collection
# (../shared/interop-samples, outside the repository; skipped when absent) imported with
# `lazer import`, then run with `lazer run --trust-scripts` against conduit_server.py, an
# in-memory Conduit API on 127.0.0.1 (nothing touches the network). Its 30 test scripts use the
# legacy sandbox (`tests[...] = bool`, `responseBody`, `responseCode`, `environment`), implicit
# globals and `pm.globals.set/get`; `token`, `slug` and `commentId` set by scripts must reach the
# URLs and headers of the requests after them.
#
# Every script check of the JSON report is compared, in order, with what the script's own logic
# gives for the server's answers, written out below request by request:
#   - a faithful server: all 311 checks pass;
#   - the same with --var isIntegrationTest=true, which the legacy `environment` object must see:
#     the six scripts wrapped in `if (!(environment.isIntegrationTest))` set nothing, 264 pass;
#   - the server with --quirks (users without "image", timestamps without a fraction of a second,
#     tags in the order given, the `favorited` filter unimplemented): exactly the checks those
#     quirks break fail, and the two "Articles Favorited by Username" scripts of the second folder
#     stop with a TypeError at the line that reads `responseJSON.articles[0]`'s properties (the
#     error's check labelled "request NAME script", its actual "line 11:C: TypeError: ...").
# Usage: Tests/EndToEnd/test-scripts-conduit.sh [PATH-TO-LAZER] (or LAZER=... as run-all.sh sets).
SAMPLE_NAME=postman21_realworld_conduit.postman_collection.json
source "$(dirname "$0")/samples-lib.sh"

# start_conduit NAME [--quirks]: a fresh server (empty database); sets PORT.
start_conduit() { start_server conduit_server.py "$@"; }

# conduit ARGS...: lazer run on the imported collection with the variables it needs.
conduit() {
    timeout 120 "$LAZER" run "$E2E_DIR/conduit.json" --no-history \
        --var "APIURL=http://127.0.0.1:$PORT/api" --var USERNAME=lazer_e2e \
        --var EMAIL=lazer_e2e@example.com --var PASSWORD=correct-horse-battery "$@"
}

# 1. The import carries the 30 test scripts (and no pre-request script: the collection has none).
"$LAZER" import "$SAMPLE" --into "$E2E_DIR/conduit.json" >"$E2E_DIR/import.out" 2>&1
check "lazer import of the Conduit collection exits 0" test $? -eq 0
check "the import has 32 requests, 30 with a test script and none with a pre-request script" \
    python3 - "$E2E_DIR/conduit.json" <<'PY'
import json, sys
collection = json.load(open(sys.argv[1]))
requests = [r for folder in collection.get("folders", []) for r in folder["requests"]] + collection.get("requests", [])
tests = sum(1 for r in requests if (r.get("scripts") or {}).get("test", "").strip())
pre = sum(1 for r in requests if (r.get("scripts") or {}).get("preRequest", "").strip())
if (len(requests), tests, pre) != (32, 30, 0):
    sys.exit(f"    requests {len(requests)}, test scripts {tests}, pre-request scripts {pre}")
PY

# 2. Without --trust-scripts nothing is sent.
start_conduit untrusted || { echo "  FAIL conduit_server.py did not start"; finish; exit; }
conduit >"$E2E_DIR/untrusted.out" 2>&1
status=$?
check "without --trust-scripts the run exits 2" test "$status" -eq 2
check "... and sends nothing" test ! -s "$E2E_DIR/untrusted.log"

# compare REPORT MODE: the report's script checks, request by request and in order, against the
# expectations below (MODE faithful or quirks); prints a diff of what differs.
compare() {
    python3 - "$1" "$2" "$E2E_DIR/conduit.json" 2>&1 <<'PY'
import difflib, json, sys

report = json.load(open(sys.argv[1]))
quirks = sys.argv[2] == "quirks"
integration = sys.argv[2] == "integration"
collection = json.load(open(sys.argv[3]))

# The tests each script sets, in the order it sets them (copied from the scripts).
USER = ['Response contains "user" property', 'User has "email" property', 'User has "username" property',
        'User has "bio" property', 'User has "image" property', 'User has "token" property']
LIST_HEAD = ['Response code is 200 OK', 'Response contains "articles" property',
             'Response contains "articlesCount" property', 'articlesCount is an integer']
EMPTY_LIST = LIST_HEAD + ['articlesCount is 0 when feed is empty']
CREATED = ['Article has "createdAt" property', 'Article\'s "createdAt" property is an ISO 8601 timestamp',
           'Article has "updatedAt" property', 'Article\'s "updatedAt" property is an ISO 8601 timestamp',
           'Article has "description" property', 'Article has "tagList" property',
           'Article\'s "tagList" property is an Array']
# The first article of a list (no "body" in lists).
LISTED = ['Article has "title" property', 'Article has "slug" property'] + CREATED + [
    'Article has "author" property', 'Article has "favorited" property', 'Article has "favoritesCount" property',
    'favoritesCount is an integer']
ONE_ARTICLE = LIST_HEAD + LISTED
# {"article": ...} answers.
SINGLE = ['Response contains "article" property', 'Article has "title" property', 'Article has "slug" property',
          'Article has "body" property'] + CREATED + ['Article has "author" property', 'Article has "favorited" property',
          'Article has "favoritesCount" property', 'favoritesCount is an integer']
FAVORITE = ['Response contains "article" property', 'Article has "title" property', 'Article has "slug" property',
            'Article has "body" property'] + CREATED + [
    'Article has "author" property', 'Article has "favorited" property', "Article's 'favorited' property is true",
    'Article has "favoritesCount" property', 'favoritesCount is an integer',
    "Article's 'favoritesCount' property is greater than 0"]
BY_TAG = LIST_HEAD + ['An article was returned', 'Article has "title" property', 'Article has "slug" property'] + CREATED + [
    'The first tag is dragons', 'The second tag is training', 'Article has "author" property',
    'Article has "favorited" property', 'Article has "favoritesCount" property', 'favoritesCount is an integer']
FAVORITED = LIST_HEAD + ['Article has "title" property', 'Article has "slug" property'] + CREATED + [
    'Article has "author" property', 'Article has "favorited" property', 'Article has "favoritesCount" property',
    'favoritesCount is 1']
COMMENT_FIELDS = ['Comment has "id" property', 'Comment has "body" property', 'Comment has "createdAt" property',
                  '"createdAt" property is an ISO 8601 timestamp', 'Comment has "updatedAt" property',
                  '"updatedAt" property is an ISO 8601 timestamp', 'Comment has "author" property']
PROFILE = ['Response code is 200 OK', 'Response contains "profile" property', 'Profile has "username" property',
           'Profile has "bio" property', 'Profile has "image" property', 'Profile has "following" property']
TAGS = ['Response code is 200 OK', 'Response contains "tags" property', '"tags" property returned as array']

# (folder, request, tests, status). Before "Create Article" the database has no article: the four
# lists of the "Articles" folder take their empty branch (`articlesCount is 0 when feed is empty`),
# "johnjacob" being no user at all. The feed is empty too (lazer_e2e follows nobody). The two
# requests without a script (the deletes) have no check; their 204 says {{slug}} and {{commentId}},
# set by pm.globals.set in earlier scripts, reached their URLs.
FOLDER = "Articles, Favorite, Comments"
PLAN = [
    ("Auth", "Register", USER, 201),
    ("Auth", "Login", USER, 200),
    ("Auth", "Login and Remember Token", USER + ['Global variable "token" has been set'], 200),
    ("Auth", "Current User", USER, 200),
    ("Auth", "Update User", USER, 200),
    ("Articles", "All Articles", EMPTY_LIST, 200),
    ("Articles", "Articles by Author", EMPTY_LIST, 200),
    ("Articles", "Articles Favorited by Username", EMPTY_LIST, 200),
    ("Articles", "Articles by Tag", EMPTY_LIST, 200),
    (FOLDER, "Create Article", SINGLE, 201),
    (FOLDER, "Feed", EMPTY_LIST, 200),
    (FOLDER, "All Articles", ONE_ARTICLE, 200),
    (FOLDER, "All Articles with auth", ONE_ARTICLE, 200),
    (FOLDER, "Articles by Author", ONE_ARTICLE, 200),
    (FOLDER, "Articles by Author with auth", ONE_ARTICLE, 200),
    (FOLDER, "Single Article by slug", SINGLE, 200),
    (FOLDER, "Articles by Tag", BY_TAG, 200),
    (FOLDER, "Update Article", SINGLE, 200),
    (FOLDER, "Favorite Article", FAVORITE, 200),
    (FOLDER, "Articles Favorited by Username", FAVORITED, 200),
    (FOLDER, "Articles Favorited by Username with auth", FAVORITED, 200),
    (FOLDER, "Unfavorite Article", SINGLE + ['Article\'s "favorited" property is false'], 200),
    (FOLDER, "Create Comment for Article", ['Response contains "comment" property'] + COMMENT_FIELDS, 200),
    (FOLDER, "All Comments for Article", ['Response code is 200 OK', 'Response contains "comments" property'] + COMMENT_FIELDS, 200),
    (FOLDER, "All Comments for Article without login", ['Response code is 200 OK', 'Response contains "comments" property'] + COMMENT_FIELDS, 200),
    (FOLDER, "Delete Comment for Article", [], 204),
    (FOLDER, "Delete Article", [], 204),
    ("Profiles", "Register Celeb", USER, 201),
    ("Profiles", "Profile", PROFILE, 200),
    ("Profiles", "Follow Profile", PROFILE + ['Profile\'s "following" property is true'], 200),
    ("Profiles", "Unfollow Profile", PROFILE + ['Profile\'s "following" property is false'], 200),
    ("Tags", "All Tags", TAGS, 200),
]

def script_of(folder, name):
    for f in collection["folders"]:
        if f["name"] == folder:
            for r in f["requests"]:
                if r["name"] == name:
                    return (r.get("scripts") or {}).get("test", "")

# The six scripts wrapped in `if (!(environment.isIntegrationTest)) { ... }`: with
# --var isIntegrationTest=true they set no test.
GUARDED = {("Auth", "Register"), (FOLDER, "Update Article"), ("Profiles", "Register Celeb"),
           ("Profiles", "Profile"), ("Profiles", "Follow Profile"), ("Profiles", "Unfollow Profile")}

def expected(folder, name, tests):
    """[(label, passed)] and the script error's line (None when the script runs to its end)."""
    if integration and (folder, name) in GUARDED:
        return [], None
    if not quirks:
        return [(t, True) for t in tests], None
    outcomes, error_line = [], None
    if folder == FOLDER and name.startswith("Articles Favorited by Username"):
        # No article comes back: `article = responseJSON.articles[0]` is undefined and the line
        # reading `article.hasOwnProperty('title')` throws, after the list's own four tests.
        tests = LIST_HEAD
        lines = script_of(folder, name).split("\n")
        error_line = next(i + 1 for i, l in enumerate(lines) if "article.hasOwnProperty('title')" in l)
    for test in tests:
        broken = ('User has "image" property' == test          # users lack "image" (profiles keep it)
                  or "ISO 8601" in test                         # no fraction of a second: the regexp wants `.\d+`
                  or test in ('The first tag is dragons', 'The second tag is training'))  # order as given
        outcomes.append((test, not broken))
    return outcomes, error_line

problems = []
guarded = {(f, n) for f, n, _, _ in PLAN
           if script_of(f, n).startswith("if (!(environment.isIntegrationTest)) {")}
if guarded != GUARDED:
    problems.append(f"the scripts guarded by environment.isIntegrationTest are {sorted(guarded)}")
requests = report["requests"]
if [(r["folder"][0] if r["folder"] else "", r["name"]) for r in requests] != [(f, n) for f, n, _, _ in PLAN]:
    problems.append("the report's requests are not the collection's 32, in order:\n    " +
                    "\n    ".join(f"{r['folder']} {r['name']}" for r in requests))
total_expected = total_actual = 0
for request, (folder, name, tests, status) in zip(requests, PLAN):
    where = f"{folder} / {name}"
    want, error_line = expected(folder, name, tests)
    checks = [c for c in request["checks"] if c["subject"] == "script"]
    others = [c for c in request["checks"] if c["subject"] != "script"]
    if others:
        problems.append(f"{where}: checks other than the scripts': {others}")
    runs = [c for c in checks if c["op"] == "runs"]
    tested = [c for c in checks if c["op"] != "runs"]
    got = [(c["label"], c["passed"]) for c in tested]
    total_expected += len(want) + (error_line is not None)
    total_actual += len(checks)
    if got != want:
        diff = difflib.unified_diff([f"{'pass' if p else 'FAIL'}  {l}" for l, p in want],
                                    [f"{'pass' if p else 'FAIL'}  {l}" for l, p in got],
                                    "expected", "lazer's report", lineterm="", n=0)
        problems.append(f"{where}:\n    " + "\n    ".join(diff))
    bad_origin = [c["path"] for c in checks if c["path"] != f"request {name}"]
    if bad_origin:
        problems.append(f"{where}: checks from another script: {bad_origin}")
    if error_line is None and runs:
        problems.append(f"{where}: the script did not run to its end: {[c['actual'] for c in runs]}")
    if error_line is not None:
        # The error's check: "label" says whose script, "actual" where it stopped and why.
        label, prefix = f"request {name} script", f"line {error_line}:"
        if len(runs) != 1 or runs[0]["passed"] or runs[0]["label"] != label or \
                not runs[0]["actual"].startswith(prefix) or "TypeError" not in runs[0]["actual"]:
            problems.append(f"{where}: expected one script error labelled {label!r} whose actual starts {prefix!r} "
                            f"(a TypeError), got {[(c['label'], c['actual']) for c in runs]}")
    got_status = (request.get("response") or {}).get("status")
    if got_status != status:
        problems.append(f"{where}: status {got_status}, expected {status} ({request['url']})")
if total_actual != total_expected or report["summary"]["checks"] != total_expected:
    problems.append(f"script checks: {total_actual} in the requests, {report['summary']['checks']} in the summary, "
                    f"{total_expected} expected")
failed = sum(1 for f, n, t, _ in PLAN for l, p in expected(f, n, t)[0] if not p) + \
    sum(1 for f, n, t, _ in PLAN if expected(f, n, t)[1] is not None)
if report["summary"]["checksFailed"] != failed:
    problems.append(f"the summary's checksFailed is {report['summary']['checksFailed']}, expected {failed}")
for problem in problems:
    print("    " + problem.replace("\n", "\n    "), file=sys.stderr)
sys.exit(1 if problems else 0)
PY
}

# 3. Against a faithful server every check of every script passes.
start_conduit faithful || { echo "  FAIL conduit_server.py did not start"; finish; exit; }
conduit --trust-scripts --reporter json --output "$E2E_DIR/faithful.json" >"$E2E_DIR/faithful.out" 2>&1
status=$?
check "the run against a faithful server exits 0 (every check passes)" test "$status" -eq 0
check "the 311 script checks are what the scripts compute for a faithful server's answers" \
    compare "$E2E_DIR/faithful.json" faithful
check "the imported token reached the server: nothing answered 401" bash -c "! grep -q ' 401$' '$E2E_DIR/faithful.log'"
check "the article and its comment are gone at the end (the deletes used {{slug}} and {{commentId}})" \
    grep -qx 'DELETE /api/articles/how-to-train-your-dragon/comments/1 204' "$E2E_DIR/faithful.log"

# 4. --var isIntegrationTest=true reaches the legacy `environment` object: the six scripts it
# guards set no test, the 26 others pass theirs.
start_conduit integration || { echo "  FAIL conduit_server.py did not start"; finish; exit; }
conduit --var isIntegrationTest=true --trust-scripts --reporter json --output "$E2E_DIR/integration.json" \
    >"$E2E_DIR/integration.out" 2>&1
status=$?
check "with --var isIntegrationTest=true the run exits 0" test "$status" -eq 0
check "... and its 264 script checks are the 311 less the 47 of the six guarded scripts" \
    compare "$E2E_DIR/integration.json" integration

# 5. Against the sloppy server, exactly the checks its quirks break fail, and two scripts throw.
start_conduit quirks --quirks || { echo "  FAIL conduit_server.py --quirks did not start"; finish; exit; }
conduit --trust-scripts --reporter json --output "$E2E_DIR/quirks.json" >"$E2E_DIR/quirks.out" 2>&1
status=$?
check "the run against the sloppy server exits 1 (checks fail)" test "$status" -eq 1
check "its failed checks and script errors are exactly those the scripts' logic gives" \
    compare "$E2E_DIR/quirks.json" quirks

finish
