#!/usr/bin/env bash
# Puts the official JSON-Schema-Test-Suite (json-schema-org, MIT licence) at .build/jsonschema-suite/
# for JSONSchemaTests' conformance test: its copy inside the `jsonschema` source distribution on
# PyPI (json/tests/draft2020-12, json/tests/draft7, json/remotes), and the draft 2020-12 and
# draft-07 meta-schemas from `jsonschema-specifications` (the suite's tests reference them).
# Both fetched with pip (pinned versions, checked hashes) and never committed to this repository.
# Prints the folder. `make unit` runs it; the test runs it too when the folder is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

suite_version=4.26.0
suite_sha256=0c26707e2efad8aa1bfc5b7ce170f3fccc2e4918ff85989ba9ffa9facb2be326
specifications_version=2025.9.1
specifications_sha256=b540987f239e745613c7a9176f3edb72b832a4ac465cf02712288397832b5e8d
destination=.build/jsonschema-suite

if [[ ! -s "$destination/VERSION" ]]; then
    work=$(mktemp -d /tmp/lazer-jsonschema-suite.XXXXXX)
    trap 'rm -rf "$work"' EXIT
    # Source distributions: pip prepares their metadata, fetching their build requirements from PyPI too.
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
        "jsonschema==$suite_version" "jsonschema-specifications==$specifications_version" -d "$work" >&2
    suite="$work/jsonschema-$suite_version.tar.gz"
    specifications="$work/jsonschema_specifications-$specifications_version.tar.gz"
    echo "$suite_sha256  $suite" | sha256sum --check --quiet
    echo "$specifications_sha256  $specifications" | sha256sum --check --quiet
    tar -xzf "$suite" -C "$work" "jsonschema-$suite_version/json"
    tar -xzf "$specifications" -C "$work" "jsonschema_specifications-$specifications_version/jsonschema_specifications/schemas"
    rm -rf "$destination"
    mkdir -p "$destination/tests"
    mv "$work/jsonschema-$suite_version/json/tests/draft2020-12" "$work/jsonschema-$suite_version/json/tests/draft7" \
        "$destination/tests/"
    mv "$work/jsonschema-$suite_version/json/remotes" "$destination/remotes"
    mv "$work/jsonschema_specifications-$specifications_version/jsonschema_specifications/schemas" "$destination/metaschemas"
    echo "jsonschema $suite_version, jsonschema-specifications $specifications_version" >"$destination/VERSION"
fi
echo "$PWD/$destination"
