# `lazer export --format k6`: k6 is not installable here, so the exported scripts' syntax is
# checked with `node --check` (as ES modules: k6 scripts use `import`), for the open and the
# closed model and a collection with hostile names. Then one is run in node with stand-ins for
# k6's modules (k6/http answers as a small shop server would): the checks that pass and fail,
# the secret read from __ENV, the captured token sent on, the Basic credential encoded at run
# time. node comes from scripts/install-deps.sh (Debian's nodejs): without it this test fails
# rather than pass unchecked.
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

# The script run in node, k6's modules replaced by stand-ins: two passes of the closed model.
mkdir -p harness/node_modules/k6
cat >harness/node_modules/k6/package.json <<'JSON'
{"name": "k6", "type": "module",
 "exports": {".": "./index.js", "./http": "./http.js", "./encoding": "./encoding.js", "./execution": "./execution.js"}}
JSON
cat >harness/node_modules/k6/index.js <<'JS'
export function check(r, checks) {
  for (const [name, test] of Object.entries(checks)) {
    const tally = (globalThis.tallies[name] ??= [0, 0]);
    tally[0] += test(r) ? 1 : 0;
    tally[1] += 1;
  }
  return true;
}
JS
cat >harness/node_modules/k6/http.js <<'JS'
export default {
  request(method, url, body, params) {
    globalThis.sent.push({ method, url, body, headers: params.headers, name: params.tags.name });
    return globalThis.answer(method, url, body, params.headers);
  },
  setResponseCallback() {},
  expectedStatuses() {},
};
JS
echo 'export default { b64encode: (text) => Buffer.from(text, "utf8").toString("base64") };' \
    >harness/node_modules/k6/encoding.js
echo 'export default { scenario: { iterationInTest: 0 } };' >harness/node_modules/k6/execution.js
cat >harness/run.mjs <<'JS'
globalThis.__ENV = { LAZER_VAR_password: "s3cr\"et" };
globalThis.sent = [];
globalThis.tallies = {};
const json = (status, value) => ({
  status, body: JSON.stringify(value), headers: { "Content-Type": "application/json" }, timings: { duration: 5 },
});
globalThis.answer = (method, url, body, headers) => {
  const path = url.replace("http://api.test", "");
  if (method === "POST" && path === "/login") {
    const sent = JSON.parse(body);
    return sent.password === "s3cr\"et" ? json(200, { token: "t-" + sent.user + "/1" }) : json(401, {});
  }
  if (path === "/items?t=t-ada%2F1" && headers.Authorization === "Bearer t-ada/1") {
    return json(200, { items: [{ name: "tea", price: 3 }] });
  }
  if (method === "DELETE" && headers.Authorization === "Basic " + Buffer.from("ada:s3cr\"et").toString("base64")) {
    return { status: 204, body: "", headers: {}, timings: { duration: 5 } };
  }
  if (path === "/version") return { status: 200, body: "1.0", headers: {}, timings: { duration: 5 } };
  return json(401, {});
};
const script = await import(process.argv[2]);
script.default();
script.default();
for (const [name, [passed, total]] of Object.entries(globalThis.tallies)) console.log(`${name}: ${passed}/${total}`);
JS
cat >run.json <<'JSON'
{"formatVersion": 1, "id": "5ba4d000-0000-4000-8000-00000000a29f", "name": "k6 shop",
 "variables": [{"name": "user", "value": "ada"}, {"name": "password", "value": "not-this", "secret": true}],
 "requests": [
   {"id": "login", "name": "Log in", "method": "POST", "url": "/login",
    "body": {"type": "json", "json": {"user": "{{user}}", "password": "{{password}}"}},
    "captures": [{"variable": "token", "from": "jsonPath", "path": "$.token"}],
    "expectations": [{"subject": "status", "op": "equals", "value": 200},
                     {"subject": "header", "name": "content-type", "op": "contains", "value": "json"}]},
   {"id": "items", "name": "Items", "method": "GET", "url": "/items",
    "query": [{"name": "t", "value": "{{token}}"}],
    "auth": {"type": "bearer", "token": "{{token}}"},
    "expectations": [{"subject": "status", "op": "equals", "value": 200},
                     {"subject": "jsonPath", "path": "$.items[0].name", "op": "equals", "value": "tea"},
                     {"subject": "jsonPath", "path": "$.items[0].price", "op": "lessThan", "value": 10},
                     {"subject": "jsonPath", "path": "$.items[1]", "op": "notExists"}]},
   {"id": "admin", "name": "Admin", "method": "DELETE", "url": "/admin",
    "auth": {"type": "basic", "username": "{{user}}", "password": "{{password}}"},
    "expectations": [{"subject": "status", "op": "oneOf", "value": [200, 204]}]},
   {"id": "version", "name": "Version", "method": "GET", "url": "/version",
    "expectations": [{"subject": "body", "op": "equals", "value": "2.0"}]}
 ],
 "environments": [{"name": "api", "baseURL": "http://api.test"}]}
JSON
"$LAZER" export run.json --format k6 --env api --vus 1 --iterations 2 -o harness/run-script.mjs 2>/dev/null
check "the secret's value is not in the script" bash -c '! grep -q not-this harness/run-script.mjs'
node harness/run.mjs ./run-script.mjs >ran.txt 2>ran.err
check "node runs the script with k6's stand-ins" test $? -eq 0
cat >expected.txt <<'TXT'
Log in: status equals 200: 2/2
Log in: header content-type contains json: 2/2
Items: status equals 200: 2/2
Items: $.items[0].name equals tea: 2/2
Items: $.items[0].price lessThan 10: 2/2
Items: $.items[1] notExists: 2/2
Admin: status oneOf [200,204]: 2/2
Version: body equals 2.0: 0/2
TXT
check "each check passes or fails as the collection says (secret, capture, Basic)" diff expected.txt ran.txt
finish
