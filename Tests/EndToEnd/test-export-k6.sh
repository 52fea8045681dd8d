# `lazer export --format k6`: k6 is not installable here, so the exported scripts' syntax is
# checked with `node --check` (as ES modules: k6 scripts use `import`), for the open and the
# closed model and a collection with hostile names. node comes from scripts/install-deps.sh
# (Debian's nodejs): without it this test fails rather than pass unchecked.
source "$(dirname "$0")/lib.sh"

root="$(cd "$(dirname "$0")/../.." && pwd)"
if ! command -v node >/dev/null; then
    check "node is installed (scripts/install-deps.sh installs nodejs)" false
    finish
    exit
fi
cd "$E2E_DIR" || exit 1
cp "$root/Tests/InteropTests/Fixtures/load-shop.json" shop.json
"$LAZER" export shop.json --format k6 --stage 30s:20/s --stage 1m:20/s --threshold 'p99<200ms' \
    --threshold 'errors<1%' --threshold 'checks>=99%' -o open.mjs 2>open.err
check "the open model's script is written" test -s open.mjs
check "node --check accepts the open model's script" node --check open.mjs
check "the thresholds are k6's" grep -q "http_req_duration: \[\"p(99)<200\"\]" open.mjs
check "the report lists the schema expectation" grep -q "expectation on schema" open.err
"$LAZER" export shop.json --format k6 --vus 4 --iterations 3 -o closed.mjs 2>/dev/null
check "node --check accepts the closed model's script" node --check closed.mjs
"$LAZER" export shop.json --format http --vus 4 >/dev/null 2>usage.err
status=$?
check "load options with another format are a usage error (status $status)" test "$status" -eq 2
check "the usage error says which formats take them" grep -q "go with --format locust or k6" usage.err

cat >hostile.json <<'JSON'
{"formatVersion": 1, "id": "h", "name": "H",
 "requests": [{"id": "r", "name": "a\"b'c\\d\ne</script>\u2028f\u2029`${x}`", "method": "POST",
   "url": "https://h.test/x?q=\u2028",
   "headers": [{"name": "X-A", "value": "\"'\\\u2029</script>"}],
   "body": {"type": "text", "text": "`${process.exit(1)}`\u2028\n"},
   "expectations": [{"subject": "body", "op": "contains", "value": "\u2028'\"\\"}]}]}
JSON
"$LAZER" export hostile.json --format k6 -o hostile.mjs 2>/dev/null
check "node --check accepts the script of hostile names" node --check hostile.mjs
"$LAZER" export hostile.json --format locust -o hostile.py 2>/dev/null
check "python3 compiles the Locust file of hostile names" python3 -m py_compile hostile.py
finish
