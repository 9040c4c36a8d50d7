#!/usr/bin/env python3
"""A test that waits for something (a task's value, a stream's elements, a line from a child,
a child's exit, a socket's answer) bounds the wait by tens of seconds, so that only a hang
fails it, never a busy machine. Finds such waits in Tests/ bounded by less than 20 s.

A wait that is meant to run out (a test of the timeout itself) says so on its line or the line
before with `// short bound: <why>`.

Also finds blocking calls (a socket's `recv` or `accept`, `rawExchange`, `readDataToEndOfFile`,
`waitUntilExit`, `Thread.sleep`, `usleep`, a semaphore's `wait`) written where they run on Swift's cooperative pool: inside an
`async` function or a closure in one, outside `onThread { }` (or a `Thread { }` of its own).
The pool has one thread per core, two here: a test blocked in `recv` for the answer of an
in-process server starves that server and every test beside it (a whole suite once failed so).
A call that may block there (it cannot wait long) says why on its line with `// blocks: <why>`.
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


# Blocking calls on the cooperative pool.
blocking = re.compile(
    r"(?<![\w.])(recv\(|accept\(|rawExchange\(|readDataToEndOfFile\(|waitUntilExit\(\)|Thread\.sleep\("
    r"|usleep\()"
    # A semaphore's wait (an awaited `wait()` is an async signal's, and suspends instead).
    r"|(?<!await )(?<![\w.])(\w+\.wait\((?:timeout:[^)]*)?\))")
own_thread = re.compile(r"(onThread\s*(?:\([^)]*\))?\s*\{|Thread\s*\{|Thread\(block:\s*\{)")
async_func = re.compile(r"\bfunc\s+\w+[^{;]*?\basync\b[^{;]*\{")


def blanked(text):
    """`text` with string literals and comments blanked (newlines kept): braces in them are
    not code."""
    def blank(match):
        return re.sub(r"[^\n]", " ", match.group(0))
    text = re.sub(r'#*"""[\s\S]*?"""#*', blank, text)
    text = re.sub(r'#+"[^\n]*?"#+', blank, text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', blank, text)
    text = re.sub(r"//[^\n]*", blank, text)
    return text


def closing(text, opening):
    """The index of the brace that closes the one at `opening`."""
    depth = 0
    for index in range(opening, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(text)


for path in sorted((root / "Tests").rglob("*.swift")):
    original = path.read_text()
    text = blanked(original)
    lines = original.splitlines()
    exempt = []
    for match in own_thread.finditer(text):
        start = match.end() - 1
        exempt.append((start, closing(text, start)))
    for match in async_func.finditer(text):
        start = match.end() - 1
        end = closing(text, start)
        for call in blocking.finditer(text, start, end):
            if any(a <= call.start() <= b for a, b in exempt):
                continue
            number = text.count("\n", 0, call.start()) + 1
            if "blocks:" in lines[number - 1]:
                continue
            what = (call.group(1) or call.group(2)).split("(")[0]
            print(f"{path.relative_to(root)}:{number}: {what} blocks a thread of "
                  "the cooperative pool (two here); call it inside onThread { } "
                  "(or mark it `// blocks: why`).")
            failures += 1
sys.exit(1 if failures else 0)
