#!/usr/bin/env python3
"""Runs nginx for Lazer's HTTP/2 tests and ties its life to the test process.

Usage: nginx_guard.py NGINX FOLDER

FOLDER holds `nginx.conf.template`; every `@PORT_<name>@` in it becomes the port of a listening
socket this script binds on 127.0.0.1 (port 0: the kernel picks a free one) and hands to nginx
through the `NGINX` environment variable (nginx's inherited-sockets mechanism): no race for the
port, and the socket accepts connections before nginx has even started. The configuration is
checked with `nginx -t` first; then one line is printed: `PORTS <name>=<port>...`, or
`ERROR <nginx's message>`.

When standard input closes (the test process ended, even by a crash) nginx is stopped and FOLDER
removed. If nginx exits on its own, this script exits too.
"""

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading


def main():
    nginx, folder = sys.argv[1], sys.argv[2]
    with open(os.path.join(folder, "nginx.conf.template")) as template:
        configuration = template.read()
    listeners = {}
    for name in dict.fromkeys(re.findall(r"@PORT_(\w+)@", configuration)):
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        listener.listen(128)
        listeners[name] = listener
        configuration = configuration.replace(f"@PORT_{name}@", str(listener.getsockname()[1]))
    descriptors = tuple(listener.fileno() for listener in listeners.values())
    config_path = os.path.join(folder, "nginx.conf")
    with open(config_path, "w") as output:
        output.write(configuration)
    command = [nginx, "-p", folder, "-c", config_path, "-e", "stderr"]
    environment = dict(os.environ, NGINX="".join(f"{descriptor};" for descriptor in descriptors))
    check = subprocess.run(command + ["-t", "-q"], env=environment, pass_fds=descriptors,
                           stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if check.returncode != 0:
        message = " ".join(line for line in check.stderr.splitlines() if "inherited sockets" not in line)
        print(f"ERROR {message}", flush=True)
        shutil.rmtree(folder, ignore_errors=True)
        return 1
    server = subprocess.Popen(command, env=environment, pass_fds=descriptors,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ports = {name: listener.getsockname()[1] for name, listener in listeners.items()}
    for listener in listeners.values():
        listener.close()  # nginx holds them now: if nginx dies, connections are refused instead of hanging
    print("PORTS " + " ".join(f"{name}={port}" for name, port in ports.items()), flush=True)

    def watch():
        server.wait()  # nginx ended (on its own, or stopped below): clean up and end this script
        shutil.rmtree(folder, ignore_errors=True)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    try:
        sys.stdin.buffer.read()
    except (OSError, ValueError):
        pass
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)  # fast shutdown: the master stops its worker and exits
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
