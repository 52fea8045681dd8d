#!/usr/bin/env bash
# Makes .build/oauth-venv, a virtualenv with the pinned packages of the OAuth test server
# (scripts/oauth-server-requirements.txt, from PyPI), unless it is there with exactly those.
# Prints the virtualenv's python. Run by `make unit` and `make e2e`, and by the Swift test
# helper (OAuthTestServer) when the virtualenv is missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build/oauth-venv"
requirements="$root/scripts/oauth-server-requirements.txt"
stamp="$venv/requirements.txt"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$stamp"; then
    rm -rf "$venv"
    mkdir -p "$root/.build"
    python3 -m venv "$venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -r "$requirements" >&2
    cp "$requirements" "$stamp"
fi
echo "$venv/bin/python"
