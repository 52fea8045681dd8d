#!/usr/bin/env bash
# Installs a built lazer: the binary, the themes and sample collections, the man page and the shell
# completions, each under DESTDIR (packagers' staging root, default none) + its directory. Every file
# written, and every directory created, is listed in DATADIR/install-manifest (paths without
# DESTDIR), which `make uninstall` (packaging/uninstall.sh) reads to remove exactly those.
#
# Usage: packaging/install.sh BINARY MAN-PAGE COMPLETIONS-FOLDER
#   COMPLETIONS-FOLDER holds lazer.bash, _lazer and lazer.fish (packaging/generate.sh).
# Environment (the Makefile passes them): DESTDIR, BINDIR, DATADIR, MANDIR, BASH_COMPLETION_DIR,
#   ZSH_COMPLETION_DIR, FISH_COMPLETION_DIR; MANIFEST=0 writes no manifest (a .deb: dpkg keeps the
#   list), STRIP=1 strips the binary's symbols (a .deb), GZIP_MAN=1 installs lazer.1.gz (a .deb).
set -euo pipefail

binary=${1:?usage: install.sh BINARY MAN-PAGE COMPLETIONS-FOLDER}
man_page=${2:?usage: install.sh BINARY MAN-PAGE COMPLETIONS-FOLDER}
completions=${3:?usage: install.sh BINARY MAN-PAGE COMPLETIONS-FOLDER}
source_root=$(cd "$(dirname "$0")/.." && pwd)

: "${DESTDIR:=}"
: "${BINDIR:?}" "${DATADIR:?}" "${MANDIR:?}"
: "${BASH_COMPLETION_DIR:?}" "${ZSH_COMPLETION_DIR:?}" "${FISH_COMPLETION_DIR:?}"
: "${MANIFEST:=1}" "${STRIP:=0}" "${GZIP_MAN:=0}"

for file in "$binary" "$man_page" "$completions/lazer.bash" "$completions/_lazer" "$completions/lazer.fish"; do
    [[ -f "$file" ]] || { echo "install.sh: $file is missing (build it first)" >&2; exit 2; }
done
for dir in "$BINDIR" "$DATADIR" "$MANDIR" "$BASH_COMPLETION_DIR" "$ZSH_COMPLETION_DIR" "$FISH_COMPLETION_DIR"; do
    [[ "$dir" == /* ]] || { echo "install.sh: $dir is not an absolute path (PREFIX and the *DIR variables must be)" >&2; exit 2; }
done

manifest_path="$DESTDIR$DATADIR/install-manifest"
files=()
dirs=()
# Directories an earlier install created stay listed: a second install finds them existing, and
# uninstall must still remove them.
if [[ -f "$manifest_path" ]]; then
    while read -r kind path; do
        [[ "$kind" == d ]] && dirs+=("$path")
    done <"$manifest_path"
fi

# make_dir DIR: creates DESTDIR/DIR and the parents missing, recording each one created.
make_dir() {
    local dir=$1 missing=() parent
    parent=$dir
    while [[ -n "$parent" && "$parent" != / && ! -d "$DESTDIR$parent" ]]; do
        missing=("$parent" "${missing[@]}")
        parent=$(dirname "$parent")
    done
    for parent in "${missing[@]}"; do
        mkdir -m 755 "$DESTDIR$parent"
        dirs+=("$parent")
    done
}

# put SOURCE TARGET MODE: copies one file, recording it.
put() {
    local source=$1 target=$2 mode=$3
    make_dir "$(dirname "$target")"
    install -m "$mode" "$source" "$DESTDIR$target"
    files+=("$target")
}

put "$binary" "$BINDIR/lazer" 755
if [[ "$STRIP" == 1 ]]; then strip --strip-unneeded --remove-section=.comment --remove-section=.note "$DESTDIR$BINDIR/lazer"; fi

# Themes and the sample collections (with their body files and mock routes), as in the source tree;
# editor backups (`.name.bak`) and other dot files are left out.
for tree in themes Collections; do
    target_name=$([[ $tree == Collections ]] && echo collections || echo themes)
    while IFS= read -r -d '' file; do
        relative=${file#"$source_root/$tree/"}
        put "$file" "$DATADIR/$target_name/$relative" 644
    done < <(find "$source_root/$tree" -type f -not -name '.*' -print0 | sort -z)
done

if [[ "$GZIP_MAN" == 1 ]]; then
    make_dir "$MANDIR"
    gzip -9n <"$man_page" >"$DESTDIR$MANDIR/lazer.1.gz"
    chmod 644 "$DESTDIR$MANDIR/lazer.1.gz"
    files+=("$MANDIR/lazer.1.gz")
else
    put "$man_page" "$MANDIR/lazer.1" 644
fi
put "$completions/lazer.bash" "$BASH_COMPLETION_DIR/lazer" 644
put "$completions/_lazer" "$ZSH_COMPLETION_DIR/_lazer" 644
put "$completions/lazer.fish" "$FISH_COMPLETION_DIR/lazer.fish" 644

if [[ "$MANIFEST" == 1 ]]; then
    {
        echo "# Written by make install; make uninstall removes these files, then these folders when empty."
        for file in "${files[@]}" "$DATADIR/install-manifest"; do echo "f $file"; done
        if [[ ${#dirs[@]} -gt 0 ]]; then printf 'd %s\n' "${dirs[@]}" | sort -u; fi
    } >"$manifest_path.tmp"
    mv "$manifest_path.tmp" "$manifest_path"
    chmod 644 "$manifest_path"
fi
echo "Installed lazer into ${DESTDIR:-/}: $BINDIR/lazer, $DATADIR, $MANDIR, completions (${#files[@]} files)"
