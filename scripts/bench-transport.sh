#!/usr/bin/env bash
# `make bench-transport`: CurlDispatcher against the curl CLI and wrk, on one nginx on 127.0.0.1.
#
#   1. 10,000 sequential keep-alive GETs of a small JSON body: lazer vs `curl -K` (10,000 URLs, one process).
#   2. 10,000 GETs with 32 in flight: lazer's requests/s vs `wrk -t2 -c32 -d5s`, and as a second reference
#      what libcurl itself does on this box: `curl --parallel --parallel-max 32` over the same 10,000 URLs.
#   3. Peak RSS (VmHWM) of lazer downloading a 1 GB body (which streams to a temporary file).
#   For 2, a third reference: scripts/bench/libcurl-floor.c, libcurl alone in C with lazer's options.
#
# lazer sends the request curl and wrk send (no Accept-Encoding); one extra row shows lazer's default
# request, which also asks for compression.
#
# Installs nginx and wrk (Debian) when missing; nginx is never started as a service, only as a
# child on a free loopback port with its files in a temporary folder. Results: bench-out/transport.md.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/bench-lib.sh
ensure_packages bench-transport nginx wrk curl python3 time

swift build -c release --product transport-bench
bench=.build/release/transport-bench

bench_workdir transport
# libcurl alone, in C, with lazer's options: the ceiling for any client on this libcurl.
compiler=$(command -v cc || command -v clang)
floor="$work/libcurl-floor"
"$compiler" -O2 -o "$floor" scripts/bench/libcurl-floor.c -lcurl

port=$(bench_free_port)
h2_port=$(bench_free_port)
mkdir -p "$work/www" "$work/tmp"
printf '{"id":1,"name":"lazer","tags":["fast","small"],"ok":true}\n' >"$work/www/small.json"
truncate -s 1G "$work/www/big.bin"
bench_nginx_conf "    sendfile on;
    tcp_nopush on;
    types { application/json json; application/octet-stream bin; }
    server {
        listen 127.0.0.1:$port;
        root $work/www;
    }
    server {
        listen 127.0.0.1:$h2_port http2;
        root $work/www;
    }"
base="http://127.0.0.1:$port"
bench_start_nginx "$base/small.json"

count=10000
rounds=${ROUNDS:-5}
# 10,000 requests take lazer and the C floor about 0.3 s against wrk's 5 s, so one hiccup of a shared
# host weighs far more on them: each round runs them $repeats times back to back (all runs count for
# the median, none is dropped).
repeats=${REPEATS:-3}
now() { date +%s.%N; }
# Runs a command under GNU time; prints its stdout, appends "wall user sys" seconds to file $1.
timed() {
    local log=$1
    shift
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@"
    cat "$work/time" >>"$log"
}
median() { python3 -c 'import sys, statistics; print(f"{statistics.median(float(x.split()[0]) for x in open(sys.argv[1])):.{sys.argv[2]}f}")' "$1" "${2:-3}"; }
cpu_us() { python3 -c 'import sys, statistics; print(f"{statistics.median(float(x.split()[1]) + float(x.split()[2]) for x in open(sys.argv[1])) / int(sys.argv[2]) * 1e6:.0f}")' "$1" "$2"; }

for _ in $(seq $count); do printf 'url = "%s/small.json"\noutput = "/dev/null"\n' "$base"; done >"$work/urls.curl"
: >"$work/rps.lazer"
: >"$work/rps.wrk"
: >"$work/rps.lazer-compressed"
: >"$work/rps.floor"
: >"$work/cpu.floor"
: >"$work/cpu.lazer-concurrent"
: >"$work/cpu.wrk"
: >"$work/time.curl-parallel"
# The machine is shared, so each measurement runs $rounds times, interleaved; medians are reported.
for round in $(seq "$rounds"); do
    # 1. Sequential keep-alive GETs: wall time of one process doing all $count.
    timed "$work/time.curl" curl -s -K "$work/urls.curl"
    timed "$work/time.lazer-sequential" "$bench" sequential "$base/small.json" $count >/dev/null
    # 2. 32 in flight: requests per second.
    timed "$work/cpu.wrk" wrk -t2 -c32 -d5s "$base/small.json" | awk '/Requests\/sec/ {print $2}' >>"$work/rps.wrk"
    for _ in $(seq "$repeats"); do
        timed "$work/cpu.lazer-concurrent" "$bench" concurrent "$base/small.json" $count 32 >>"$work/rps.lazer"
        COMPRESSED=1 "$bench" concurrent "$base/small.json" $count 32 >>"$work/rps.lazer-compressed"
        timed "$work/cpu.floor" "$floor" "$base/small.json" $count 32 >>"$work/rps.floor"
    done
    timed "$work/time.curl-parallel" curl -s --no-progress-meter --parallel --parallel-max 32 --parallel-immediate \
        -K "$work/urls.curl"
    echo "round $round done" >&2
done
curl_seconds=$(median "$work/time.curl")
lazer_seconds=$(median "$work/time.lazer-sequential")
wrk_rps=$(median "$work/rps.wrk" 0)
lazer_rps=$(median "$work/rps.lazer" 0)
lazer_compressed_rps=$(median "$work/rps.lazer-compressed" 0)
floor_rps=$(median "$work/rps.floor" 0)
floor_cpu=$(cpu_us "$work/cpu.floor" $count)
lazer_cpu=$(cpu_us "$work/cpu.lazer-concurrent" $count)
wrk_requests=$(python3 -c "import sys; print(int(float(sys.argv[1]) * 5))" "$wrk_rps")
wrk_cpu=$(cpu_us "$work/cpu.wrk" "$wrk_requests")
curl_cpu=$(cpu_us "$work/time.curl" $count)
curl_parallel_seconds=$(median "$work/time.curl-parallel")
curl_parallel_rps=$(python3 -c "print(f'{$count / $curl_parallel_seconds:.0f}')")
curl_parallel_cpu=$(cpu_us "$work/time.curl-parallel" $count)
lazer_sequential_cpu=$(cpu_us "$work/time.lazer-sequential" $count)

# Extra: the same load over one multiplexed HTTP/2 cleartext connection (prior knowledge).
h2c_rps=$("$bench" h2c "http://127.0.0.1:$h2_port/small.json" $count 32)

# 3. Peak RSS downloading 1 GB.
download=$("$bench" download "$base/big.bin")

ratio=$(python3 -c "print(f'{$lazer_seconds / $curl_seconds:.2f}')")
share=$(python3 -c "print(f'{100 * $lazer_rps / $wrk_rps:.0f}')")
curl_share=$(python3 -c "print(f'{100 * $curl_parallel_rps / $wrk_rps:.0f}')")
compressed_share=$(python3 -c "print(f'{100 * $lazer_compressed_rps / $wrk_rps:.0f}')")
floor_share=$(python3 -c "print(f'{100 * $floor_rps / $wrk_rps:.0f}')")
mkdir -p bench-out
{
    echo "| benchmark (median of $rounds rounds; 32-in-flight lazer and C runs $repeats per round) | lazer (CurlDispatcher) | reference | ratio |"
    echo "|---|---|---|---|"
    echo "| $count sequential keep-alive GETs | ${lazer_seconds} s (${lazer_sequential_cpu} µs CPU/request) | curl -K: ${curl_seconds} s (${curl_cpu} µs CPU/request) | ${ratio}× curl's time (goal ≤ 1.2×) |"
    echo "| $count GETs, 32 in flight | ${lazer_rps} req/s (${lazer_cpu} µs CPU/request) | wrk -t2 -c32 -d5s: ${wrk_rps} req/s (${wrk_cpu} µs CPU/request) | ${share} % of wrk (goal ≥ 70 %) |"
    echo "| $count GETs, 32 in flight, lazer's default request (adds Accept-Encoding) | ${lazer_compressed_rps} req/s | | ${compressed_share} % of wrk |"
    echo "| $count GETs, 32 in flight: libcurl alone (C, lazer's options, scripts/bench/libcurl-floor.c) | | ${floor_rps} req/s (${floor_cpu} µs CPU/request) | the ceiling on this libcurl: ${floor_share} % of wrk |"
    echo "| $count GETs, 32 in flight: libcurl's own reference | | curl --parallel --parallel-max 32: ${curl_parallel_rps} req/s (${curl_parallel_cpu} µs CPU/request) | curl itself reaches ${curl_share} % of wrk |"
    echo "| $count GETs, 32 in flight, HTTP/2 prior knowledge (h2c) | ${h2c_rps} req/s | | a fresh connection per request on libcurl < 8 (curl issue 10634) |"
    echo "| 1 GB download | ${download} | | goal: peak RSS < 100 MB |"
} | tee bench-out/transport.md
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(uname -sr), $(curl --version | head -1 | cut -d' ' -f1-2), nginx $(nginx -v 2>&1 | cut -d/ -f2)" | tee -a bench-out/transport.md
