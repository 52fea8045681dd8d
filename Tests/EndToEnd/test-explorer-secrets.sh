# Issue 33 friction, as a user meets it in the real binary: a bearer token typed into the Auth tab
# is offered as a secret (Alt+Y keeps it in the secrets file, never in the collection file);
# Ctrl+S asks before it writes one in clear; the Headers tab shows the request as sent (the token
# masked) above the response's; "Export for Postman, with a file per environment…" writes each
# live environment beside the collection and F9 lists what it could not carry.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

WORK="$E2E_DIR/work"
mkdir -p "$WORK"
FILE="$WORK/api.json"
SECRETS="$XDG_CONFIG_HOME/lazer/secrets.json"
cat >"$FILE" <<'EOF'
{
  "formatVersion": 1, "id": "e2e-secrets-0000-4000-8000-000000000001", "name": "API", "defaultEnvironment": "dev",
  "environments": [
    { "name": "dev", "kind": "mock", "baseURL": "http://dev.mock", "routes": [
      { "method": "GET", "path": "/me", "response": { "status": 200, "headers": [{ "name": "X-Who", "value": "ada" }], "json": { "me": "ada" } } }]},
    { "name": "local", "baseURL": "http://localhost:8000" }],
  "requests": [
    { "id": "me", "name": "Me", "method": "GET", "url": "/me", "headers": [{ "name": "X-Trace", "value": "t-1" }],
      "auth": { "type": "bearer", "token": "" } },
    { "id": "other", "name": "Other", "method": "GET", "url": "/me", "auth": { "type": "bearer", "token": "" } }]
}
EOF

file_lacks() { ! grep -q -- "$1" "$FILE"; }

explorer main "$WORK" tui api.json --request me
required "start: Me is open" wait_for main "Request · Me"

# --- A token typed into the Auth tab -----------------------------------------------------------
keys main M-4 j Enter
literal main "tok-e2e-SECRET"
keys main Enter
required "offer: typing a token asks whether to keep it as a secret" wait_for main "Keep the bearer token as a secret\?"
check "offer: the token is not on screen" stays_absent main "tok-e2e-SECRET" 1
sleep 0.7
keys main M-y
check "offer: Alt+Y makes the field the secret's reference" wait_for main "\{\{token\}\}"
check "offer: the value is in the secrets file" wait_file "$SECRETS" "tok-e2e-SECRET"
check "offer: the collection file names the secret only" wait_file "$FILE" '"secret": true'
check "offer: ... and never holds the value" file_lacks "tok-e2e-SECRET"

# --- The request as sent -----------------------------------------------------------------------
keys main F5
keys main g 3 ] ]
check "sent: the Headers tab shows the request as sent" wait_for main "Request as sent"
check "sent: ... its method and final URL" wait_for main "GET http://dev.mock/me"
check "sent: ... its headers, the token masked" wait_for main "Authorization ••••••"
check "sent: ... then the response's headers" wait_for main "X-Who"
check "sent: the token is never on screen" stays_absent main "tok-e2e-SECRET" 1

# --- Ctrl+S with a token typed in clear --------------------------------------------------------
keys main g 1 j
required "save: Other is open" wait_for main "Request · Other"
keys main g 2 M-4 j Enter
literal main "other-e2e-SECRET"
keys main Enter
required "save: the offer comes" wait_for main "Keep the bearer token as a secret\?"
sleep 0.7
keys main M-n
check "save: Alt+N leaves it typed" wait_for main "Left as typed"
keys main C-s
check "save: Ctrl+S asks before writing it in clear" wait_for main "Save the bearer token in clear\?"
sleep 0.7
keys main Escape
check "save: Esc saves nothing, and says so" wait_for main "Not saved: the bearer token is still typed as itself"
check "save: ... the file lacks it" file_lacks "other-e2e-SECRET"
keys main C-s
required "save: asked again" wait_for main "Save the bearer token in clear\?"
sleep 0.7
keys main M-m
check "save: Alt+M saves it as a secret" wait_file "$FILE" '\{\{token2\}\}'
check "save: ... its value in the secrets file" wait_file "$SECRETS" "other-e2e-SECRET"
check "save: ... never in the collection file" file_lacks "other-e2e-SECRET"

# --- Export for Postman with environment files -------------------------------------------------
keys main C-p
literal main "file per environment"
keys main Enter
required "export: the prompt proposes a folder of its own" wait_for main "postman/api.postman_collection.json"
keys main Enter
check "export: the environment file is written" wait_file "$WORK/postman/local.postman_environment.json" "localhost:8000"
check "export: the collection beside it" wait_file "$WORK/postman/api.postman_collection.json" '_postman_id'
check "export: the notice counts the environment" wait_for main "1 Postman environment beside it"
check "export: what was not carried is listed" wait_for main "Not carried by the export"
keys main Escape F9
check "export: F9 lists it after the viewer is closed" wait_for main "Not carried by the export \(1\):"
check "export: no secret in the export" bash -c "! grep -rq SECRET '$WORK/postman'"
finish
