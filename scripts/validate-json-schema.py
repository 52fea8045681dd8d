#!/usr/bin/env python3
"""Validates JSON files against a JSON Schema (draft 2020-12) with python3-jsonschema.

usage: validate-json-schema.py SCHEMA FILE...
Prints one line per problem (`FILE: PATH: MESSAGE`) and exits 1 when any file is invalid,
2 when the validator itself is missing or the schema is broken.
"""
import json
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    print("python3-jsonschema is not installed; run `make deps`", file=sys.stderr)
    sys.exit(2)


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1], encoding="utf-8") as handle:
        schema = json.load(handle)
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # the schema itself is invalid
        print(f"{sys.argv[1]}: invalid schema: {error}", file=sys.stderr)
        return 2
    validator = Draft202012Validator(schema)
    failed = False
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.path))):
            where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.path).lstrip(".")
            print(f"{path}: {where or '(top level)'}: {error.message}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
