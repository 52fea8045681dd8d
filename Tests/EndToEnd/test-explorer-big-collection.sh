# A big collection (issue 31, goal 4), as a user sees it: 200,000 requests (15 MB) open by their
# first rows at once, marked "reading…" while the rest is read; duplicating a request meanwhile
# is refused with a word (saving that first part would write 200 requests over 200,000); then the
# whole file is there (G reaches the last request) and the file on disk is byte for byte the same.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/explorer-lib.sh"

mkdir -p "$E2E_DIR/big"
python3 - "$E2E_DIR/big/big.json" <<'PY'
import json, sys
requests = [{"id": f"r{i}", "name": f"R{i}", "method": "GET", "url": f"/items/{i}"} for i in range(200000)]
collection = {"formatVersion": 1, "id": "e2e-big", "name": "Big", "defaultEnvironment": "live",
              "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:9"}],
              "requests": requests}
json.dump(collection, open(sys.argv[1], "w"))
PY
cp "$E2E_DIR/big/big.json" "$E2E_DIR/big.orig"

explorer big "$E2E_DIR/big" tui big.json
required "first look: the first requests, marked as still reading" wait_for big "Big · reading…"
check "first look: its first rows are listed" wait_for big "GET   R1$|GET   R1 "
keys big j j D
check "first look: a duplicate (a save) is refused with a word" wait_for big "big\.json is still being read"
check "whole: the marker goes once the file is read" wait_gone big "reading…" 60
keys big G
check "whole: G reaches the last of the 200,000" wait_for big "GET   R199999"
check "whole: the file is byte for byte as it was" cmp -s "$E2E_DIR/big/big.json" "$E2E_DIR/big.orig"

finish
