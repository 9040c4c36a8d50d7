#!/usr/bin/env python3
"""A test that waits for something (a task's value, a stream's elements, a line from a child,
a child's exit, a socket's answer) bounds the wait by tens of seconds, so that only a hang
fails it, never a busy machine. Finds such waits in Tests/ bounded by less than 20 s.

A wait that is meant to run out (a test of the timeout itself) says so on its line or the line
before with `// short bound: <why>`.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
waits = re.compile(
    r"(value\(of:|firstElements\(|waitFor\(|exitStatus\(within:|rawExchange\(|waitUntil\(|waitUntilListening\()")
bound = re.compile(
    r"(?:timeout|within|limit):\s*(?:\.seconds\((\d+(?:\.\d+)?)\)|\.milliseconds\((\d+)\)|(\d+(?:\.\d+)?)\))")
# Waits whose library default bound is short: they must name their bound.
defaulted = re.compile(r"waitUntilListening\(\)")
failures = 0
for path in sorted((root / "Tests").rglob("*.swift")):
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines, 1):
        if defaulted.search(line):
            print(f"{path.relative_to(root)}:{number}: waitUntilListening() waits FlyingFox's "
                  "default 5 s; bound it by tens of seconds (timeout: 30).")
            failures += 1
        context = " ".join(lines[max(0, number - 4) : number])
        if not waits.search(context):
            continue
        for match in bound.finditer(line):
            seconds = (
                float(match.group(1)) if match.group(1)
                else int(match.group(2)) / 1000 if match.group(2)
                else float(match.group(3))
            )
            marked = "short bound:" in line or "short bound:" in lines[number - 2]
            if seconds < 20 and not marked:
                print(f"{path.relative_to(root)}:{number}: a wait bounded by {seconds:g} s; "
                      "bound it by tens of seconds (or mark it `// short bound: why`).")
                failures += 1
sys.exit(1 if failures else 0)
