#!/usr/bin/env bash
# Checks the .deb `make deb` built, as a user would meet it:
#   1. lintian (Debian's package checker): no errors (warnings and infos are printed, not fatal);
#   2. its Depends are all installable here (each one installed, or known to apt);
#   3. installed into a scratch root with dpkg (its own database: --root, --force-not-root), then
#      from there: `lazer --version`, `lazer run` against the sample mock collection (answered
#      offline by the mock environment), the themes found beside the binary, and `man -l` on the page;
#   4. removed with dpkg again, leaving nothing behind.
#
# Usage: packaging/test-package.sh DEB-FOLDER   (the folder build-deb.sh wrote the .deb into)
set -euo pipefail

folder=${1:?usage: test-package.sh DEB-FOLDER}
here=$(cd "$(dirname "$0")" && pwd)
"$here/../scripts/install-deps.sh" --package

shopt -s nullglob
debs=("$folder"/lazer_*.deb)
[[ ${#debs[@]} -eq 1 ]] || { echo "test-package.sh: expected one lazer_*.deb in $folder, found ${#debs[@]}" >&2; exit 2; }
deb=${debs[0]}
failures=0
pass() { echo "  ok   $1"; }
fail() {
    echo "  FAIL $1" >&2
    failures=$((failures + 1))
}

echo "== lintian $(basename "$deb")"
# Lintian exits non-zero for errors only with --fail-on error (the default also fails on warnings
# in newer releases): errors are what must not be there.
if lintian --fail-on error --tag-display-limit 0 "$deb"; then pass "lintian: no errors"; else fail "lintian reported errors"; fi

echo "== Depends"
depends=$(dpkg-deb -f "$deb" Depends)
echo "  $depends"
IFS=',' read -r -a alternatives_list <<<"$depends"
for entry in "${alternatives_list[@]}"; do
    name=$(echo "$entry" | sed -e 's/|.*//' -e 's/(.*//' -e 's/[[:space:]]//g')
    if [[ "$(dpkg-query -W -f='${Status}' "$name" 2>/dev/null)" == "install ok installed" ]]; then
        pass "$name installed"
    else
        fail "$name (from Depends) is not installed here"
    fi
done

echo "== installed into a scratch root"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/info"
touch "$root/var/lib/dpkg/status"
# The dependencies are this machine's (checked above), not the scratch root's.
if dpkg --root="$root" --force-not-root --force-depends --log=/dev/null -i "$deb" >"$root/dpkg.log" 2>&1; then
    pass "dpkg --root installs it"
else
    cat "$root/dpkg.log" >&2
    fail "dpkg --root could not install it"
fi
lazer="$root/usr/bin/lazer"
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$here/../Sources/lazer/LazerVersion.swift")
if [[ "$("$lazer" --version 2>&1)" == "$version" ]]; then pass "lazer --version: $version"; else fail "lazer --version did not print $version"; fi

work=$(mktemp -d)
run_output=$(cd "$work" && HOME="$work" XDG_STATE_HOME="$work/state" "$lazer" run "$root/usr/share/lazer/collections/jsonplaceholder.json" --env mock --no-history 2>&1) && status=0 || status=$?
if [[ $status -eq 0 && "$run_output" == *" passed"* ]]; then
    pass "lazer run against the sample mock collection: $(echo "$run_output" | tail -1)"
else
    echo "$run_output" >&2
    fail "lazer run against the sample mock collection exited $status"
fi
rm -rf "$work"

for theme in dark light monochrome high-contrast solarized-dark; do
    [[ -f "$root/usr/share/lazer/themes/$theme.json" ]] || fail "theme $theme missing from /usr/share/lazer/themes"
done
page=$(MANWIDTH=80 MANPAGER=cat man -l "$root/usr/share/man/man1/lazer.1.gz" 2>"$root/man.err") && status=0 || status=$?
if [[ $status -eq 0 && "$page" == *"lazer"* && "$page" == *"import"* && ! -s "$root/man.err" ]]; then
    pass "man -l lazer.1.gz renders ($(echo "$page" | wc -l) lines, no warnings)"
else
    cat "$root/man.err" >&2
    fail "man -l lazer.1.gz (status $status)"
fi
for completion in usr/share/bash-completion/completions/lazer usr/share/zsh/vendor-completions/_lazer \
    usr/share/fish/vendor_completions.d/lazer.fish; do
    [[ -s "$root/$completion" ]] && pass "/$completion" || fail "/$completion missing"
done
bash -n "$root/usr/share/bash-completion/completions/lazer" && pass "bash completion parses" || fail "bash completion does not parse"

echo "== removed with dpkg"
if dpkg --root="$root" --force-not-root --log=/dev/null --purge lazer >>"$root/dpkg.log" 2>&1; then
    left=$(cd "$root" && { find usr -type f 2>/dev/null || true; } | head -5)
    if [[ -z "$left" ]]; then pass "dpkg --purge leaves no file under /usr"; else fail "left after purge: $left"; fi
else
    cat "$root/dpkg.log" >&2
    fail "dpkg --purge failed"
fi

if [[ $failures -gt 0 ]]; then
    echo "test-package: $failures failed" >&2
    exit 1
fi
echo "test-package: all passed"
