#!/usr/bin/env python3
"""The Python side of make bench-jsonschema: the `jsonschema` package (PyPI, pinned by the
Makefile) on the same inputs as JSONSchemaBench: every required case of the JSON-Schema-Test-Suite
(draft 2020-12 and draft-07, remotes served from the suite's folder) and the 40 MB orders
document (formats off, as for Lazer). Prints one line per measurement, in milliseconds, wall
and CPU time (the machine may be shared: compare CPU with CPU)."""
import json, os, sys, time

import jsonschema
from referencing import Registry, Resource

suite, bodies = sys.argv[1], sys.argv[2]

resources = []
remotes = os.path.join(suite, "remotes")
for folder, _, files in os.walk(remotes):
    for name in files:
        if name.endswith(".json"):
            path = os.path.join(folder, name)
            uri = "http://localhost:1234/" + os.path.relpath(path, remotes)
            with open(path) as f:
                contents = json.load(f)
            try:
                resources.append((uri, Resource.from_contents(contents)))
            except Exception:
                pass
registry = Registry().with_resources(resources)

for draft, cls in [("draft2020-12", jsonschema.Draft202012Validator), ("draft7", jsonschema.Draft7Validator)]:
    directory = os.path.join(suite, "tests", draft)
    cases = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json"):
            with open(os.path.join(directory, name)) as f:
                for group in json.load(f):
                    for test in group["tests"]:
                        cases.append((group["schema"], test["data"], test["valid"]))
    start = time.perf_counter()
    cpu = time.process_time()
    agreed = 0
    for schema, data, valid in cases:
        try:
            if cls(schema, registry=registry).is_valid(data) == valid:
                agreed += 1
        except Exception:
            pass
    elapsed = (time.perf_counter() - start) * 1000
    cpu = (time.process_time() - cpu) * 1000
    print(f"python jsonschema {jsonschema.__version__}: suite {draft}: {len(cases)} cases, {agreed} as expected, {elapsed:.0f} ms (CPU {cpu:.0f} ms)")

with open(os.path.join(bodies, "orders.schema.json")) as f:
    schema = json.load(f)
validator = jsonschema.Draft202012Validator(schema)
times = []
for _ in range(2):
    start = time.perf_counter()
    with open(os.path.join(bodies, "orders.json"), "rb") as f:
        document = json.load(f)
    valid = validator.is_valid(document)
    times.append((time.perf_counter() - start) * 1000)
print(f"python jsonschema {jsonschema.__version__}: orders.json (40 MB): parse + validate best {min(times):.0f} ms, valid={valid}")
