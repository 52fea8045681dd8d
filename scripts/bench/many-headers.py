#!/usr/bin/env python3
"""`make bench-headers`: many headers, before and after the linear-time fix, in one run.

Usage: many-headers.py BEFORE-LAZER AFTER-LAZER [ROUNDS]

A loopback server (a raw socket: Python's http.server refuses more than 100 headers) answers
every request with 200 and a small body; `/many` answers with 10,000 response headers. Three
cases, each run as whole `lazer` processes, the two binaries alternating (before, after, after,
before, ...) so a burst of other work on the machine lands on both:

  run-10k    `lazer run` of a collection whose one request carries 10,000 headers
  send-10k   `lazer send` with 10,000 `-H` options
  resp-10k   `lazer send` of a GET answered with 10,000 response headers

Prints a Markdown table: median and min–max wall time, median CPU time (user+sys), per case and
binary, and after/before; the machine, and the load average before and after.
"""

import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

COUNT = 10_000


def serve(listener):
    while True:
        try:
            connection, _ = listener.accept()
        except OSError:
            return
        threading.Thread(target=answer, args=(connection,), daemon=True).start()


def answer(connection):
    with connection:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(1 << 16)
            if not chunk:
                return
            data += chunk
        path = data.split(b" ", 2)[1]
        body = b'{"ok":true}'
        head = [b"HTTP/1.1 200 OK", b"Content-Type: application/json", b"Connection: close",
                b"Content-Length: %d" % len(body)]
        if path.startswith(b"/many"):
            head += [b"X-H-%05d: v" % i for i in range(COUNT)]
        connection.sendall(b"\r\n".join(head) + b"\r\n\r\n" + body)


def timed(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command[:3])} … exited {result.returncode}: {result.stderr.decode()[:400]}")
    return wall, cpu


def main():
    before_lazer, after_lazer = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    port = listener.getsockname()[1]
    threading.Thread(target=serve, args=(listener,), daemon=True).start()
    base = f"http://127.0.0.1:{port}"
    work = tempfile.mkdtemp(prefix="lazer-bench-headers.")
    collection = {
        "formatVersion": 1, "id": "00000000-0000-4000-8000-00000000b002", "name": "headers",
        "requests": [{
            "id": "many", "name": "many", "method": "GET", "url": base + "/echo",
            "headers": [{"name": f"X-H-{i:05d}", "value": "v"} for i in range(COUNT)],
        }],
    }
    path = os.path.join(work, "headers.json")
    with open(path, "w") as file:
        json.dump(collection, file)
    flags = [part for i in range(COUNT) for part in ("-H", f"X-H-{i:05d}: v")]
    cases = {
        "run-10k": lambda lazer: [lazer, "run", path],
        "send-10k": lambda lazer: [lazer, "send", base + "/echo"] + flags,
        "resp-10k": lambda lazer: [lazer, "send", base + "/many"],
    }
    binaries = {"before": before_lazer, "after": after_lazer}
    load_before = open("/proc/loadavg").read().split()[:3]
    results = {(case, name): [] for case in cases for name in binaries}
    for case, command in cases.items():
        for name, lazer in binaries.items():
            timed(command(lazer))  # warm-up
        for round in range(rounds):
            order = ["before", "after"] if round % 2 == 0 else ["after", "before"]
            for name in order:
                results[(case, name)].append(timed(command(binaries[name])))
    load_after = open("/proc/loadavg").read().split()[:3]
    model = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name"))
    print(f"Machine: {os.cpu_count()} cores, {model}; load average before {' '.join(load_before)}, "
          f"after {' '.join(load_after)}; {rounds} alternating rounds per case.\n")
    print("| case | before: wall median (min–max) | before: CPU | after: wall median (min–max) | after: CPU | after/before (wall) |")
    print("|---|---|---|---|---|---|")
    for case in cases:
        cells = []
        medians = {}
        for name in binaries:
            walls = [wall for wall, _ in results[(case, name)]]
            cpus = [cpu for _, cpu in results[(case, name)]]
            medians[name] = statistics.median(walls)
            cells.append(f"{medians[name] * 1000:,.0f} ms ({min(walls) * 1000:,.0f}–{max(walls) * 1000:,.0f})")
            cells.append(f"{statistics.median(cpus) * 1000:,.0f} ms")
        ratio = medians["after"] / medians["before"]
        print(f"| {case} | {' | '.join(cells)} | {ratio:.3f} |")


if __name__ == "__main__":
    main()
