# Issue 30, environments edited where they are used, in the real binary: F2's manager adds an
# environment with a loopback server's base URL, its editor adds a secret variable (typed masked)
# that a request header uses; the send carries the value to the server; Ctrl+S writes the
# environment into the collection file and the value into the secrets file only; a copy of the
# environment pointed at another server is switched to and sent to.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

required "the alpha server starts" start_server alpha
ALPHA=$PORT
required "the beta server starts" start_server beta
BETA=$PORT
WORK="$E2E_DIR/work"
mkdir -p "$WORK"
FILE="$WORK/api.json"
SECRETS="$XDG_CONFIG_HOME/lazer/secrets.json"
cat >"$FILE" <<'JSON'
{
  "formatVersion": 1, "id": "e2e-envs-0000-4000-8000-000000000001", "name": "API", "defaultEnvironment": "dev",
  "environments": [
    { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "variables": [{ "name": "apiKey", "value": "dev-key" }],
      "routes": [{ "method": "GET", "path": "/who", "response": { "status": 200, "json": { "who": "mock" } } }] }],
  "requests": [
    { "id": "who", "name": "Who", "method": "GET", "url": "/who", "headers": [{ "name": "X-Api-Key", "value": "{{apiKey}}" }] }]
}
JSON
file_lacks() { ! grep -q -- "$1" "$FILE"; }
LOG="$E2E_DIR/server.log"

explorer main "$WORK" tui api.json --request who
required "start: Who is open" wait_for main "Request · Who"

# --- F2: a new environment, its base URL --------------------------------------------------------
keys main F2
required "manager: F2 lists the environments" wait_for main "Environments · API"
check "manager: ... with the mock's routes a key away" wait_for main "m routes"
keys main a
required "new: the name is asked" wait_for main "Name of the new environment"
literal main "alpha"
keys main Enter
required "new: the editor opens on it" wait_for main "Environment alpha · API"
literal main "http://127.0.0.1:$ALPHA"
keys main Enter
check "new: the base URL is kept" wait_for main "Base URL +http://127.0.0.1:$ALPHA"
check "new: it is an unsaved change" wait_for main "environment alpha \(live\) added"

# --- A secret variable, typed masked ------------------------------------------------------------
keys main a
literal main "apiKey"
keys main Enter
required "variable: added, its value next" wait_for main "Variable apiKey added"
# Esc and the next key apart: together they read as Alt+ the key.
keys main Escape
sleep 0.3
keys main s
check "variable: s makes it secret" wait_for main "apiKey +\(no value\)  secret"
keys main Enter
literal main "key-e2e-SECRET"
check "variable: the value is typed masked" stays_absent main "key-e2e-SECRET" 1
keys main Enter
check "variable: shown masked" wait_for main "apiKey +••••••"

# --- Switch to it and send: the server receives the value ---------------------------------------
keys main Escape
required "switch: Esc goes back to the manager" wait_for main "Environments · API"
keys main Enter
check "switch: Enter switches" wait_for main "Environment: alpha"
keys main F5
check "send: the alpha server receives the secret value" wait_file "$LOG" "^alpha GET /who key=key-e2e-SECRET$"

# --- Ctrl+S: the file holds the environment, never the value ------------------------------------
keys main C-s
check "save: the environment is in the file" wait_file "$FILE" "127.0.0.1:$ALPHA"
check "save: ... the variable named secret" wait_file "$FILE" '"secret": true'
check "save: ... never its value" file_lacks "key-e2e-SECRET"
check "save: the value is in the secrets file" wait_file "$SECRETS" "key-e2e-SECRET"
check "save: the notice says each change" wait_for main "Environment alpha \(live\) added · saved api.json"

# --- A copy pointed at the other server, switched to ----------------------------------------------
keys main F2
required "copy: the manager again" wait_for main "Environments · API"
keys main c
required "copy: the copy's name is asked" wait_for main "Name of the copy of alpha"
literal main "beta"
keys main Enter
required "copy: listed" wait_for main "beta +live"
keys main e Enter
literal main "http://127.0.0.1:$BETA"
keys main Enter Escape
sleep 0.3
keys main Enter
check "copy: switched to it" wait_for main "Environment: beta"
keys main F5
check "copy: the beta server receives the copied secret" wait_file "$LOG" "^beta GET /who key=key-e2e-SECRET$"
keys main C-s
check "copy: saved, its secret filed under its name" wait_file "$SECRETS" '"beta"'
check "copy: the file still lacks the value" file_lacks "key-e2e-SECRET"
finish
