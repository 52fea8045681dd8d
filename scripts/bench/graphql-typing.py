#!/usr/bin/env python3
"""`make bench-graphql`'s second half (issue 28): key → frame while typing in the explorer's GraphQL
editor with a large schema loaded (GitHub's public SDL), a 300-line query open. The release `lazer`
runs in tmux with LAZER_BENCH_LOG; each key's arrival and the frame that reduced it are read from
that log (scripts/bench/explorer-bench.py's Lazer and Tmux, reused). Letters are typed at the end
of a field inside the query, so every key makes the document invalid and a check of it is asked for
(checks run off the program loop; the frame must not wait for them). Prints p50/p99/max against the
16 ms budget and whether the editor's check answered after the typing stopped.

Usage: graphql-typing.py --lazer BIN --schema SDL --query QUERY --work DIR [--keys N]
"""
import argparse
import importlib.util
import json
import os
import shutil
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("explorer_bench", os.path.join(HERE, "explorer-bench.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lazer", required=True)
    parser.add_argument("--schema", required=True)
    parser.add_argument("--query", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    args.lazer = os.path.abspath(args.lazer)
    args.schema = os.path.abspath(args.schema)
    args.query = os.path.abspath(args.query)
    args.work = os.path.abspath(args.work)
    shutil.rmtree(args.work, ignore_errors=True)
    collections = os.path.join(args.work, "Collections")
    os.makedirs(collections)
    shutil.copy(args.schema, os.path.join(collections, "schema.graphql"))
    with open(args.query) as handle:
        query = handle.read()
    with open(os.path.join(collections, "github.json"), "w") as handle:
        json.dump({
            "formatVersion": 1, "id": "graphql-typing-bench", "name": "GitHub", "defaultEnvironment": "live",
            "graphqlSchema": {"file": "schema.graphql"},
            "requests": [{"id": "q", "name": "Query", "method": "POST", "url": "/graphql",
                          "body": {"type": "graphql", "query": query}}],
            "environments": [{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:9"}],
        }, handle)

    os.chdir(args.work)
    tmux = bench.Tmux(os.path.join(args.work, "tmux.sock"))
    bench_args = argparse.Namespace(lazer=args.lazer, work=args.work)
    app = bench.Lazer(tmux, bench_args)
    app.start([os.path.join(collections, "github.json")], ["--request", "Query"])
    try:
        shown, _ = tmux.wait_for(lambda screen: "Request · Query" in bench.strip_styles(screen), 30)
        if shown is None:
            sys.exit("graphql-typing: the request did not open:\n" + bench.strip_styles(tmux.capture()))
        tmux.keys("M-3")
        loaded, _ = tmux.wait_for(
            lambda screen: any(word in bench.strip_styles(screen) for word in ("matches the schema", "problem")), 60)
        if loaded is None:
            sys.exit("graphql-typing: the schema was not loaded and checked within 60 s")
        # Into the editor, at the end of the query's third line (a field inside the selection).
        tmux.keys("Enter", "C-Home", "Down", "Down", "End")
        tmux.settle(0.3)
        since = bench.now()
        typed = 0
        for index in range(args.keys):
            tmux.keys("abcdefghijklmnopqrstuvwxyz"[index % 26])
            typed += 1
            time.sleep(0.02)
        checked, screen = tmux.wait_for(lambda screen: "problem" in bench.strip_styles(screen), 30)
        tmux.settle(0.5)
        latencies = sorted(app.key_latencies(since))
    finally:
        app.quit()
        tmux.close()
    if not latencies:
        sys.exit("graphql-typing: no key was logged")
    p50 = bench.percentile(latencies, 0.50)
    p99 = bench.percentile(latencies, 0.99)
    verdict = "within" if p99 <= 16 else "OVER"
    print("typing in the GraphQL editor, %s loaded, %d keys (%d logged): key → frame p50 %.2f ms, "
          "p99 %.2f ms, max %.2f ms — %s the 16 ms budget; the check answered after typing: %s"
          % (os.path.basename(args.schema), typed, len(latencies), p50, p99, latencies[-1], verdict,
             "yes" if checked is not None else "no"))


if __name__ == "__main__":
    main()
