#!/usr/bin/env bash
# Generates what `make install` installs besides the binary and the data, from the command-line
# definitions themselves (never hand-written copies that drift):
#   OUT/lazer.1                      swift-argument-parser's generate-manual plugin (`swift package
#                                    generate-manual`), which builds the package in CONFIGURATION
#                                    and runs its generate-manual tool on the lazer executable
#   OUT/lazer.bash, OUT/_lazer, OUT/lazer.fish
#                                    `lazer --generate-completion-script bash|zsh|fish`
# The manual's date is the last commit's (SOURCE_DATE_EPOCH when set), so two builds of one commit
# give the same page.
#
# Usage: packaging/generate.sh CONFIGURATION OUT   (CONFIGURATION: debug or release)
set -euo pipefail

configuration=${1:?usage: generate.sh debug|release OUT}
out=${2:?usage: generate.sh debug|release OUT}
SWIFT=${SWIFT:-swift}
cd "$(dirname "$0")/.."

binary=.build/$configuration/lazer
[[ -x "$binary" ]] || { echo "generate.sh: $binary is not built" >&2; exit 2; }

if [[ -n "${SOURCE_DATE_EPOCH:-}" ]]; then
    date=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)
elif date=$(git log -1 --format=%cd --date=format:%Y-%m-%d 2>/dev/null) && [[ -n "$date" ]]; then
    :
else
    date=$(date -u +%Y-%m-%d)
fi

mkdir -p "$out"
# Everything here follows from the binary and the date: when neither changed since the last run
# into OUT, the files there are still right (`make test`'s install check installs three times).
stamp="$out/.generated-from"
source_id="$(stat -c '%s %Y' "$binary") $date"
if [[ -s "$out/lazer.1" && -s "$out/lazer.fish" && "$(cat "$stamp" 2>/dev/null)" == "$source_id" ]]; then
    exit 0
fi
rm -f "$stamp"

# The plugin writes into its own work folder under .build/plugins; the page is copied from there.
plugin_out=.build/plugins/GenerateManual/outputs/lazer
rm -f "$plugin_out/lazer.1"
"$SWIFT" package generate-manual --configuration "$configuration" --date "$date" >"$out/generate-manual.log" 2>&1 || {
    cat "$out/generate-manual.log" >&2
    echo "generate.sh: swift package generate-manual failed" >&2
    exit 1
}
[[ -s "$plugin_out/lazer.1" ]] || {
    cat "$out/generate-manual.log" >&2
    echo "generate.sh: the plugin wrote no $plugin_out/lazer.1" >&2
    exit 1
}
# A blank line between paragraphs of a command's discussion comes through as an empty input line,
# which mdoc warns about (`man -l`, lintian's groff check): it becomes the paragraph macro, .Pp.
sed 's/^$/.Pp/' "$plugin_out/lazer.1" >"$out/lazer.1"

# A completion file is sourced by bash-completion, never run: the generated `#!/bin/bash` line goes
# (lintian: bash-completion-with-hashbang).
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' >"$out/lazer.bash"
"$binary" --generate-completion-script zsh >"$out/_lazer"
"$binary" --generate-completion-script fish >"$out/lazer.fish"
echo "$source_id" >"$stamp"
