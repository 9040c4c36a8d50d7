#!/usr/bin/env python3
"""Checks that every Swift code block in README.md and in every DocC catalog's articles stands,
line for line, in the package's Swift sources or tests, so the documentation cannot drift from
code that compiles and runs.

A block preceded by a line `<!-- illustration: not compiled -->` is exempt. Lines are compared
with surrounding white space removed; blank lines are ignored.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
documents = [root / "README.md", root / "CONTRIBUTING.md"] + sorted(
    (root / "Sources").glob("*/Documentation.docc/*.md")
)
sources = [
    [line.strip() for line in path.read_text().splitlines() if line.strip()]
    for folder in ("Sources", "Tests")
    for path in sorted((root / folder).rglob("*.swift"))
]


def stands_in_some_source(block):
    for lines in sources:
        for start in range(len(lines) - len(block) + 1):
            if lines[start] == block[0] and lines[start : start + len(block)] == block:
                return True
    return False


failures = 0
pattern = re.compile(r"(<!-- illustration: not compiled -->\n[ \t]*)?```swift\n(.*?)```", re.S)
for document in documents:
    text = document.read_text()
    name = document.relative_to(root)
    for match in pattern.finditer(text):
        if match.group(1):
            continue
        block = [line.strip() for line in match.group(2).splitlines() if line.strip()]
        if block and not stands_in_some_source(block):
            line_number = text[: match.start()].count("\n") + 1
            print(f"{name}:{line_number}: this Swift block is not in any file under Sources/ or Tests/.")
            print("  Keep documented examples as tests (or mark an illustration). Its first line:", block[0])
            failures += 1
sys.exit(1 if failures else 0)
