#!/usr/bin/env python3
"""`make bench-partial-tree` (issue 31, goal 3): how soon the explorer shows a large JSON body's
first screen. The release `lazer` runs in tmux at 120x40 with LAZER_BENCH_LOG; paced-body-server.py
answers a generated JSON body of about 1 GB, noting when its first MiB went out. Per round: the
time from that first MiB to the first frame that draws the partial tree (`tree=N/partial`) — the
goal is 200 ms — and, as the reference in the same run, to the frame that draws the whole body's
tree (what a user waited for before; Posting and the other peers show nothing until then).

Usage: partial-tree-bench.py --lazer BIN --port PORT --work DIR --body NAME --size BYTES
                             [--rates 0,50000000] [--rounds 3]"""
import argparse
import os
import statistics
import subprocess
import sys
import time

parser = argparse.ArgumentParser()
parser.add_argument("--lazer", required=True)
parser.add_argument("--port", type=int, required=True)
parser.add_argument("--work", required=True)
parser.add_argument("--body", required=True)
parser.add_argument("--size", type=int, required=True)
parser.add_argument("--rates", default="0,50000000")
parser.add_argument("--rounds", type=int, default=3)
args = parser.parse_args()

rates = [int(rate) for rate in args.rates.split(",")]
folder = os.path.join(args.work, "ws")
os.makedirs(os.path.join(folder, "Collections"), exist_ok=True)
requests = ",".join(
    f'{{"id": "r{index}", "name": "Rate {rate}", "method": "GET", "url": "/{args.body}?rate={rate}"}}'
    for index, rate in enumerate(rates))
with open(os.path.join(folder, "Collections", "big.json"), "w") as file:
    file.write(f'{{"formatVersion": 1, "id": "partial-bench", "name": "Big", "defaultEnvironment": "live",'
               f' "environments": [{{"name": "live", "kind": "live", "baseURL": "http://127.0.0.1:{args.port}"}}],'
               f' "requests": [{requests}]}}')
socket = os.path.join(args.work, "tmux.sock")


def tmux(*words):
    return subprocess.run(["tmux", "-S", socket, *words], capture_output=True, text=True).stdout


def frames(log):
    if not os.path.exists(log):
        return []
    rows = []
    for line in open(log):
        parts = line.split()
        if len(parts) < 2:
            continue
        fields = dict(part.split("=", 1) for part in parts[2:] if "=" in part)
        rows.append((int(parts[0]), parts[1], fields))
    return rows


def round_trip(index, round_number):
    log = os.path.join(args.work, f"log-{index}-{round_number}")
    note = os.path.join(args.work, "first-mib")
    if os.path.exists(note):
        os.remove(note)
    env = (f"env TERM=tmux-256color XDG_STATE_HOME={args.work}/state XDG_CONFIG_HOME={args.work}/config "
           f"LAZER_BENCH_LOG={log}")
    tmux("new-session", "-d", "-s", "bench", "-x", "120", "-y", "40", f"cd {folder} && {env} {args.lazer}")
    deadline = time.monotonic() + 30
    while not any("collections" in fields for _, _, fields in frames(log)) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    for _ in range(index):
        tmux("send-keys", "-t", "bench", "Down")
        time.sleep(0.3)
    tmux("send-keys", "-t", "bench", "F5")
    deadline = time.monotonic() + 300
    whole = partial = None
    while time.monotonic() < deadline:
        for stamp, word, fields in frames(log):
            tree = fields.get("tree")
            if word != "frame" or tree is None:
                continue
            if tree.endswith("/partial"):
                partial = partial or stamp
            else:
                whole = stamp
        if whole:
            break
        time.sleep(0.1)
    tmux("send-keys", "-t", "bench", "C-q")
    time.sleep(0.5)
    tmux("kill-server")
    first = int(open(note).read()) if os.path.exists(note) else None
    if first is None or whole is None:
        sys.exit(f"partial-tree-bench: round {round_number} of rate {rates[index]} did not finish")
    return (partial - first) / 1e6 if partial else None, (whole - first) / 1e6


print("| body | served at | first screen after the first MiB (partial tree) | whole tree after the first MiB "
      "| goal |")
print("|---|---|---:|---:|---|")
for index, rate in enumerate(rates):
    partials, wholes = [], []
    for round_number in range(args.rounds):
        partial, whole = round_trip(index, round_number)
        print(f"  rate {rate}: round {round_number + 1}: partial {partial} ms, whole {whole:.0f} ms", file=sys.stderr)
        if partial is not None:
            partials.append(partial)
        wholes.append(whole)
    served = "loopback, as fast as read" if rate == 0 else f"{rate / 1e6:.0f} MB/s"
    shown = (f"{statistics.median(partials):.0f} ms (best {min(partials):.0f}, worst {max(partials):.0f})"
             if partials else "none")
    print(f"| {args.size / 1e6:,.0f} MB JSON | {served} | {shown} | {statistics.median(wholes):,.0f} ms | ≤ 200 ms |")
