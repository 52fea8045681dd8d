# GraphQL in the explorer (issue 28) against a real GraphQL server on loopback (graphql-core:
# Sources/LoopbackTesting/graphql_server.py in the virtualenv scripts/oauth-venv.sh makes), its
# schema file beside the collection: a typo in a field is shown with its line and column as it is
# typed and the gutter marks the line; Alt+G goes to it; fixed, the query matches the schema; sent,
# the answer's errors (a failing field beside partial data) are listed above the tree and f goes to
# the node the error's path names; e gives the list the keyboard, Enter goes to the node, o to the
# error's place in the query. lazer validate and lazer send --schema agree with the editor.
# A second collection's schema comes by introspection of the server: fetched when its request is
# shown, the Body tab says so, a typo is found against it, and lazer validate uses the cached answer.
# A third session: the line under the query describes the field at the cursor, Ctrl+Space
# completes a field and Alt+V types into the variables (a syntax error shown at its column).
# A fourth: a query with two operations — the Body tab says none is chosen, a send stops and names
# Alt+P, the picker chooses one, which is sent; Alt+O opens at the type in scope and Tab writes a
# field with its required argument; Ctrl+Space in the variables offers the operation's variables.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

ROOT=$(cd "$EXPLORER_HERE/../.." && pwd)
PYTHON=$("$ROOT/scripts/oauth-venv.sh")
fifo="$E2E_DIR/graphql.in"
mkfifo "$fifo"
"$PYTHON" -B "$ROOT/Sources/LoopbackTesting/graphql_server.py" <"$fifo" >"$E2E_DIR/graphql.port" 2>"$E2E_DIR/graphql.err" &
SERVER_PIDS+=($!)
exec {graphql_holder}>"$fifo"
required "the GraphQL server starts" wait_file "$E2E_DIR/graphql.port" '^PORTS http=[0-9]+$'
PORT=$(sed 's/.*=//' "$E2E_DIR/graphql.port")

WORK="$E2E_DIR/work"
mkdir -p "$WORK/Collections"
cp "$ROOT/Sources/LoopbackTesting/graphql_test_schema.graphql" "$WORK/Collections/schema.graphql"
cat >"$WORK/Collections/api.json" <<JSON
{
  "formatVersion": 1,
  "id": "e2e-explorer-graphql",
  "name": "GraphQL API",
  "defaultEnvironment": "local",
  "graphqlSchema": {"file": "schema.graphql"},
  "requests": [
    {"id": "user", "name": "User", "method": "POST", "url": "/graphql",
     "body": {"type": "graphql", "query": "query User {\n  user(id: \"1\") {\n    name\n    secret\n  }\n}\n"}}
  ],
  "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
JSON

# Two operations and none chosen (lazer validate would refuse it): a workspace of its own.
mkdir -p "$WORK/ops/Collections"
cp "$ROOT/Sources/LoopbackTesting/graphql_test_schema.graphql" "$WORK/ops/Collections/schema.graphql"
cat >"$WORK/ops/Collections/ops.json" <<JSON
{
  "formatVersion": 1,
  "id": "e2e-explorer-graphql-operations",
  "name": "Operations",
  "defaultEnvironment": "local",
  "graphqlSchema": {"file": "schema.graphql"},
  "requests": [
    {"id": "ops", "name": "Ops", "method": "POST", "url": "/graphql",
     "body": {"type": "graphql", "query": "query Users(\$role: Role) {\n  users(role: \$role) {\n    name\n  }\n}\nquery Now {\n  now\n}\n"}}
  ],
  "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
JSON

cat >"$WORK/Collections/introspected.json" <<JSON
{
  "formatVersion": 1,
  "id": "e2e-explorer-graphql-introspected",
  "name": "Introspected API",
  "defaultEnvironment": "local",
  "graphqlSchema": {"introspect": true},
  "requests": [
    {"id": "viewer", "name": "Viewer", "method": "POST", "url": "/graphql",
     "body": {"type": "graphql", "query": "{\n  users {\n    name\n  }\n}\n"}}
  ],
  "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
JSON

# --- The editor ----------------------------------------------------------------------------------
explorer graphql "$WORK" --request User
required "explorer: the request is selected" wait_for graphql "Request · User"
keys graphql M-3
required "explorer: the Body tab says the query matches the schema" wait_for graphql "graphql  ✓ matches the schema"
keys graphql Enter C-Home Down Down End
literal graphql "x"
check "explorer: the typo is listed with its line and column as it is typed" \
    wait_for graphql '✖ 3:5 Cannot query field "namex" on type "User". Did you mean "name"\?'
check "explorer: the Body tab counts it" wait_for graphql "graphql  ✖ 1 problem"
keys graphql Escape C-Home
keys graphql M-g
check "explorer: Alt+G names the problem in the status line" wait_for graphql '3:5 Cannot query field "namex"'
# Alt+G left the cursor at the problem's column, typing: the typo is at the end of that line.
keys graphql End BSpace
check "explorer: fixed, the query matches the schema again" wait_for graphql "graphql  ✓ matches the schema"
keys graphql Escape

# --- Send: errors beside partial data -------------------------------------------------------------
keys graphql F5
required "explorer: the answer comes" wait_for graphql " 200 OK "
check "explorer: the errors line says partial success" \
    wait_for graphql '◐ GraphQL partial success: data and 1 error'
check "explorer: the error is listed with its path and its place in the query" \
    wait_for graphql '1 secret is not readable  at user.secret  query 4:5'
keys graphql g 3
keys graphql f
check "explorer: f goes to the node the error's path names" \
    wait_for graphql 'secret: null +✗ GraphQL error: secret is not readable \(at user.secret\)'
check "explorer: the toast says where in the query" wait_for graphql 'query 4:5'
keys graphql Home
keys graphql e
check "explorer: e gives the errors list the keyboard" wait_for graphql '▸ 1 secret is not readable'
keys graphql Enter
check "explorer: Enter on the error goes to the node its path names" wait_for graphql 'Error 1 of 1: user.secret'
check "explorer: the node is selected" \
    wait_for graphql 'secret: null +✗ GraphQL error: secret is not readable \(at user.secret\)'
keys graphql o
check "explorer: o goes to the error's place in the query" wait_for graphql 'Query 4:5: secret is not readable'
literal graphql "x"
check "explorer: the cursor was at the error's column (a typo typed there is found)" \
    wait_for graphql '✖ 4:5 Cannot query field "xsecret" on type "User"'
keys graphql BSpace
check "explorer: taken back, the query matches the schema" wait_for graphql "graphql  ✓ matches the schema"
keys graphql Escape
required "explorer: Esc stops editing" wait_for graphql "ctrl\+q quit"
keys graphql C-q
check "explorer: quits" wait_for graphql "lazer-exit=0"

# --- A schema by introspection ---------------------------------------------------------------------
explorer graphqli "$WORK" --request Viewer
required "explorer: the introspected request is selected" wait_for graphqli "Request · Viewer"
keys graphqli M-3
check "explorer: the schema comes by introspection and the Body tab says so" \
    wait_for graphqli "✓ matches the schema  · schema from introspection, fetched just now"
keys graphqli Enter C-Home Down Down End
literal graphqli "x"
check "explorer: a typo is found against the introspected schema" \
    wait_for graphqli '✖ 3:5 Cannot query field "namex" on type "User". Did you mean "name"\?'
keys graphqli BSpace
check "explorer: fixed, the query matches the introspected schema" \
    wait_for graphqli "✓ matches the schema  · schema from introspection"
keys graphqli C-q
check "explorer: quits (introspected)" wait_for graphqli "lazer-exit=0"

# --- Docs at the cursor, completion, the variables -------------------------------------------------
explorer graphqlc "$WORK" --request User
required "explorer: the request is selected again" wait_for graphqlc "Request · User"
keys graphqlc M-3 Enter C-Home Down Down End
check "explorer: the line under the query describes the field under the cursor" \
    wait_for graphqlc "User.name: String!  The display name"
keys graphqlc Enter C-Space
check "explorer: Ctrl+Space (a NUL) lists the fields of User with their types" wait_for graphqlc "role +Role!"
literal graphqlc "ro"
keys graphqlc Tab
check "explorer: Tab takes the field" wait_for graphqlc "4     role"
keys graphqlc M-v
literal graphqlc '{"first": }'
check "explorer: Alt+V types into the variables, a syntax error at its column" \
    wait_for graphqlc "Variables  ✖ line 1, column 11"
# Esc and the next key sent at once read as Alt+key (a terminal's escape prefix): the footer shows
# editing has stopped before Ctrl+Q.
keys graphqlc Escape
required "explorer: Esc stops editing" wait_for graphqlc "ctrl\+q quit"
keys graphqlc C-q
check "explorer: Ctrl+Q with unsaved changes asks" wait_for graphqlc "Discard \(Alt\+D\)"
sleep 0.7  # keys typed before a question could be seen answer nothing
keys graphqlc M-d
check "explorer: quits (discarded)" wait_for graphqlc "lazer-exit=0"

# --- Several operations: the picker, the browser's insert, the variables' keys ---------------------
explorer graphqlo "$WORK/ops" --request Ops
required "explorer: the request with two operations is selected" wait_for graphqlo "Request · Ops"
keys graphqlo M-3
check "explorer: the Body tab says none of the two operations is chosen" \
    wait_for graphqlo "graphql · 2 operations, none chosen \(alt\+p\)"
keys graphqlo F5
check "explorer: a send with none chosen stops and names the key" \
    wait_for graphqlo "body.operationName: 2 operations: choose one with alt\+p"
keys graphqlo Enter
check "explorer: Enter in the dialog opens the operation picker" wait_for graphqlo "Operation to run · 2 operations"
check "explorer: the picker lists the operations with their lines" wait_for graphqlo "query Now +line 6"
keys graphqlo Enter
check "explorer: Enter chooses the first, the Body tab says it runs" wait_for graphqlo "graphql · query Users"
keys graphqlo F5
check "explorer: sent, the server answers the chosen operation" wait_for graphqlo " 200 OK "
keys graphqlo M-3 Enter C-Home End Enter
keys graphqlo M-o
check "explorer: the browser opens at the type in scope at the cursor" wait_for graphqlo "Schema · Query"
literal graphqlo "user"
check "explorer: the search narrows Query's fields" wait_for graphqlo "user +\(id: ID!\) User"
keys graphqlo Tab
literal graphqlo '"1"'
check "explorer: Tab wrote the field, its required argument and braces, the cursor at the argument" \
    wait_for graphqlo 'user\(id: "1"\) \{  \}'
keys graphqlo M-v
literal graphqlo '{"'
keys graphqlo C-Space
check "explorer: Ctrl+Space in the variables offers the operation's variables with their types" \
    wait_for graphqlo "role +Role"
keys graphqlo Tab
check "explorer: Tab writes the key" wait_for graphqlo '\{"role": '
keys graphqlo Escape
required "explorer: Esc stops editing (operations)" wait_for graphqlo "ctrl\+q quit"
keys graphqlo C-q
check "explorer: Ctrl+Q with unsaved changes asks (operations)" wait_for graphqlo "Discard \(Alt\+D\)"
sleep 0.7
keys graphqlo M-d
check "explorer: quits (operations)" wait_for graphqlo "lazer-exit=0"

# --- Headless: the same schema, the same positions -------------------------------------------------
printf 'query User {\n  user(id: "1") {\n    namex\n  }\n}\n' >"$WORK/typo.graphql"
output=$(cd "$WORK" && "$LAZER" send "http://127.0.0.1:$PORT/graphql" --graphql typo.graphql \
    --schema Collections/schema.graphql 2>&1)
status=$?
check "send --schema: a document that does not match is refused (exit 2)" test "$status" -eq 2
check "send --schema: its problem is at FILE:LINE:COLUMN" \
    grep -q 'typo.graphql:3:5: Cannot query field "namex" on type "User"' <<<"$output"
output=$(cd "$WORK" && "$LAZER" validate Collections 2>&1)
check "validate: the saved query passes" grep -q "^ok: Collections/api.json" <<<"$output"
check "validate: the introspected collection is checked against the schema the explorer cached" \
    grep -q "^note: Collections/introspected.json: the GraphQL schema by introspection, cached from http://127.0.0.1:$PORT/graphql" <<<"$output"

# === GraphQL subscriptions (branch gqlsub) =======================================================
# A subscription goes over a WebSocket (graphql-transport-ws) and streams in the Stream tab: the
# protocol's messages by their type, each response shown as JSON; Esc sends complete and closes with
# 1000 (the server saw both), F6 stops it too; the server's error is said in its words; lazer send
# prints one response a line.
ws_last_has() {
    "$PYTHON" -c "import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())" \
        "http://127.0.0.1:$PORT/ws-last" | grep -q -- "$1"
}
mkdir -p "$WORK/subs/Collections"
cat >"$WORK/subs/Collections/subs.json" <<JSON
{
  "formatVersion": 1,
  "id": "e2e-explorer-graphql-subscriptions",
  "name": "Subscriptions",
  "defaultEnvironment": "local",
  "requests": [
    {"id": "ticks", "name": "Ticks", "method": "POST", "url": "/graphql",
     "body": {"type": "graphql", "query": "subscription Ticks(\$n: Int!) { ticks(count: \$n, everyMilliseconds: 150) }",
              "variables": {"n": 1000}}},
    {"id": "typo", "name": "Typo", "method": "POST", "url": "/graphql",
     "body": {"type": "graphql", "query": "subscription { tick }"}}
  ],
  "environments": [{"name": "local", "kind": "live", "baseURL": "http://127.0.0.1:$PORT"}]
}
JSON
explorer gqlsub "$WORK/subs" --request Ticks
required "subscription: the request is selected" wait_for gqlsub "Request · Ticks"
check "subscription: it connects over ws://" wait_for gqlsub "→ ws://127.0.0.1:$PORT/graphql"
keys gqlsub F5
check "subscription: the protocol's messages by their type" wait_for gqlsub "↓ connection_ack"
check "subscription: responses stream in, the newest as JSON" wait_for gqlsub '"ticks": 3'
keys gqlsub Escape
check "subscription: Esc stops it, complete sent" wait_for gqlsub "↑ complete"
check "subscription: the answer is the upgrade's 101" wait_for gqlsub "101 Switching Protocols"
check "subscription: the server saw complete, then a 1000 close" ws_last_has '"complete"\], "pongs": 0, "close": 1000'
keys gqlsub F5
check "subscription: sent again, it streams" wait_for gqlsub "● streaming"
keys gqlsub F6
check "subscription: F6 stops it" wait_for gqlsub "[0-9]+ events · stopped"
keys gqlsub g 1 Down
check "subscription: the second request is selected" wait_for gqlsub "Request · Typo"
keys gqlsub F5
check "subscription: the server's error, in its words" \
    wait_for gqlsub "the server refused the subscription: Cannot"
keys gqlsub C-q
check "explorer: quits (subscriptions)" wait_for gqlsub "lazer-exit=0"
printf 'subscription Ticks($n: Int!) { ticks(count: $n) }\n' >"$WORK/ticks.graphql"
output=$("$LAZER" send "http://127.0.0.1:$PORT/graphql" --graphql "$WORK/ticks.graphql" --variables '{"n": 2}' 2>/dev/null)
check "send: a subscription prints one response a line" \
    test "$output" = $'{"data":{"ticks":1}}\n{"data":{"ticks":2}}'
# === end of GraphQL subscriptions (branch gqlsub) ================================================

finish
