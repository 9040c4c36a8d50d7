#!/usr/bin/env python3
"""Checks that the README's map of the sample app ("Where each idea of the articles lives")
names files and types that exist, so that it cannot go stale as the code moves.

Every backticked item in a cell of that table is checked (and, in any other README table, every
backticked path into the sample app or its tests):

- A path (it holds a `/` or ends in a file extension) must be a file or folder of the
  repository. A full path starts with `Sources/` or `Tests/`; a short one (`Home/HomeState.swift`
  after `Sources/YaiaDemo/Pairing/PairingState.swift` in the same cell) is read against the
  folder of the cell's previous full path, or one of that folder's parents up to its module's
  folder (`Sources/YaiaDemo`).
- A name (`Shell`, `DemoAppState.Command`, `Router.userNavigated`; a name starts with a capital
  letter or holds a dot) must be declared in Sources/ (`struct`, `enum`, `class`, `protocol`,
  `actor`, `typealias`, `associatedtype`, `func`, `var`, `let` or an enum `case`). For `A.B`, `A`
  must be a type, and `B` must be declared in a file that declares or extends `A`.
- A name in the sample-app column must also occur in the sample app's sources or tests (a
  type of a library the sample app no longer uses is a stale name there).
- Other backticked text (a key such as `o`, an option such as `--open`) is not checked.

Each row's sample-app cell must name at least one file that exists. Fails naming the row and
the stale item. Usage: python3 .ci/check-sample-map.py [README]
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
readme = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / "README.md"
MAP_HEADING = "Where each idea of the articles lives"
SAMPLE_PREFIXES = ("Sources/YaiaDemo", "Tests/YaiaDemoTests")

# What Sources/ declares: names, the files each is declared in, and the files extending a type.
TYPE_KEYWORDS = r"struct|enum|class|protocol|actor|typealias"
MEMBER_KEYWORDS = TYPE_KEYWORDS + r"|associatedtype|func|var|let"
declared_in = {}  # name -> set of files declaring it (any kind)
types = set()
extended_in = {}  # type name -> set of files that declare or extend it
type_declaration = re.compile(rf"\b(?:{TYPE_KEYWORDS})\s+([A-Za-z_]\w*)")
member_declaration = re.compile(rf"\b(?:{MEMBER_KEYWORDS})\s+([A-Za-z_]\w*)")
extension = re.compile(r"\bextension\s+([A-Za-z_][\w.]*)")
# An enum case declaration (`case a, b(Int)`), not a switch's pattern (`case .a:`, `case let`).
case_declaration = re.compile(r"^\s*(?:indirect\s+)?case\s+(?!let\b|var\b)([A-Za-z_].*)$")


def case_names(rest):
    """The names a `case` declaration declares: the identifiers at depth 0, before `=`."""
    names, depth, expect_name = [], 0, True
    for token in re.finditer(r"[A-Za-z_]\w*|[()\[\],=:]", rest.split("//")[0]):
        text = token.group()
        if text in "([":
            depth += 1
        elif text in ")]":
            depth -= 1
        elif depth == 0 and text == ",":
            expect_name = True
        elif depth == 0 and text in "=:":
            expect_name = False
        elif depth == 0 and expect_name:
            names.append(text)
            expect_name = False
    return names


for path in sorted((root / "Sources").rglob("*.swift")):
    relative = str(path.relative_to(root))
    for line in path.read_text().splitlines():
        code = line.split("//")[0]
        for match in type_declaration.finditer(code):
            types.add(match.group(1))
            extended_in.setdefault(match.group(1), set()).add(relative)
        for match in member_declaration.finditer(code):
            declared_in.setdefault(match.group(1), set()).add(relative)
        for match in extension.finditer(code):
            extended_in.setdefault(match.group(1).split(".")[-1], set()).add(relative)
        case = case_declaration.match(line)
        if case and not line.rstrip().endswith(":"):
            for name in case_names(case.group(1)):
                declared_in.setdefault(name, set()).add(relative)


sample_words = set()
for folder in SAMPLE_PREFIXES:
    for path in sorted((root / folder).rglob("*.swift")):
        sample_words.update(re.findall(r"[A-Za-z_]\w*", path.read_text()))


def tables(text):
    """Each table of the document: (line number of its header, the paragraph before it, rows),
    a row being (line number, cells)."""
    found, lines = [], text.splitlines()
    index = 0
    while index < len(lines):
        if lines[index].startswith("|") and index + 1 < len(lines) and re.match(
                r"^\|[\s:|-]+\|\s*$", lines[index + 1]):
            before = index - 1
            while before >= 0 and not lines[before].strip():
                before -= 1
            caption = lines[before] if before >= 0 else ""
            header = split_row(lines[index])
            rows = []
            index += 2
            while index < len(lines) and lines[index].startswith("|"):
                rows.append((index + 1, split_row(lines[index])))
                index += 1
            found.append((caption, header, rows))
        else:
            index += 1
    return found


def split_row(line):
    """The cells of a table row; `\\|` stays inside its cell."""
    cells = re.split(r"(?<!\\)\|", line.strip())
    return [cell.strip().replace("\\|", "|") for cell in cells[1:-1]]


def is_path(item):
    return "/" in item or re.search(r"\.(swift|ya?ml|json|xcstrings|md|py|sh)$", item)


def is_name(item):
    return re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", item) and (
        item[0].isupper() or "." in item)


def resolve(item, previous):
    """The repository path a backticked path names, or None."""
    if item.startswith(("Sources/", "Tests/")):
        return item if (root / item).exists() else None
    if previous is None:
        return None
    folder = pathlib.PurePosixPath(previous).parent
    module_depth = 2  # Sources/<Module>, Tests/<Target>
    while len(folder.parts) >= module_depth:
        candidate = folder / item
        if (root / candidate).exists():
            return str(candidate)
        folder = folder.parent
    return None


def name_problem(item):
    """Why a backticked name is not declared in Sources/, or None."""
    item = re.sub(r"\(.*\)$", "", item)
    parts = item.split(".")
    if len(parts) == 1:
        if parts[0] in types or parts[0] in declared_in:
            return None
        return f"`{item}` is declared nowhere in Sources/"
    owner, member = parts[-2], parts[-1]
    for part in parts[:-1]:
        if part not in types:
            return f"`{item}`: no type `{part}` is declared in Sources/"
    if member not in declared_in and member not in types:
        return f"`{item}`: no member `{member}` is declared in Sources/"
    files = declared_in.get(member, set()) | extended_in.get(member, set()) if member in types \
        else declared_in[member]
    if not files & extended_in.get(owner, set()):
        return f"`{item}`: `{member}` is declared only in files that neither declare nor extend `{owner}`"
    return None


text = readme.read_text()
name = readme.name
failures = []
map_found = False
for caption, header, rows in tables(text):
    is_map = MAP_HEADING in caption
    map_found |= is_map
    sample_column = next((i for i, cell in enumerate(header) if "sample app" in cell),
                         len(header) - 1)
    for line_number, cells in rows:
        row = cells[0] if cells else "?"
        where = f"{name}:{line_number}: row `{row}`" if is_map else f"{name}:{line_number}"
        for column, cell in enumerate(cells):
            previous = None
            existing_files = 0
            for item in re.findall(r"`([^`]+)`", cell):
                if is_path(item):
                    if not is_map and not item.startswith(SAMPLE_PREFIXES):
                        continue
                    resolved = resolve(item, previous)
                    if resolved is None:
                        failures.append(f"{where}: `{item}` is no file or folder of the repository"
                                        + ("" if item.startswith(("Sources/", "Tests/")) else
                                           f" (read against `{previous}`)" if previous else
                                           " (a short path needs a full one before it in its cell)"))
                        continue
                    if item.startswith(("Sources/", "Tests/")):
                        previous = resolved
                    existing_files += (root / resolved).is_file()
                elif is_map and is_name(item):
                    problem = name_problem(item)
                    if problem:
                        failures.append(f"{where}: {problem}")
                    elif column == sample_column:
                        unused = [part for part in re.sub(r"\(.*\)$", "", item).split(".")
                                  if part not in sample_words]
                        if unused:
                            failures.append(f"{where}: `{item}` is named as the sample app's, but"
                                            f" `{unused[0]}` occurs nowhere in {' or '.join(SAMPLE_PREFIXES)}")
            if is_map and column == sample_column and existing_files == 0:
                failures.append(f"{where}: its sample-app cell names no file that exists")

if not map_found:
    failures.append(f"{name}: no table under a line saying “{MAP_HEADING}”")
for failure in failures:
    print(failure)
if failures:
    print(f"check-sample-map: {len(failures)} problems in the README's map of the sample app;"
          " fix the rows above to name what the code holds now.")
sys.exit(1 if failures else 0)
