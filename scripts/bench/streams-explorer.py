#!/usr/bin/env python3
"""The explorer step of `make bench-streams` (scripts/bench-streams.sh): the release `lazer` in tmux
(120×40) receives an SSE stream of RATE events a second for SECONDS from scripts/bench/sse-server.py
while a key (`k`, then `j`: the selection moves up and down the events list) is pressed every
INTERVAL; key → frame comes from lazer's own frame log (LAZER_BENCH_LOG: when the key was read,
when the frame that reduced it was drawn), as in `make bench-explorer`. At the end the Stream tab's
count must be RATE × SECONDS (no event lost); resident memory is read from /proc. Prints one JSON
object. The tmux driver and the log reader are explorer-bench.py's."""
import argparse
import importlib.util
import json
import os
import re
import sys
import time

spec = importlib.util.spec_from_file_location(
    "explorer_bench", os.path.join(os.path.dirname(os.path.abspath(__file__)), "explorer-bench.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lazer", required=True)
    parser.add_argument("--collection", required=True, help="a collection whose request `paced` streams")
    parser.add_argument("--work", required=True)
    parser.add_argument("--events", type=int, required=True, help="how many events the stream sends in all")
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between keys")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    tmux = bench.Tmux(os.path.join(args.work, "tmux.sock"))
    lazer = bench.Lazer(tmux, argparse.Namespace(lazer=args.lazer, work=args.work))
    result = {}
    try:
        lazer.start([args.collection], ["--request", "paced"])
        tmux.wait_for(lambda screen: "/paced" in bench.strip_styles(screen), 30)
        tmux.settle(0.5)
        tmux.keys("F5")
        shown, _ = tmux.wait_for(lambda screen: re.search(r"[\d,]+ events", bench.strip_styles(screen)), 30)
        if shown is None:
            sys.exit("streams-explorer: the stream never showed")
        tmux.keys("g", "3")
        since = bench.now()
        deadline = time.monotonic() + args.seconds - 1
        presses = 0
        peak = 0.0
        while time.monotonic() < deadline:
            tmux.keys("k" if (presses // 10) % 2 == 0 else "j")
            presses += 1
            peak = max(peak, bench.rss_mb(lazer.pid))
            time.sleep(args.interval)
        latencies = lazer.key_latencies(since)
        count = "{:,}".format(args.events)
        done, screen = tmux.wait_for(
            lambda screen: "Stream " + count in bench.strip_styles(screen), args.seconds + 60)
        result.update({
            "keys_pressed": presses,
            "keys_drawn": len(latencies),
            "key_p50_ms": bench.percentile(latencies, 0.5) if latencies else None,
            "key_p99_ms": bench.percentile(latencies, 0.99) if latencies else None,
            "key_max_ms": max(latencies) if latencies else None,
            "all_events": done is not None,
            "rss_streaming_peak_mb": peak,
            "rss_end_mb": bench.rss_mb(lazer.pid),
            "hwm_mb": bench.rss_mb(lazer.pid, "VmHWM"),
        })
        if done is None:
            result["screen"] = bench.strip_styles(screen or tmux.capture())
    finally:
        lazer.quit()
        tmux.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
