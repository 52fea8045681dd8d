# Shared by the end-to-end tests that run a sample collection from ../shared/interop-samples
# against a loopback server of ours (test-scripts-*.sh). Source it after setting SAMPLE_NAME:
# it takes the binary from $1 (or LAZER, as run-all.sh sets), sources lib.sh, finds the sample
# (LAZER_INTEROP_SAMPLES overrides the folder) or prints "skipped" and exits 0 when the sample
# is not on this machine, gives lazer its own state folders, and stops the servers at exit.
if [[ -z "${LAZER:-}" && -n "${1:-}" ]]; then
    LAZER=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    export LAZER
fi
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SAMPLES=${LAZER_INTEROP_SAMPLES:-$ROOT/../shared/interop-samples}
SAMPLE=$SAMPLES/$SAMPLE_NAME
if [[ ! -f "$SAMPLE" ]]; then
    echo "  skipped: ../shared/interop-samples not present ($SAMPLE)"
    finish
    exit
fi
export XDG_STATE_HOME="$E2E_DIR/state" XDG_CONFIG_HOME="$E2E_DIR/config"
mkdir -p "$XDG_STATE_HOME" "$XDG_CONFIG_HOME"

SERVER_PIDS=()
stop_servers() {
    local pid
    for pid in "${SERVER_PIDS[@]}"; do kill "$pid" 2>/dev/null; done
}
trap 'stop_servers; cleanup' EXIT

# start_server SCRIPT NAME [ARGS...]: a fresh `python3 SCRIPT 0 ARGS...` (it prints the port it
# took), logging to $E2E_DIR/NAME.log; sets PORT; fails when no port came.
start_server() {
    local script=$1 name=$2
    shift 2
    python3 "$HERE/$script" 0 "$@" >"$E2E_DIR/$name.port" 2>"$E2E_DIR/$name.log" &
    SERVER_PIDS+=($!)
    for _ in $(seq 200); do [[ -s "$E2E_DIR/$name.port" ]] && break; sleep 0.05; done
    PORT=$(head -1 "$E2E_DIR/$name.port")
    [[ "$PORT" =~ ^[0-9]+$ ]]
}
