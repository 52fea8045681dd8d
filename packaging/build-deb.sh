#!/usr/bin/env bash
# Builds lazer_VERSION_ARCH.deb with dpkg-deb from a built binary and packaging/generate.sh's output:
# the files `make install` installs, under /usr (zsh completions in Debian's vendor-completions, the
# man page gzipped, the binary stripped), /usr/share/doc/lazer/{copyright,changelog.gz}, lintian
# overrides (each explained in packaging/debian/lintian-overrides), md5sums, and a control file
# whose Depends dpkg-shlibdeps works out from the binary's shared libraries (libc6, libcurl4,
# libncursesw6, libtinfo6, libsqlite3-0, libstdc++6, libgcc-s1).
#
# Usage: packaging/build-deb.sh BINARY GENERATED-FOLDER OUT-FOLDER
# Prints the path of the .deb on its last line.
set -euo pipefail

binary=${1:?usage: build-deb.sh BINARY GENERATED-FOLDER OUT-FOLDER}
generated=${2:?usage: build-deb.sh BINARY GENERATED-FOLDER OUT-FOLDER}
out=${3:?usage: build-deb.sh BINARY GENERATED-FOLDER OUT-FOLDER}
here=$(cd "$(dirname "$0")" && pwd)
source_root=$(cd "$here/.." && pwd)

for tool in dpkg-deb dpkg-shlibdeps strip; do
    command -v "$tool" >/dev/null || { echo "build-deb.sh: $tool is missing (scripts/install-deps.sh --package)" >&2; exit 2; }
done

# The version `lazer --version` prints, from the source (the binary's own answer is checked below).
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' "$source_root/Sources/lazer/LazerVersion.swift")
[[ -n "$version" ]] || { echo "build-deb.sh: no version in Sources/lazer/LazerVersion.swift" >&2; exit 2; }
reported=$("$binary" --version)
[[ "$reported" == "$version" ]] || { echo "build-deb.sh: $binary says $reported, the source $version" >&2; exit 2; }
# The changelog's first entry must be this version: a release bumps both.
changelog_version=$(sed -n '1s/^lazer (\([^)]*\)).*/\1/p' "$here/debian/changelog")
[[ "$changelog_version" == "$version" ]] || {
    echo "build-deb.sh: packaging/debian/changelog starts at $changelog_version, lazer is $version: add an entry" >&2
    exit 2
}
architecture=$(dpkg --print-architecture)

mkdir -p "$out"
out=$(cd "$out" && pwd)
root="$out/root"
rm -rf "$root"
mkdir -p "$root"
# Files, folders and their modes as a package wants them, whatever the umask.
umask 022

DESTDIR="$root" BINDIR=/usr/bin DATADIR=/usr/share/lazer MANDIR=/usr/share/man/man1 \
    BASH_COMPLETION_DIR=/usr/share/bash-completion/completions \
    ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions \
    FISH_COMPLETION_DIR=/usr/share/fish/vendor_completions.d \
    MANIFEST=0 STRIP=1 GZIP_MAN=1 \
    "$here/install.sh" "$binary" "$generated/lazer.1" "$generated" >/dev/null

doc="$root/usr/share/doc/lazer"
mkdir -p "$doc"
install -m 644 "$here/debian/copyright" "$doc/copyright"
# A native package (the packaging lives upstream, the version has no Debian revision): its
# changelog is changelog.gz.
gzip -9n <"$here/debian/changelog" >"$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"

mkdir -p "$root/usr/share/lintian/overrides"
install -m 644 "$here/debian/lintian-overrides" "$root/usr/share/lintian/overrides/lazer"

# Depends: dpkg-shlibdeps reads the binary's NEEDED libraries and the shlibs/symbols files of the
# packages that ship them. It wants a debian/control in the folder it runs in.
work="$out/shlibdeps"
rm -rf "$work"
mkdir -p "$work/debian"
printf 'Source: lazer\n\nPackage: lazer\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -e"$root/usr/bin/lazer" 2>"$work/warnings" | sed -n 's/^shlibs:Depends=//p')
[[ -n "$depends" ]] || { cat "$work/warnings" >&2; echo "build-deb.sh: dpkg-shlibdeps found no Depends" >&2; exit 1; }
rm -rf "$work"

installed_size=$(du -sk --apparent-size "$root/usr" | cut -f1)
mkdir -p "$root/DEBIAN"
sed -e "s/@VERSION@/$version/" -e "s/@ARCHITECTURE@/$architecture/" -e "s/@DEPENDS@/$depends/" \
    -e "s/@INSTALLED_SIZE@/$installed_size/" "$here/debian/control.in" >"$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

deb="$out/lazer_${version}_${architecture}.deb"
rm -f "$deb"
# Reproducible: every file's time is the changelog's date; owned by root in the archive.
epoch=${SOURCE_DATE_EPOCH:-$(date -d "$(sed -n 's/^ -- .*>  //p' "$here/debian/changelog" | head -1)" +%s)}
find "$root" -exec touch -h -d "@$epoch" {} +
SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "Depends: $depends"
echo "$deb"
