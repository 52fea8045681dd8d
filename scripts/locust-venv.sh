#!/usr/bin/env bash
# Makes .build/locust-venv, a virtualenv with Locust from PyPI at the version pinned in
# scripts/locust-requirements.txt, unless it is there with exactly those requirements. Prints
# the virtualenv's locust. Run by `make e2e` before Tests/EndToEnd/test-export-locust.sh, which
# runs a `lazer export --format locust` file in Locust's master/worker mode. Locust has many
# dependencies (gevent, Flask, requests, …): pip resolves them, so --no-deps is not used here.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build/locust-venv"
requirements="$root/scripts/locust-requirements.txt"
stamp="$venv/requirements.txt"
if [ ! -x "$venv/bin/locust" ] || ! cmp -s "$requirements" "$stamp"; then
    rm -rf "$venv"
    mkdir -p "$root/.build"
    python3 -m venv "$venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements" >&2
    cp "$requirements" "$stamp"
fi
echo "$venv/bin/locust"
