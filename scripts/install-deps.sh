#!/usr/bin/env bash
# Installs the Debian packages Lazer needs to build and test, when they are missing.
# As root it runs apt-get itself; otherwise it uses passwordless sudo, or prints the exact
# command to run and fails.
set -euo pipefail

# Keep this list in step with README.md (the paragraph under "Quick start" that names each package).
packages=(
    libncursesw5-dev     # CCurses: the wide-character ncurses headers and library
    libcurl4-openssl-dev # CCurl: libcurl with OpenSSL (TLS, HTTP/2 through nghttp2)
    libsqlite3-dev       # StateStore: SQLite (with FTS5) under GRDB for history, drafts, captures
    zlib1g-dev           # WebSocketTransport: zlib (through compress-nio) for permessage-deflate
    libjavascriptcoregtk-4.1-dev # CJavaScriptCore: JavaScriptCore's headers (the engine is loaded with dlopen)
    libjs-chai           # Scripting: Chai, for the scripts' pm.expect
    libjs-lodash         # Scripting: lodash, for the scripts' _ and require('lodash')
    tmux                 # end-to-end tests drive the real binary in tmux
    ncurses-bin          # tic: the end-to-end tests compile a direct-colour terminfo entry
    ncurses-term         # tmux-direct, xterm-direct: true colour when COLORTERM=truecolor
    xvfb                 # the clipboard test runs the real xclip against a virtual X server
    xclip                # the X11 clipboard helper the clipboard test copies through
    openssl              # tests generate throwaway TLS certificates
    python3              # helper scripts (benchmark body generators)
    python3-jsonschema   # Workspace tests validate the shipped collections against docs/collection.schema.json
    nginx                # CurlTransport tests: a real HTTP/2 (h2 over TLS) server, started by the tests only
    libxml2-utils        # xmllint: Replay tests validate the JUnit report against a published JUnit XML schema
    python3-pip          # scripts/fetch-junit-schema.sh: pip downloads that schema (in pytest's sdist) from PyPI
    man-db               # make test-install renders the generated man page with man -l
    chromium             # the HTML reports' e2e test opens them in headless Chromium (--dump-dom, --screenshot)
    nodejs               # Tests/EndToEnd/test-export-k6.sh: node --check on exported k6 scripts (k6 is not packaged)
)
# `make bench-json` only: the external references it measures against.
if [[ "${1:-}" == "--bench" ]]; then
    packages=(
        jq        # `jq .` is the reference formatter in the JSON benchmark
        hyperfine # whole-process timing of `lazer json` against `jq .`
    )
fi
# `make deb` and `make test-package` only (never `make test`): building and checking the package.
if [[ "${1:-}" == "--package" ]]; then
    packages=(
        dpkg-dev # dpkg-shlibdeps: the package's Depends from the binary's shared libraries
        binutils # strip: the packaged binary without its symbol tables
        lintian  # Debian's package checker (make test-package: no errors)
        man-db   # man -l: the packaged manual page renders
    )
fi
names=()
for entry in "${packages[@]}"; do names+=("${entry%% *}"); done

missing=()
for name in "${names[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$name" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$name")
done

if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi

command=(apt-get install -y --no-install-recommends "${missing[@]}")
echo "make deps: installing ${missing[*]}"
# RUNLEVEL=1 keeps Debian's maintainer scripts from starting nginx as a system service.
if [[ $(id -u) -eq 0 ]]; then
    export DEBIAN_FRONTEND=noninteractive RUNLEVEL=1
    apt-get update -qq
    "${command[@]}"
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo DEBIAN_FRONTEND=noninteractive apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 "${command[@]}"
else
    echo "make deps: missing packages and no root access. Run:" >&2
    echo "    sudo apt-get update && sudo ${command[*]}" >&2
    exit 1
fi
