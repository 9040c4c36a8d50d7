#!/usr/bin/env python3
"""Type-checks every Swift block of README.md, CONTRIBUTING.md and every DocC article as a reader
would copy it: an article's blocks, in order, and nothing else, against the public API of the
package's modules.

Each document becomes one Swift file, compiled alone with `swiftc -typecheck -parse-as-library`
against the modules of the debug build (run `swift build --build-tests` first). So a block must be
self-contained or build on an earlier block of the same document; a type that only a test defines,
or an internal symbol, is an error here, reported at the document's line.

What a reader is assumed to have written already, so that blocks need not repeat it:
`import Yaia`, `import Testing`, and, in a catalog's articles, `import` of the catalog's module.
Any other module a block uses, it imports itself (the check moves imports to the file's top).

A block whose outer lines are statements (`let shell = …`, `shell.send(…)`, `#expect(…)`) is the
body of a function: the check wraps it in `@MainActor func … async throws`, so it may `await` and
`try`. The file compiles in the Swift 6 language mode, as a package with tools version 6 does.

Markers, on the line before the block's opening fence:
- `<!-- illustration: not compiled -->`: a fragment (a manifest line, a signature); not compiled.
- `<!-- needs SwiftUI -->` or `<!-- needs UIKit -->`: compiled only where that framework is (the
  block, and its imports, are wrapped in `#if canImport(...)`), so on Linux only its syntax is
  checked.

A block in the README that shows part of an article's example says so with
`<!-- excerpt of Module/Article -->`: it is not compiled alone, but must stand, line for line,
in that article's blocks, which are; the README then names the article where the whole
example is.

A document that continues another of its catalog says so on a line of its own with
`<!-- builds on OtherArticle -->`: that article's blocks are compiled first, in the same file.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
documents = [root / "README.md", root / "CONTRIBUTING.md"] + sorted(
    (root / "Sources").glob("*/Documentation.docc/*.md")
)
modules = root / ".build" / "debug" / "Modules"
if not modules.is_dir():
    sys.exit("check-doc-blocks: no .build/debug/Modules; run `swift build --build-tests` first.")

# The C modules the Swift modules import (SQLite for GRDB, libyaml for Yams…): clang needs their
# module maps, as SwiftPM passes them when it builds a target.
module_maps = []
for path in sorted((root / ".build" / "checkouts").rglob("module.modulemap")):
    if re.search(r"^\s*module\s+\w+", path.read_text(), re.M):
        module_maps += ["-Xcc", f"-fmodule-map-file={path}"]

fence = re.compile(
    r"(?:<!-- (illustration: not compiled|needs SwiftUI|needs UIKit|excerpt of [\w/]+) -->\n[ \t]*)?"
    r"```swift\n(.*?)```", re.S)
import_line = re.compile(r"^\s*(@preconcurrency\s+)?import\s+[\w.]+\s*$")
# What may stand at a file's top level; a block with any other line at its outer indentation is
# the body of a function (statements, `#expect`), and the check wraps it in one.
declaration = re.compile(
    r"(@|//|/\*|\*|}|\)|]|#if|#else|#elseif|#endif|((public|private|fileprivate|internal|package|"
    r"final|open|nonisolated|static|mutating|indirect)\s+)*"
    r"(struct|enum|class|actor|protocol|extension|func|typealias|init|case|subscript|var\s+\w+\s*:"
    r"[^=]*\{|let\s+\w+\b)\b)")


def is_statements(code):
    """Whether a block is a function's body rather than declarations."""
    lines = [line for line in code.splitlines() if line.strip() and not import_line.match(line)]
    if not lines:
        return False
    indent = min(len(line) - len(line.lstrip()) for line in lines)
    return any(not declaration.match(line[indent:]) for line in lines
               if len(line) - len(line.lstrip()) == indent)


def generated(document):
    """The document's blocks as one Swift file, and, per generated line, the document's line
    (or `None` for a line the check adds)."""
    relative = document.relative_to(root)
    module = relative.parts[1] if relative.parts[0] == "Sources" else None
    imports = ["import Yaia", "import Testing"] + ([f"import {module}"] if module else [])
    body, origin = [], []
    blocks = 0
    text = document.read_text()
    for base in re.findall(r"^<!-- builds on (\w+) -->$", text, re.M):
        base_imports, base_body, base_origin, base_blocks = generated(
            document.with_name(base + ".md"))
        imports += [line for line in base_imports if line not in imports]
        body += base_body
        origin += base_origin
        blocks += base_blocks
    for match in fence.finditer(text):
        marker, code = match.group(1), match.group(2)
        if marker == "illustration: not compiled" or (marker or "").startswith("excerpt of"):
            continue
        blocks += 1
        first_line = text[: match.start(2)].count("\n") + 1
        framework = marker.split()[1] if marker else None
        if framework:
            body.append(f"#if canImport({framework})")
            origin.append(None)
        wrapped = is_statements(code)
        if wrapped:
            body.append(f"@MainActor func block{blocks}() async throws {{")
            origin.append(None)
        for offset, line in enumerate(code.splitlines()):
            at = f"{relative.name}:{first_line + offset}"
            if import_line.match(line):
                wrapped_import = (f"#if canImport({framework})\n{line.strip()}\n#endif"
                                  if framework else line.strip())
                if wrapped_import not in imports:
                    imports.append(wrapped_import)
                continue
            body.append(line)
            origin.append(at)
        if wrapped:
            body.append("}")
            origin.append(None)
        if framework:
            body.append("#endif")
            origin.append(None)
    return imports, body, origin, blocks


def excerpt_failures(document):
    """Messages for the document's excerpts that do not stand in the article they name."""
    text = document.read_text()
    messages = []
    for match in fence.finditer(text):
        marker = match.group(1) or ""
        if not marker.startswith("excerpt of"):
            continue
        line = text[: match.start(2)].count("\n") + 1
        where = f"{document.relative_to(root)}:{line}"
        module, _, article = marker.removeprefix("excerpt of ").partition("/")
        source = root / "Sources" / module / "Documentation.docc" / f"{article}.md"
        if not source.is_file():
            messages.append(f"{where}: error: no article {source.relative_to(root)} to excerpt")
            continue
        _, body, _, _ = generated(source)
        whole = [line.strip() for line in body if line.strip()]
        part = [line.strip() for line in match.group(2).splitlines()
                if line.strip() and not import_line.match(line)]
        if not any(whole[start : start + len(part)] == part for start in range(len(whole))):
            messages.append(f"{where}: error: this excerpt does not stand, line for line, in the"
                            f" blocks of {source.relative_to(root)}")
    return messages


def marked(marker):
    """How many blocks in all documents carry `marker`."""
    return sum(len(re.findall(rf"<!-- {marker}[^>]*-->\n[ \t]*```swift", d.read_text()))
               for d in documents)


failures = 0
checked = 0
for document in documents:
    for message in excerpt_failures(document):
        print(message)
        failures += 1
with tempfile.TemporaryDirectory(prefix="yaia-doc-blocks-") as scratch:
    for document in documents:
        imports, body, origin, blocks = generated(document)
        import_lines = "\n".join(imports).split("\n")
        lines = import_lines + body
        origin = ["import"] * len(import_lines) + origin
        if not blocks:
            continue
        checked += blocks
        name = document.relative_to(root)
        source = pathlib.Path(scratch) / (re.sub(r"\W", "_", str(name)) + ".swift")
        source.write_text("\n".join(lines) + "\n")
        result = subprocess.run(
            ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", str(modules), *module_maps,
             str(source)],
            capture_output=True, text=True)
        if result.returncode == 0:
            continue
        failures += 1
        # Point each diagnostic at the document's line; drop the compiler's notes on other files.
        for diagnostic in re.finditer(
                rf"^{re.escape(str(source))}:(\d+):(\d+): (error|warning): (.*)$",
                result.stderr, re.M):
            index = int(diagnostic.group(1)) - 1
            at = origin[index] if index < len(origin) else None
            if at == "import":
                where = f"{name} (an import the check adds)"
            else:
                folder = "" if name.parent == pathlib.Path(".") else f"{name.parent}/"
                where = f"{folder}{at}" if at else f"{name} (the end of its last block)"
            print(f"{where}: {diagnostic.group(3)}: {diagnostic.group(4)}")
        if "error:" not in result.stderr:
            print(f"{name}: swiftc failed:\n{result.stderr}")

print(f"check-doc-blocks: {checked} blocks compiled in {len(documents)} documents"
      f" ({marked('needs')} of them only where SwiftUI or UIKit is), {marked('excerpt of')} excerpts"
      f" checked against them, {marked('illustration')} illustrations not compiled;"
      f" {failures} documents or excerpts fail.")
sys.exit(1 if failures else 0)
