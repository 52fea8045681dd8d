#!/usr/bin/env python3
"""The reference of `make bench-streams`: `curl -N URL | sse-lines.py` — a line-splitting SSE parser
(data lines joined, an event dispatched at a blank line, its data printed one line per event), as a
user would pipe curl into Python. Prints the count of events to stderr at the end."""
import sys


def main():
    data = []
    count = 0
    out = sys.stdout
    for raw in sys.stdin.buffer:
        line = raw.rstrip(b"\r\n").decode("utf-8", "replace")
        if not line:
            if data:
                out.write("\n".join(data) + "\n")
                count += 1
                data = []
        elif line.startswith("data:"):
            data.append(line[5:].lstrip(" ") if line.startswith("data: ") else line[5:])
    sys.stderr.write("%d events\n" % count)


if __name__ == "__main__":
    main()
