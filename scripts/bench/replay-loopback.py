#!/usr/bin/env python3
"""`make bench-replay`, loopback half: the same 1,000 requests against one nginx on 127.0.0.1,
run by `lazer run` (JSONPath checks), by tavern (the same checks, from PyPI) and by one `curl -K`
process (no checks), in the same run. Prints a Markdown table; wall time of whole processes.

Usage: replay-loopback.py --lazer BIN --tavern-venv DIR --port PORT --work DIR [--rounds N]
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

REQUESTS = 1000


def collection(port):
    """A collection of 1,000 requests, each GET /items/N with three checks: status, and two
    JSONPath values ($.id exactly N, $.price 10.5)."""
    requests = []
    for n in range(1, REQUESTS + 1):
        requests.append({
            "id": f"item-{n}",
            "name": f"Item {n}",
            "method": "GET",
            "url": f"/items/{n}",
            "expectations": [
                {"subject": "status", "op": "equals", "value": 200},
                {"subject": "jsonPath", "path": "$.id", "op": "equals", "value": n},
                {"subject": "jsonPath", "path": "$.price", "op": "equals", "value": 10.5},
            ],
        })
    return {
        "formatVersion": 1,
        "id": "replay-loopback-bench",
        "name": "Loopback bench",
        "defaultEnvironment": "live",
        "environments": [{"name": "live", "kind": "live", "baseURL": f"http://127.0.0.1:{port}"}],
        "requests": requests,
    }


def tavern_suite(port):
    """The same 1,000 requests and checks as one tavern test of 1,000 stages (tavern's `json`
    matches the listed keys and values; other keys are ignored)."""
    lines = ["---", "test_name: loopback items", "stages:"]
    for n in range(1, REQUESTS + 1):
        lines += [
            f"  - name: item {n}",
            "    request:",
            f"      url: http://127.0.0.1:{port}/items/{n}",
            "      method: GET",
            "    response:",
            "      status_code: 200",
            "      json:",
            f"        id: {n}",
            "        price: 10.5",
            "      strict: false",
        ]
    return "\n".join(lines) + "\n"


def curl_config(port):
    lines = []
    for n in range(1, REQUESTS + 1):
        lines += [f'url = "http://127.0.0.1:{port}/items/{n}"', 'output = "/dev/null"']
    return "\n".join(lines) + "\n"


CPU = {}


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command, env=None, cwd=None):
    """Wall time of one run; its CPU time (user + system) is added to CPU[command[0]]."""
    cpu_start = children_cpu()
    start = time.perf_counter()
    completed = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    CPU.setdefault(command[0], []).append(children_cpu() - cpu_start)
    if completed.returncode != 0:
        sys.stderr.write(completed.stdout.decode(errors="replace")[-3000:])
        sys.stderr.write(completed.stderr.decode(errors="replace")[-3000:])
        raise SystemExit(f"failed ({completed.returncode}): {' '.join(command)}")
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lazer", required=True)
    parser.add_argument("--tavern-venv", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--tavern-rounds", type=int, default=3)
    parser.add_argument("--nginx-pid", type=int,
                        help="nginx's master: its worker and the clients are then also run pinned to one core")
    args = parser.parse_args()
    args.lazer = os.path.abspath(args.lazer)
    args.tavern_venv = os.path.abspath(args.tavern_venv)

    os.makedirs(args.work, exist_ok=True)
    collection_path = os.path.join(args.work, "loopback.json")
    with open(collection_path, "w") as file:
        json.dump(collection(args.port), file)
    tavern_path = os.path.join(args.work, "test_loopback.tavern.yaml")
    with open(tavern_path, "w") as file:
        file.write(tavern_suite(args.port))
    curl_path = os.path.join(args.work, "urls.curl")
    with open(curl_path, "w") as file:
        file.write(curl_config(args.port))

    home = os.path.join(args.work, "home")
    os.makedirs(home, exist_ok=True)
    lazer_env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=home + "/config", XDG_STATE_HOME=home + "/state",
                     NO_COLOR="1")
    # The default (human) reporter, piped: a line per request, as in CI. Exit status 0 means
    # every check passed (timed() fails on any other).
    lazer = [args.lazer, "run", collection_path, "--env", "live", "--no-history"]
    pytest = os.path.join(args.tavern_venv, "bin", "pytest")
    tavern = [pytest, "-q", "-p", "no:cacheprovider", tavern_path]
    curl = ["curl", "-s", "-K", curl_path]

    # One untimed run each: warm caches, and check every request passed.
    completed = subprocess.run(lazer, env=lazer_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    summary = completed.stdout.decode(errors="replace").strip().splitlines()[-1:]
    if completed.returncode != 0 or not summary or not summary[0].startswith(f"{REQUESTS} requests: {REQUESTS} passed"):
        raise SystemExit(f"lazer run did not pass every request (status {completed.returncode}): {summary}")
    timed(curl)
    timed(tavern, cwd=args.work)

    CPU.clear()
    tavern_times = []
    # Tavern (seconds of Python at full CPU each) after the pairs, so it does not sit between one.
    lazer_times, curl_times = pairs(lazer, lazer_env, curl, args.rounds)
    for _ in range(args.tavern_rounds):
        tavern_times.append(timed(tavern, cwd=args.work))
    lazer_median = statistics.median(lazer_times)
    curl_median = statistics.median(curl_times)
    tavern_median = statistics.median(tavern_times)

    def row(name, times, program, note):
        cpu = statistics.median(CPU[program]) * 1000
        return (f"| {name} | {statistics.median(times) * 1000:.0f} ms ({min(times) * 1000:.0f}–{max(times) * 1000:.0f}) "
                f"| {cpu:.0f} ms | {REQUESTS / statistics.median(times):,.0f} | {note} |")

    print(f"| 1,000 GETs on loopback nginx (whole process, median of {args.rounds} alternating pairs; tavern {args.tavern_rounds}) "
          "| wall (min–max) | CPU (user+sys) | requests/s (wall) | compared with lazer (wall) |")
    print("|---|---:|---:|---:|---|")
    print(row("`lazer run` (3 checks each: status, 2 JSONPath)", lazer_times, lazer[0], "—"))
    print(row("tavern (the same checks)", tavern_times, tavern[0],
              f"lazer is **{tavern_median / lazer_median:.1f}×** faster (goal ≥ 20×)"))
    print(row("`curl -K` (no checks)", curl_times, curl[0],
              f"lazer takes **{lazer_median / curl_median:.2f}×** curl's time (goal ≤ 1.5×; issue 31: ≤ 1.0×)"))
    if args.nginx_pid and shutil.which("taskset"):
        pinned(args, lazer, lazer_env, curl)


def pairs(lazer, lazer_env, curl, rounds, prefix=()):
    """Wall times of `rounds` runs of lazer and of curl in pairs, the order swapped every round
    so neither always runs first; each command behind `prefix` (taskset)."""
    lazer_times, curl_times = [], []
    for round_index in range(rounds):
        pair = [(lazer_times, [*prefix, *lazer], lazer_env), (curl_times, [*prefix, *curl], None)]
        for times, command, env in (pair if round_index % 2 == 0 else reversed(pair)):
            times.append(timed(command, env=env))
    return lazer_times, curl_times


def pinned(args, lazer, lazer_env, curl):
    """The same pair with nginx's worker and the client on one core (`taskset`): where the
    scheduler puts the two decides the free figures on a small machine (on two cores each request
    waits for two wake-ups across them), so the pinned ones compare the programs alone."""
    workers = subprocess.run(["pgrep", "-P", str(args.nginx_pid)], capture_output=True, text=True).stdout.split()
    if not workers:
        return
    for worker in workers:
        subprocess.run(["taskset", "-pc", "0", worker], capture_output=True)
    try:
        lazer_times, curl_times = pairs(lazer, lazer_env, curl, args.rounds, prefix=["taskset", "-c", "0"])
        lazer_median, curl_median = statistics.median(lazer_times), statistics.median(curl_times)
        print()
        print(f"| the same, nginx and the client pinned to one core (median of {args.rounds} alternating pairs) "
              "| wall (min–max) | compared with lazer (wall) |")
        print("|---|---:|---|")
        print(f"| `lazer run` | {lazer_median * 1000:.0f} ms ({min(lazer_times) * 1000:.0f}–{max(lazer_times) * 1000:.0f}) | — |")
        print(f"| `curl -K` | {curl_median * 1000:.0f} ms ({min(curl_times) * 1000:.0f}–{max(curl_times) * 1000:.0f}) "
              f"| lazer takes **{lazer_median / curl_median:.2f}×** curl's time |")
    finally:
        cores = f"0-{os.cpu_count() - 1}"
        for worker in workers:
            subprocess.run(["taskset", "-pc", cores, worker], capture_output=True)


if __name__ == "__main__":
    main()
