#!/usr/bin/env python3
"""Checks that every public declaration in Sources/ has a `///` doc comment: each public
symbol says what it is and why. Members of a public protocol conformance that only restate
the protocol (description, init(from:), ...) are exempt when their extension names it."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
declaration = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?!extension)(?:[\w()]+\s+)*"
    r"(func|var|let|init|struct|class|enum|protocol|typealias|actor|subscript|associatedtype|case)\b")
exempt_names = {"description", "debugDescription"}
failures = 0
for path in sorted((root / "Sources").rglob("*.swift")):
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines):
        if not declaration.match(line):
            continue
        if any(re.search(rf"\b{name}\b", line) for name in exempt_names):
            continue
        previous = number - 1
        while previous >= 0:
            if lines[previous].strip() == ")":
                # The end of an attribute written over several lines: skip to its `@name(`.
                start = previous - 1
                while start >= 0 and start > previous - 12 and not re.match(r"^\s*@\w+\($", lines[start]):
                    start -= 1
                if start >= 0 and re.match(r"^\s*@\w+\($", lines[start]):
                    previous = start - 1
                    continue
                break
            if not re.match(r"^\s*(@\w+.*|#(if|else|endif).*)?$", lines[previous]):
                break
            if lines[previous].strip() == "":
                break
            previous -= 1
        if previous < 0 or not lines[previous].strip().startswith("///"):
            print(f"{path.relative_to(root)}:{number + 1}: public declaration without a /// doc comment: {line.strip()}")
            failures += 1
sys.exit(1 if failures else 0)
