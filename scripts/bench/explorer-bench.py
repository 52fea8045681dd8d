#!/usr/bin/env python3
"""`make bench-explorer`: the lazer explorer against Posting, both real programs in one tmux server.

Both programs run in the same 120x40 tmux pane, one after the other, on the same machine, the same
loopback server and the same bodies. The driver talks to tmux through one control-mode client
(`tmux -C`, pane output switched off), so sending a key or reading the screen costs one command on
an open pipe instead of a new tmux process:

* keys go in with `send-keys` (mouse clicks as SGR byte sequences with `send-keys -H`);
* the screen is read with `capture-pane -p -e` (text and colours) every POLL seconds; an event is
  timed at the first capture that shows it, so a figure is late by at most one poll interval plus
  one capture (the measured interval is printed with the results);
* start-up is timed from just before `respawn-pane` (tmux forks and execs the program);
* memory is VmRSS / VmHWM from /proc/PID/status, CPU is utime + stime from /proc/PID/stat
  (clock ticks, 10 ms each).

lazer also runs with LAZER_BENCH_LOG, so its own frame times (monotonic, written after each frame
went through ncurses) give a second, precise figure for every lazer row: start-up from the exec,
F5 to the first frame that draws tree rows, and each key's arrival to the frame that answers it.

Posting is configured (in its own throwaway config folder) to start with the collection tree
focused, to focus the response body when a response arrives, and not to blink its cursor (a
blinking cursor would change the screen by itself). Its request for the body is opened with a
mouse click on its row in the collection tree.

Usage (scripts/bench-explorer.sh prepares the arguments):
  explorer-bench.py --lazer BIN --posting BIN --collections DIR --bench-collection FILE
                    --posting-collections DIR --posting-bench DIR --work DIR [--rounds N]
                    [--send-rounds N] [--posting-send-rounds N] [--keys N] [--json FILE] [--skip-posting]
Prints a Markdown table on standard output; progress goes to standard error.
"""
import argparse
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

WIDTH, HEIGHT = 120, 40
POLL = 0.002
CLOCK_TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")


def log(message):
    print(message, file=sys.stderr, flush=True)


def now():
    return time.monotonic_ns()


class Tmux:
    """One tmux server with one 120x40 window, driven through a control-mode client."""

    def __init__(self, socket):
        self.socket = socket
        subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "bench",
                        "-x", str(WIDTH), "-y", str(HEIGHT), "sleep 1000000"], check=True)
        self.control = subprocess.Popen(
            ["tmux", "-S", socket, "-C", "attach-session", "-f", "no-output,ignore-size", "-t", "bench"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.reader = self.control.stdout
        self.buffer = b""
        # Attaching answers with one empty block of its own (flags 0) before any command's.
        while not self._line().startswith(b"%end "):
            pass
        self.command("set-option -g window-size manual")
        self.command("resize-window -t bench -x %d -y %d" % (WIDTH, HEIGHT))
        self.command("set-option -g remain-on-exit on")
        self.capture_intervals = []

    def _line(self):
        while b"\n" not in self.buffer:
            chunk = os.read(self.reader.fileno(), 1 << 20)
            if not chunk:
                raise RuntimeError("tmux control client ended")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def command(self, text):
        """Runs one tmux command; returns its output lines (raises on %error)."""
        self.control.stdin.write(text.encode() + b"\n")
        while True:
            line = self._line()
            if line.startswith(b"%begin ") and line.split()[3] == b"1":
                number = line.split()[2]
                break
        output = []
        while True:
            line = self._line()
            parts = line.split()
            if len(parts) >= 3 and parts[0] in (b"%end", b"%error") and parts[2] == number:
                if parts[0] == b"%error":
                    raise RuntimeError("tmux: %s: %s" % (text, b"\n".join(output).decode(errors="replace")))
                return [item.decode("utf-8", errors="replace") for item in output]
            output.append(line)

    def capture(self):
        return "\n".join(self.command("capture-pane -p -e -t bench"))

    def text(self):
        return "\n".join(self.command("capture-pane -p -t bench"))

    def respawn(self, command):
        self.command("respawn-pane -k -t bench " + quote(command))

    def pane_pid(self):
        return int(self.command("display-message -p -t bench '#{pane_pid}'")[0])

    def keys(self, *keys):
        self.command("send-keys -t bench " + " ".join(keys))

    def click(self, x, y):
        """A left click at 0-based cell (x, y), as SGR mouse reports."""
        data = ("\x1b[<0;%d;%dM\x1b[<0;%d;%dm" % (x + 1, y + 1, x + 1, y + 1)).encode()
        self.command("send-keys -t bench -H " + " ".join("%02x" % byte for byte in data))

    def wait_for(self, predicate, timeout, stable=None):
        """Polls the screen until predicate(capture) holds; returns (issue time ns, capture) or
        (None, last capture) after timeout seconds."""
        deadline = time.monotonic() + timeout
        last_issue = None
        while True:
            issued = now()
            if last_issue is not None:
                self.capture_intervals.append((issued - last_issue) / 1e6)
            last_issue = issued
            screen = self.capture()
            if predicate(screen):
                return issued, screen
            if time.monotonic() > deadline:
                return None, screen
            time.sleep(POLL)

    def settle(self, quiet=0.3, timeout=10):
        """Waits until the screen has not changed for `quiet` seconds."""
        previous, since = self.capture(), time.monotonic()
        deadline = since + timeout
        while time.monotonic() < deadline:
            time.sleep(0.01)
            screen = self.capture()
            if screen != previous:
                previous, since = screen, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return screen
        return previous

    def close(self):
        try:
            self.command("kill-server")
        except Exception:
            pass
        self.control.kill()
        self.control.wait()


def quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


def shell_command(args, env):
    return "exec env " + " ".join(quote("%s=%s" % item) for item in env.items()) + " " + " ".join(
        quote(arg) for arg in args)


def proc_status(pid):
    fields = {}
    with open("/proc/%d/status" % pid) as handle:
        for line in handle:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return fields


def rss_mb(pid, field="VmRSS"):
    return int(proc_status(pid)[field].split()[0]) / 1024


def cpu_ticks(pid):
    with open("/proc/%d/stat" % pid) as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def stop(pid):
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            try:
                with open("/proc/%d/stat" % pid) as handle:
                    if handle.read().rsplit(")", 1)[1].split()[0] == "Z":
                        return
            except (FileNotFoundError, ProcessLookupError):  # reaped between the two checks
                return
            time.sleep(0.02)


def strip_styles(screen):
    return re.sub(r"\x1b\[[0-9;:]*[a-zA-Z]", "", screen)


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = fraction * (len(ordered) - 1)
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


# MARK: - The programs


class App:
    name = ""

    def __init__(self, tmux, args):
        self.tmux, self.args = tmux, args
        self.pid = None
        self.launch_time = None

    def launch(self, command):
        self.launch_time = now()
        self.tmux.respawn(command)
        self.pid = self.tmux.pane_pid()

    def quit(self):
        if self.pid:
            stop(self.pid)
        self.pid = None


class Lazer(App):
    name = "lazer"

    def __init__(self, tmux, args):
        super().__init__(tmux, args)
        self.runs = 0
        self.log_path = None

    def start(self, paths, extra=()):
        self.runs += 1
        home = os.path.join(self.args.work, "lazer-home-%d" % self.runs)
        shutil.rmtree(home, ignore_errors=True)
        os.makedirs(home)
        self.log_path = os.path.join(self.args.work, "lazer-frames-%d.log" % self.runs)
        env = {"HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state",
               "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "TERM": "tmux-256color",
               "LAZER_BENCH_LOG": self.log_path}
        self.launch(shell_command([self.args.lazer] + list(paths) + list(extra), env))

    def frames(self):
        """The bench log: [(time ns, word, fields dict)]."""
        entries = []
        with open(self.log_path) as handle:
            for line in handle:
                parts = line.split()
                fields = {}
                for part in parts[2:]:
                    key, _, value = part.partition("=")
                    fields[key] = value
                entries.append((int(parts[0]), parts[1], fields))
        return entries

    def key_latencies(self, since):
        """Key arrival → the frame that reduced it, in ms, for keys that arrived after `since`."""
        latencies = []
        for stamp, word, fields in self.frames():
            if word != "frame" or "keys" not in fields:
                continue
            for item in fields["keys"].split(","):
                arrival = int(item.split("/", 1)[0])
                if arrival >= since:
                    latencies.append((stamp - arrival) / 1e6)
        return latencies


class Posting(App):
    name = "Posting"

    def __init__(self, tmux, args):
        super().__init__(tmux, args)
        self.runs = 0

    def start(self, collection):
        self.runs += 1
        home = os.path.join(self.args.work, "posting-home-%d" % self.runs)
        shutil.rmtree(home, ignore_errors=True)
        os.makedirs(home + "/config/posting")
        with open(home + "/config/posting/config.yaml", "w") as handle:
            handle.write("focus:\n  on_startup: collection\n  on_response: body\n"
                         "text_input:\n  blinking_cursor: false\n")
        env = {"HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
               "XDG_CACHE_HOME": home + "/cache", "TERM": "tmux-256color"}
        self.launch(shell_command([self.args.posting, "--collection", collection], env))


# MARK: - Measurements


def startup(app, start, marker):
    """Launch → first non-blank screen, and → `marker` (the collections) visible; in ms."""
    start()
    first, _ = app.tmux.wait_for(lambda screen: strip_styles(screen).strip() != "", 60)
    shown, _ = app.tmux.wait_for(lambda screen: marker in strip_styles(screen), 60)
    result = {"first": (first - app.launch_time) / 1e6 if first else None,
              "collections": (shown - app.launch_time) / 1e6 if shown else None}
    if isinstance(app, Lazer):
        app.tmux.settle(0.2)
        frames = app.frames()
        main = next(stamp for stamp, word, _ in frames if word == "main")
        first_frame = next(stamp for stamp, word, fields in frames if word == "frame" and "first" in fields)
        loaded = next(stamp for stamp, word, fields in frames if word == "frame" and "collections" in fields)
        result.update({"log_main": (main - app.launch_time) / 1e6, "log_first": (first_frame - app.launch_time) / 1e6,
                       "log_collections": (loaded - app.launch_time) / 1e6})
    app.quit()
    return result


def find_row(screen, text):
    for y, line in enumerate(strip_styles(screen).split("\n")):
        x = line.find(text)
        if x >= 0:
            return x, y
    return None


def send(app, marker, timeout):
    """Send key → the first rows of the body visible (ms); the app is running with the request open."""
    app.tmux.settle(0.3)
    sent = now()
    app.tmux.keys("F5" if isinstance(app, Lazer) else "C-j")
    shown, screen = app.tmux.wait_for(lambda screen: re.search(marker, strip_styles(screen)) is not None, timeout)
    result = {"tmux": (shown - sent) / 1e6 if shown else None}
    if isinstance(app, Lazer) and shown:
        app.tmux.settle(0.2)
        frames = app.frames()
        press = next(int(fields["keys"].split(",")[0].split("/")[0]) for stamp, word, fields in frames
                     if word == "frame" and "keys" in fields and "/F5" in fields["keys"]
                     and int(fields["keys"].split(",")[0].split("/")[0]) >= sent)
        # The whole body's tree (a large body shows a partial one first: `tree=N/partial`).
        tree = next(stamp for stamp, word, fields in frames
                    if word == "frame" and "tree" in fields and not fields["tree"].endswith("/partial")
                    and stamp >= press)
        parsing = next((stamp for stamp, word, fields in frames
                        if word == "frame" and fields.get("stage") == "parsing" and stamp >= press), None)
        result.update({"log": (tree - press) / 1e6, "log_parsing": (parsing - press) / 1e6 if parsing else None})
    return result


def keys_latency(app, key, count, keys_timeout, key_timeout=10):
    """Sends `key` `count` times, each after the screen settled; ms from send to the first capture
    that differs. Stops after keys_timeout seconds in all, or at a key that changed nothing within
    key_timeout seconds (recorded as key_timeout)."""
    latencies = []
    deadline = time.monotonic() + keys_timeout
    previous = app.tmux.settle(0.2)
    for index in range(count):
        if time.monotonic() > deadline:
            break
        sent = now()
        app.tmux.keys(key(index) if callable(key) else key)
        shown, screen = app.tmux.wait_for(lambda screen: screen != previous, key_timeout)
        if shown is None:
            latencies.append(key_timeout * 1000.0)
            break
        latencies.append((shown - sent) / 1e6)
        previous = app.tmux.settle(0.03)
    return latencies


def wait_idle(pid, quiet=1.0, timeout=600):
    """Waits until the process used no CPU for `quiet` seconds; returns the seconds waited."""
    start = time.monotonic()
    ticks, since = cpu_ticks(pid), time.monotonic()
    while time.monotonic() - start < timeout:
        time.sleep(0.1)
        current = cpu_ticks(pid)
        if current != ticks:
            ticks, since = current, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return since - start
    return time.monotonic() - start


def idle_cpu(pid, seconds):
    before = cpu_ticks(pid)
    time.sleep(seconds)
    return (cpu_ticks(pid) - before) * CLOCK_TICK_MS


def typed_key(index):
    """The keys typed into the body editor: letters, a space every 8 (tmux key names)."""
    if index % 8 == 7:
        return "Space"
    return "abcdefghijklmnopqrstuvwxyz"[index % 26]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lazer", required=True)
    parser.add_argument("--posting", required=True)
    parser.add_argument("--collections", required=True, help="the shipped Collections folder")
    parser.add_argument("--bench-collection", required=True, help="lazer collection file with api-8mb, api-40mb")
    parser.add_argument("--posting-collections", required=True, help="the same, converted for Posting")
    parser.add_argument("--posting-bench", required=True, help="converted shipped collections + Bench folder")
    parser.add_argument("--work", required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--send-rounds", type=int, default=3)
    parser.add_argument("--posting-send-rounds", type=int, default=1)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--posting-keys-seconds", type=float, default=120)
    parser.add_argument("--posting-timeout", type=float, default=900)
    parser.add_argument("--json", help="write the raw figures here")
    parser.add_argument("--skip-posting", action="store_true", help="lazer only (while working on lazer)")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    tmux = Tmux(os.path.join(args.work, "tmux.sock"))
    lazer, posting = Lazer(tmux, args), Posting(tmux, args)
    raw = {"lazer": {}, "posting": {}}
    try:
        # 1. Start-up with the shipped collections.
        for name in ("startup",):
            raw["lazer"][name], raw["posting"][name] = [], []
        for round_index in range(args.rounds):
            raw["lazer"]["startup"].append(
                startup(lazer, lambda: lazer.start([args.collections]), "JSONPlaceholder"))
            if not args.skip_posting:
                raw["posting"]["startup"].append(
                    startup(posting, lambda: posting.start(args.posting_collections), "JSONPlaceholder"))
            log("start-up round %d: lazer %s, Posting %s" % (
                round_index + 1, raw["lazer"]["startup"][-1], raw["posting"]["startup"][-1:]))

        # 2. Send → first tree rows, 8 MB and 40 MB; the last 40 MB run stays open for 3 and 4.
        bodies = (("8mb", "api 8 MB", r"\b25,?406 items", 25406), ("40mb", "api 40 MB", r"\b126,?818 items", 126818))
        for app, rounds in ((lazer, args.send_rounds), (posting, 0 if args.skip_posting else args.posting_send_rounds)):
            data = raw[app.name.lower()]
            for size, row_name, lazer_marker, _ in bodies:
                data["send-" + size] = []
                for round_index in range(rounds):
                    keep_open = size == "40mb" and round_index == rounds - 1
                    if app is lazer:
                        lazer.start([args.collections, args.bench_collection], ["--request", "api-" + size])
                        tmux.wait_for(lambda screen: ("/api-%s.json" % size) in strip_styles(screen), 30)
                        result = send(lazer, lazer_marker, 120)
                    else:
                        posting.start(args.posting_bench)
                        _, screen = tmux.wait_for(lambda screen: row_name in strip_styles(screen), 60)
                        tmux.settle(0.5)
                        x, y = find_row(tmux.capture(), row_name)
                        tmux.click(x, y)
                        tmux.wait_for(lambda screen: ("/api-%s.json" % size) in strip_styles(screen), 30)
                        result = send(posting, r'"id": 0,', args.posting_timeout)
                    data["send-" + size].append(result)
                    log("%s send %s round %d: %s" % (app.name, size, round_index + 1, result))
                    if keep_open:
                        measure_open(app, args, data)
                    app.quit()
    finally:
        lazer.quit()
        posting.quit()
        intervals = tmux.capture_intervals
        tmux.close()
    raw["poll"] = {"median_ms": statistics.median(intervals), "p99_ms": percentile(intervals, 0.99)}
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(raw, handle, indent=1)
    print(table(raw, args))


def measure_open(app, args, data):
    """With the 40 MB response on screen: memory, key latency scrolling and typing, idle CPU.

    Waits first until the program stopped working on the response (no CPU for 1 s): Posting goes
    on for a while after the first rows show."""
    tmux = app.tmux
    data["busy_after_rows_s"] = wait_idle(app.pid, 1.0, args.posting_timeout)
    tmux.settle(0.5)
    data["rss_open_mb"] = rss_mb(app.pid)
    log("%s: idle %.1f s after the first rows; %.0f MB resident" % (app.name, data["busy_after_rows_s"], data["rss_open_mb"]))
    key_timeout = 10 if isinstance(app, Lazer) else 60
    keys_budget = 600 if isinstance(app, Lazer) else args.posting_keys_seconds
    try:
        # Scroll the tree (lazer: focus the response pane, then j; Posting: its response body has
        # the focus already, Down moves its cursor line).
        if isinstance(app, Lazer):
            tmux.keys("g", "3")
            tmux.settle(0.2)
            since = now()
            data["scroll"] = keys_latency(app, "j", args.keys, keys_budget, key_timeout)
            data["scroll_log"] = app.key_latencies(since)
        else:
            data["scroll"] = keys_latency(app, "Down", args.keys, keys_budget, key_timeout)
        log("%s scroll: %d keys, p99 %.1f ms" % (app.name, len(data["scroll"]), percentile(data["scroll"], 0.99)))
        wait_idle(app.pid, 1.0, args.posting_timeout)
        # Type into the request's body editor.
        if isinstance(app, Lazer):
            tmux.keys("g", "2")
            tmux.settle(0.2)
            tmux.keys("M-3")
            tmux.settle(0.2)
            tmux.keys("Enter")
            tmux.settle(0.2)
            since = now()
            data["typing"] = keys_latency(app, typed_key, args.keys, keys_budget, key_timeout)
            data["typing_log"] = app.key_latencies(since)
        else:
            screen = tmux.settle(0.3)
            lines = strip_styles(screen).split("\n")
            tab_y = next(y for y, line in enumerate(lines) if re.search(r"Headers +Body\S* +Path", line))
            tmux.click(lines[tab_y].index("Body") + 1, tab_y)
            tmux.wait_for(lambda screen: "{}" in strip_styles(screen), 60)
            screen = tmux.settle(0.5)
            # The body text area: its "{}" line under the tabs.
            x, y = find_row(screen, "{}")
            tmux.click(x + 1, y)
            wait_idle(app.pid, 0.5, 60)
            data["typing"] = keys_latency(app, typed_key, args.keys, keys_budget, key_timeout)
        log("%s typing: %d keys, p99 %.1f ms" % (app.name, len(data["typing"]), percentile(data["typing"], 0.99)))
    except Exception as error:
        path = os.path.join(args.work, "%s-failed-screen.txt" % app.name)
        with open(path, "w") as handle:
            handle.write(strip_styles(tmux.capture()))
        log("%s: key tests stopped: %r (screen in %s)" % (app.name, error, path))
        data["key_error"] = repr(error)
    wait_idle(app.pid, 1.0, args.posting_timeout)
    tmux.settle(1.0)
    data["rss_after_mb"] = rss_mb(app.pid)
    data["hwm_mb"] = rss_mb(app.pid, "VmHWM")
    data["idle_cpu_ms"] = idle_cpu(app.pid, 10)
    data["screen"] = strip_styles(tmux.capture())
    log("%s memory %.0f MB (peak %.0f MB), idle CPU %.0f ms / 10 s" % (
        app.name, data["rss_after_mb"], data["hwm_mb"], data["idle_cpu_ms"]))


def table(raw, args):
    lazer, posting = raw["lazer"], raw["posting"]

    def ms(value):
        if value is None:
            return "—"
        if value >= 10_000:
            return "%.0f s" % (value / 1000)
        if value >= 1000:
            return "%.2f s" % (value / 1000)
        return "%.1f ms" % value if value < 100 else "%.0f ms" % value

    def median_of(runs, key):
        values = [run[key] for run in runs if run.get(key) is not None]
        return statistics.median(values) if values else None

    def spread(runs, key):
        values = [run[key] for run in runs if run.get(key) is not None]
        if not values:
            return "—"
        if len(values) == 1:
            return ms(values[0])
        return "%s (%s–%s)" % (ms(statistics.median(values)), ms(min(values)), ms(max(values)))

    def keys_cell(values):
        if not values:
            return "—"
        return "p50 %s, p99 %s, max %s (%d keys)" % (
            ms(percentile(values, 0.5)), ms(percentile(values, 0.99)), ms(max(values)), len(values))

    def goal(value, limit):
        if value is None:
            return "?"
        return "met" if value <= limit else "missed"

    rows = ["| measurement | lazer (tmux poll) | lazer (own frame log) | Posting 2.11.1 (tmux poll) | goal (lazer) |",
            "|---|---|---|---|---|"]
    start_lazer = median_of(lazer["startup"], "log_collections")
    rows.append("| start → first frame, 120×40, shipped Collections/ (median of %d, min–max) | %s | %s (main() at %s) | %s | ≤ 50 ms: %s |" % (
        args.rounds, spread(lazer["startup"], "first"), spread(lazer["startup"], "log_first"),
        ms(median_of(lazer["startup"], "log_main")), spread(posting["startup"], "first"),
        goal(median_of(lazer["startup"], "log_first"), 50)))
    rows.append("| start → collections shown | %s | %s | %s | |" % (
        spread(lazer["startup"], "collections"), spread(lazer["startup"], "log_collections"),
        spread(posting["startup"], "collections")))
    for size, limit in (("8mb", 200), ("40mb", 700)):
        label = "8 MB" if size == "8mb" else "40 MB"
        runs = lazer.get("send-" + size, [])
        rows.append("| send → first tree rows, %s JSON, loopback (lazer: median of %d; transfer done at %s) | %s | %s | %s | ≤ %d ms: %s |" % (
            label, len(runs), ms(median_of(runs, "log_parsing")), spread(runs, "tmux"), spread(runs, "log"),
            spread(posting.get("send-" + size, []), "tmux"), limit, goal(median_of(runs, "log"), limit)))
    for kind, label in (("scroll", "key → frame, scrolling the tree (j / Down)"),
                        ("typing", "key → frame, typing in the request body editor")):
        own = lazer.get(kind + "_log", [])
        rows.append("| %s, 40 MB response open | %s | %s | %s | p99 ≤ 16 ms: %s |" % (
            label, keys_cell(lazer.get(kind, [])), keys_cell(own), keys_cell(posting.get(kind, [])),
            goal(percentile(own, 0.99) if own else None, 16)))
    body_mb = 40.0
    rows.append("| after the first rows: busy until idle (no CPU for 1 s), 40 MB | %s | | %s | |" % (
        "%.1f s" % lazer["busy_after_rows_s"] if "busy_after_rows_s" in lazer else "—",
        "%.1f s" % posting["busy_after_rows_s"] if "busy_after_rows_s" in posting else "—"))
    rows.append("| resident memory, 40 MB response open (VmRSS after the key tests; peak VmHWM) | %.0f MB (peak %.0f MB) | | %s | ≤ 3× body = 120 MB: %s |" % (
        lazer.get("rss_after_mb", 0), lazer.get("hwm_mb", 0),
        "%.0f MB (peak %.0f MB)" % (posting["rss_after_mb"], posting["hwm_mb"]) if "rss_after_mb" in posting else "—",
        goal(lazer.get("rss_after_mb"), 3 * body_mb)))
    rows.append("| idle CPU over 10 s, 40 MB response open | %.0f ms | | %s | ≈ 0: %s |" % (
        lazer.get("idle_cpu_ms", 0), "%.0f ms" % posting["idle_cpu_ms"] if "idle_cpu_ms" in posting else "—",
        "met" if lazer.get("idle_cpu_ms", 1e9) <= 20 else "missed"))
    rows.append("")
    rows.append("tmux poll: one `capture-pane` every %.1f ms (median; p99 %.1f ms) — a tmux figure is late by up to "
                "one interval." % (raw["poll"]["median_ms"], raw["poll"]["p99_ms"]))
    return "\n".join(rows)


if __name__ == "__main__":
    main()
