#!/usr/bin/env bash
# Removes what `make install` installed, from the manifest it wrote (DATADIR/install-manifest):
# each file listed, then each folder it created, deepest first, when it is empty. Nothing else is
# touched: a file the manifest does not list stays, and a folder that still holds one stays too.
#
# Environment (the Makefile passes them): DESTDIR, DATADIR.
set -euo pipefail

: "${DESTDIR:=}"
: "${DATADIR:?}"
manifest="$DESTDIR$DATADIR/install-manifest"
if [[ ! -f "$manifest" ]]; then
    echo "uninstall.sh: no $manifest: nothing installed there by make install (same PREFIX and DESTDIR?)" >&2
    exit 1
fi

files=()
dirs=()
while read -r kind path; do
    case "$kind" in
        f) files+=("$path") ;;
        d) dirs+=("$path") ;;
        '#' | '') ;;
        *) echo "uninstall.sh: $manifest: unexpected line: $kind $path" >&2; exit 1 ;;
    esac
done <"$manifest"

removed=0
for file in "${files[@]}"; do
    # Only regular files (and a dangling or file symlink in their place) are removed.
    if [[ -f "$DESTDIR$file" || -L "$DESTDIR$file" ]]; then
        rm -f "$DESTDIR$file"
        removed=$((removed + 1))
    fi
done
kept_dirs=0
if [[ ${#dirs[@]} -gt 0 ]]; then
    while IFS= read -r dir; do
        if [[ -d "$DESTDIR$dir" ]]; then
            rmdir "$DESTDIR$dir" 2>/dev/null || kept_dirs=$((kept_dirs + 1))
        fi
    done < <(printf '%s\n' "${dirs[@]}" | sort -r)
fi
message="Removed $removed files installed by make install from ${DESTDIR:-/}"
[[ $kept_dirs -eq 0 ]] || message+=" ($kept_dirs folders kept: they hold other files)"
echo "$message"
