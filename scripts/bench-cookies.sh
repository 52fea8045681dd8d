#!/usr/bin/env bash
# `make bench-cookies`: what a request's cookie jar costs the curl transport. transport-bench
# (release) sends 5,000 sequential keep-alive GETs to one nginx on 127.0.0.1, each request with one
# shared CookieJar (as every `lazer run` request has) and without, in alternating rounds; prints
# the medians of wall and CPU time (user+sys) and the difference. nginx sets a cookie on every
# response, so the jar takes one in and sends it back each time. Results: bench-out/cookies.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bench-lib.sh
ensure_packages bench-cookies nginx curl python3 time

[[ -n "${SKIP_BUILD:-}" ]] || swift build -c release --product transport-bench
bench=.build/release/transport-bench
mkdir -p bench-out
bench_workdir cookies
port=$(bench_free_port)
bench_nginx_conf "    server {
        listen 127.0.0.1:$port;
        location / {
            default_type application/json;
            add_header Set-Cookie \"session=abc; Path=/\";
            return 200 '{\"ok\":true}';
        }
    }"
bench_start_nginx "http://127.0.0.1:$port/"

count=${COUNT:-5000}
run_one() {
    local label=$1
    shift
    /usr/bin/time -f "%e %U %S" -a -o "$work/$label.time" env "$@" "$bench" sequential "http://127.0.0.1:$port/items" "$count" >/dev/null
}
rounds=${ROUNDS:-7}
for round in $(seq "$rounds"); do
    if ((round % 2)); then
        run_one jar COOKIE_JAR=1
        run_one plain COOKIE_JAR=0
    else
        run_one plain COOKIE_JAR=0
        run_one jar COOKIE_JAR=1
    fi
done
{
    echo "bench-cookies $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)"
    echo "machine: $(bench_machine)"
    python3 - "$work/jar.time" "$work/plain.time" "$count" "$rounds" <<'PY'
import statistics, sys
def rows(path):
    return [[float(x) for x in line.split()] for line in open(path) if line.strip() and line[0].isdigit()]
jar, plain, count, rounds = rows(sys.argv[1]), rows(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
jw, pw = statistics.median(r[0] for r in jar), statistics.median(r[0] for r in plain)
jc, pc = statistics.median(r[1] + r[2] for r in jar), statistics.median(r[1] + r[2] for r in plain)
print(f"transport-bench, {count:,} sequential GETs on loopback (Set-Cookie on each), median of {rounds} rounds:")
print(f"  wall: with a cookie jar {jw:.3f} s   without {pw:.3f} s   difference {100 * (jw - pw) / pw:+.1f} %")
print(f"  CPU (user+sys): with a cookie jar {jc:.3f} s   without {pc:.3f} s   difference {100 * (jc - pc) / pc:+.1f} %")
PY
} | tee bench-out/cookies.md
