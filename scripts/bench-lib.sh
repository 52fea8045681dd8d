# Sourced by the loopback benchmark scripts (bench-sigv4-run.sh, bench-replay.sh, bench-transport.sh,
# bench-mock.sh): the scratch folder and its cleanup, free ports, nginx started as a child (never as
# a service) with its files in the scratch folder, and the machine line every result file starts with.
source "$(dirname "${BASH_SOURCE[0]}")/lib/ensure-packages.sh"

bench_pids=()
# bench_workdir NAME: a fresh scratch folder in $work; everything started with bench_track is stopped
# and the folder removed when the script exits.
bench_workdir() {
    work=$(mktemp -d "/tmp/lazer-bench-$1.XXXXXX")
    chmod 755 "$work"
    mkdir -p "$work/tmp"
    trap bench_cleanup EXIT
}
bench_track() { bench_pids+=("$1"); }
bench_cleanup() {
    local pid
    for pid in "${bench_pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}

# A TCP port free on 127.0.0.1 now.
bench_free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# bench_nginx_conf SERVERS: $work/nginx.conf, one worker, keep-alive without limit, no logging, the
# temporary files in $work/tmp, with SERVERS (server blocks and other http-level lines) inside http.
bench_nginx_conf() {
    cat >"$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path $work/tmp;
    proxy_temp_path $work/tmp;
    fastcgi_temp_path $work/tmp;
    uwsgi_temp_path $work/tmp;
    scgi_temp_path $work/tmp;
$1
}
CONF
}

# bench_start_nginx URL [COMMAND-PREFIX…]: starts nginx on $work/nginx.conf (behind the prefix, such
# as taskset), sets $nginx_pid, and waits until URL answers.
bench_start_nginx() {
    local url=$1
    shift
    "$@" nginx -c "$work/nginx.conf" -p "$work" -e "$work/error.log" &
    nginx_pid=$!
    bench_track "$nginx_pid"
    for _ in $(seq 100); do
        curl -sf -o /dev/null "$url" && return 0
        sleep 0.05
    done
    curl -sf -o /dev/null "$url"
}

# "N cores, CPU model, load average a b c": the conditions the figures were measured under.
bench_machine() {
    echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
