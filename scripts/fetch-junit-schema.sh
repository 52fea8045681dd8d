#!/usr/bin/env bash
# Puts a published JUnit XML schema at .build/schemas/junit-10.xsd for the JUnit reporter's test
# (ReporterTests): junit-10.xsd, Apache Maven Surefire's report format as Jenkins reads it (MIT
# licence, Gregory Boissinot), which pytest ships in its source distribution on PyPI. It is
# fetched with pip (pinned version, checked hash) and never committed to this repository.
# Prints the schema's path. `make unit` runs it; the test runs it too when the file is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

version=9.2.0
sha256=97c4f3b1f3c7414aa36465e09b8220f1d03627993bd51b1282e193753c80557b
destination=.build/schemas/junit-10.xsd

if [[ ! -s "$destination" ]]; then
    work=$(mktemp -d /tmp/lazer-junit-schema.XXXXXX)
    trap 'rm -rf "$work"' EXIT
    # An sdist: pip prepares its metadata, fetching pytest's build requirements from PyPI too.
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
        "pytest==$version" -d "$work" >&2
    archive="$work/pytest-$version.tar.gz"
    echo "$sha256  $archive" | sha256sum --check --quiet
    tar -xzf "$archive" -C "$work" "pytest-$version/testing/example_scripts/junit-10.xsd"
    mkdir -p "$(dirname "$destination")"
    mv "$work/pytest-$version/testing/example_scripts/junit-10.xsd" "$destination"
fi
echo "$PWD/$destination"
