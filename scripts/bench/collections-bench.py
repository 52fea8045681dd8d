#!/usr/bin/env python3
"""`make bench-collections`: `lazer validate` and the explorer on collections of COUNT, 5,000 and
10 requests (see scripts/bench-collections.sh). The explorer runs in a tmux pane of its own at
120x40 with LAZER_BENCH_LOG, whose frame lines (monotonic ns) time the start, the first screen of
rows (a big file's first look: `collections=`), the frame once the whole file is read (`whole=`),
and each key (sent after the whole file is read)."""
import os, shutil, statistics, subprocess, sys, time

lazer, folder, count, work, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
socket = os.path.join(work, "tmux.sock")


def validate(path):
    start = time.monotonic()
    child = subprocess.Popen([lazer, "validate", path], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"bench-collections: lazer validate {path} failed")
    return time.monotonic() - start, usage.ru_maxrss / 1024


def tmux(*arguments):
    return subprocess.run(["tmux", "-S", socket] + list(arguments), capture_output=True, text=True).stdout


def frames(log):
    entries = []
    with open(log) as handle:
        for line in handle:
            parts = line.split()
            if len(parts) >= 2:
                entries.append((int(parts[0]), parts[1], " ".join(parts[2:])))
    return entries


def status(pid, field):
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def explorer(path, n):
    home = os.path.join(work, f"home-{n}")
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(home)
    log = os.path.join(work, f"frames-{n}.log")
    if os.path.exists(log):
        os.remove(log)
    env = {"HOME": home, "XDG_CONFIG_HOME": home + "/c", "XDG_STATE_HOME": home + "/s", "XDG_DATA_HOME": home + "/d",
           "TERM": "tmux-256color", "LAZER_BENCH_LOG": log}
    command = "env " + " ".join(f"{k}={v}" for k, v in env.items()) + f" {lazer} tui {os.path.abspath(path)}"
    tmux("kill-server")
    tmux("new-session", "-d", "-x", "120", "-y", "40", command)
    pid = int(tmux("display", "-p", "#{pane_pid}").strip())
    deadline = time.monotonic() + 120
    main = shown = whole = None
    resident_shown = None
    while time.monotonic() < deadline:
        time.sleep(0.01)
        if not os.path.exists(log):
            continue
        entries = frames(log)
        main = next((stamp for stamp, word, _ in entries if word == "main"), None)
        shown = next((stamp for stamp, word, fields in entries if word == "frame" and "collections=" in fields), None)
        whole = next((stamp for stamp, word, fields in entries if word == "frame" and "whole=" in fields), None)
        if shown and resident_shown is None:
            resident_shown = status(pid, "VmRSS")
        if main and whole:
            break
    if not shown or not whole:
        sys.exit(f"bench-collections: the explorer never drew {path}'s rows")
    resident_then = status(pid, "VmRSS")
    time.sleep(0.5)
    latencies = {}
    # Last, typing in the selected request's URL (ctrl+l edits it): completions look through the
    # whole collection's captured variables on every key.
    # Then the collections filter (`g 1`, `/`): every key filters the whole collection again.
    for label, first, keys in (("j/k at the top", None, "jjkkjjkk"), ("k after G", None, "Gkkkkkkk"),
                               ("typing in the URL", ["C-l"], "abcdefgh"),
                               ("filter as you type", ["Escape", "g", "1", "/"], "r9997531")):
        for key in first or []:
            tmux("send-keys", key)
            time.sleep(0.5)
        since = time.monotonic_ns()
        for key in keys:
            tmux("send-keys", key)
            time.sleep(0.25)
        time.sleep(0.5)
        values = []
        for stamp, word, fields in frames(log):
            if word != "frame" or "keys=" not in fields:
                continue
            for item in fields.split("keys=", 1)[1].split()[0].split(","):
                arrival = int(item.split("/", 1)[0])
                if arrival >= since and item.split("/", 1)[1] in set(keys) - {"G"}:
                    values.append((stamp - arrival) / 1e6)
        latencies[label] = max(values) if values else float("nan")
        # The filter's first key scores every request; each key after it only what the query
        # before matched (NavigatorFilterMatches).
        latencies[label + ", after the first key"] = max(values[1:]) if len(values) > 1 else float("nan")
        if os.environ.get("BENCH_KEYS"):
            print(f"{label}: " + " ".join(f"{value:.1f}" for value in values), file=sys.stderr)
    peak = status(pid, "VmHWM")
    tmux("kill-server")
    return (shown - main) / 1e9, (whole - main) / 1e9, resident_shown, resident_then, peak, latencies


print()
print(f"| requests | file | validate: wall (median of {rounds}) | peak | explorer: start → first screen of rows | resident then | start → whole file shown | resident then | peak | key → frame, j/k at the top (max) | k after G (max) | typing in the URL (max) | filter as you type (max) | filter, keys after the first (max) |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for n in (count, 5000, 10):
    path = f"{folder}/requests-{n}.json"
    runs = [validate(path) for _ in range(rounds)]
    wall = statistics.median(run[0] for run in runs)
    peak = statistics.median(run[1] for run in runs)
    shown, whole, resident_shown, resident, explorer_peak, keys = explorer(path, n)
    print(f"| {n:,} | {os.path.getsize(path) / 1e6:.1f} MB | {wall:.2f} s | {peak:.0f} MB | {shown * 1000:.0f} ms | "
          f"{resident_shown:.0f} MB | {whole * 1000:.0f} ms | {resident:.0f} MB | {explorer_peak:.0f} MB | "
          f"{keys['j/k at the top']:.1f} ms | {keys['k after G']:.1f} ms | {keys['typing in the URL']:.1f} ms | "
          f"{keys['filter as you type']:.1f} ms | {keys['filter as you type, after the first key']:.1f} ms |")
