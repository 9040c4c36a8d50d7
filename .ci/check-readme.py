#!/usr/bin/env python3
"""Checks that every Swift code block in README.md and in every DocC catalog's articles stands,
line for line, in the package's Swift sources or tests, so the documentation cannot drift from
code that compiles and runs.

It must stand where only public API is in reach, so that a reader can copy it: in a test file
without `@testable import`, or in the sources of another module than the one the catalog
documents (the sample app's, for the README). A block preceded by a line
`<!-- illustration: not compiled -->` is exempt. Lines are compared with surrounding white space
removed; blank lines and `import` lines are ignored (the imports a block shows are checked by
check-doc-blocks.py, which compiles each document's blocks alone).
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
documents = [root / "README.md", root / "CONTRIBUTING.md"] + sorted(
    (root / "Sources").glob("*/Documentation.docc/*.md")
)
# The sample app and the command line use the libraries as an app does: through public API.
app_modules = {"YaiaDemo", "YaiaCLI"}
sources = []
for folder in ("Sources", "Tests"):
    for path in sorted((root / folder).rglob("*.swift")):
        text = path.read_text()
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        sources.append((path.relative_to(root), lines, "@testable import" in text))


def public_api_only(path, testable, documented_module):
    """Whether code in `path` reaches only the documented module's public API."""
    if path.parts[0] == "Tests":
        return not testable
    module = path.parts[1]
    return module in app_modules if documented_module is None else module != documented_module


def places(block):
    """The files `block` stands in, line for line."""
    found = []
    for path, lines, testable in sources:
        for start in range(len(lines) - len(block) + 1):
            if lines[start] == block[0] and lines[start : start + len(block)] == block:
                found.append((path, testable))
                break
    return found


failures = 0
pattern = re.compile(r"(<!-- illustration: not compiled -->\n[ \t]*)?```swift\n(.*?)```", re.S)
for document in documents:
    text = document.read_text()
    name = document.relative_to(root)
    documented = name.parts[1] if name.parts[0] == "Sources" else None
    for match in pattern.finditer(text):
        if match.group(1):
            continue
        block = [line.strip() for line in match.group(2).splitlines()
                 if line.strip() and not re.match(r"(@preconcurrency\s+)?import\s", line.strip())]
        if not block:
            continue
        line_number = text[: match.start()].count("\n") + 1
        found = places(block)
        if not found:
            print(f"{name}:{line_number}: this Swift block is not in any file under Sources/ or Tests/.")
            print("  Keep documented examples as tests (or mark an illustration). Its first line:", block[0])
            failures += 1
        elif not any(public_api_only(path, testable, documented) for path, testable in found):
            print(f"{name}:{line_number}: this Swift block stands only where internal API is in reach:",
                  ", ".join(str(path) for path, _ in found))
            print("  Keep it in a test without @testable import (or in another module's code),"
                  " so that it compiles for a reader. Its first line:", block[0])
            failures += 1
sys.exit(1 if failures else 0)
