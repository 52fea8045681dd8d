#!/usr/bin/env python3
"""Every module a target imports is declared as its dependency in Package.swift.

SwiftPM's `--explicit-target-dependency-import-check` counts a dependency's dependencies: a target
that declares Explorer may import AnnotatedLocks because Explorer depends on it. This check does
not: it reads the manifest (`swift package dump-package`), scans each target's Swift files for
`import X` lines and fails when X is one of this package's targets (or a product of a package
dependency) that the target does not declare itself. System modules (Foundation, Glibc,
Testing, ...) are not checked.

    scripts/check-imports.py              check the package in the current folder
    scripts/check-imports.py --self-test  check that the check itself catches an undeclared import

`make lint` runs both.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

IMPORT = re.compile(
    r"^\s*(?:@[\w()]+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:class|struct|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)


def default_path(target):
    folder = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(folder, target["name"])


def declared(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def imports_in(folder):
    """(file, line number, module) for every import line under `folder`."""
    found = []
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
            for match in IMPORT.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append((path, line, match.group(1)))
    return found


def problems(manifest, root):
    """One message per import of a package module (a target here, or a product used anywhere in
    the manifest) that the importing target does not declare."""
    targets = {target["name"]: target for target in manifest["targets"]}
    products = set()
    for target in manifest["targets"]:
        for dependency in target.get("dependencies", []):
            if "product" in dependency:
                products.add(dependency["product"][0])
    checked = set(targets) | products
    messages = []
    for name, target in sorted(targets.items()):
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        folder = os.path.join(root, target.get("path") or default_path(target))
        allowed = declared(target) | {name}
        for path, line, module in imports_in(folder):
            if module in checked and module not in allowed:
                messages.append(
                    f"{os.path.relpath(path, root)}:{line}: target '{name}' imports {module} "
                    f"without declaring it in Package.swift"
                )
    return messages


def load_manifest(root):
    scratch = os.path.join(tempfile.gettempdir(), "lazer-check-imports-" + str(os.getuid()))
    output = subprocess.run(
        ["swift", "package", "--package-path", root, "--scratch-path", scratch, "dump-package"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(output)


def self_test():
    """A package where B imports A only through C (declared C → A) must be refused, and
    declaring A must make it pass."""
    with tempfile.TemporaryDirectory() as root:
        for name, text in {
            "A": "public let a = 1\n",
            "C": "import A\n",
            "B": "import C\n@testable import A\nimport Foundation\n",
        }.items():
            os.makedirs(os.path.join(root, "Sources", name))
            with open(os.path.join(root, "Sources", name, name + ".swift"), "w") as handle:
                handle.write(text)
        manifest = {
            "targets": [
                {"name": "A", "type": "regular", "dependencies": []},
                {"name": "C", "type": "regular", "dependencies": [{"byName": ["A", None]}]},
                {"name": "B", "type": "regular", "dependencies": [{"byName": ["C", None]}]},
            ]
        }
        found = problems(manifest, root)
        if len(found) != 1 or "target 'B' imports A" not in found[0] or ":2:" not in found[0]:
            print("check-imports self-test: an undeclared transitive import was not reported:", found)
            return 1
        manifest["targets"][2]["dependencies"].append({"target": ["A", None]})
        if problems(manifest, root):
            print("check-imports self-test: a declared import was reported:", problems(manifest, root))
            return 1
    print("check-imports self-test: ok")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = os.getcwd()
    found = problems(load_manifest(root), root)
    for message in found:
        print(message)
    if found:
        print(f"{len(found)} undeclared import(s): declare them in Package.swift (docs/architecture.md).")
        return 1
    print("check-imports: every import is declared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
