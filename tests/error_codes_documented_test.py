#!/usr/bin/env python3
"""Every error code the C++ (and the browser's device engine) emits is documented once, in one table.

The table is docs/protocol.md's "Errors" (its first column names one or more
codes in backticks). A code is emitted when a C++ source (outside tests), or
a TypeScript one of web/src/device (the engine on the device, whose answers
are the engine's),
holds it as a string literal of the form "area/what" in a place codes come
from: make_error("..."), a constant (`k... = "..."`), a code compared or
returned ("code", "..."), or any literal whose area is one of the codes'
areas. Fails, naming them, when a code is emitted and not in the table, in
the table twice, in the table and emitted nowhere, or in a code table of
another doc (which should link to the one instead).

ctest runs it as docs.error_codes: tests/error_codes_documented_test.py SOURCE_DIR.
It first checks itself on planted trees (a missing code, a doubled one, one
documented and emitted nowhere, one in another doc's table, one only in a
comment), so a scan that finds nothing cannot pass.
"""

import os
import re
import sys
import tempfile

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(__file__), ".."))
TABLE_DOC = "docs/protocol.md"
SOURCES = ["core", "room", "server", "store", "cli", "games", "bots", "search", "python/ext",
           # The device's engine in the browser answers as the engine does.
           "web/src/device"]
# "a/b" literals that are not codes: media types, figures' units, routes.
NOT_CODES = re.compile(
    r"^(application|image|text|font|audio|video)/|/s$|^alloc/|^ns/|^friends/|^invitations/")
LITERAL = re.compile(r'"([a-z]+/[a-z_]+)"')


def emitted(root):
    codes = {}
    for top in SOURCES:
        for dirpath, dirnames, files in os.walk(os.path.join(root, top)):
            dirnames[:] = [d for d in dirnames if d not in ("tests", "build", "node_modules")]
            for f in files:
                if not f.endswith((".cpp", ".h", ".ts", ".tsx")) or f.endswith(
                        ("_test.cpp", ".test.ts", ".test.tsx", ".d.ts")):
                    continue
                path = os.path.join(dirpath, f)
                with open(path, encoding="utf-8") as fh:
                    for n, line in enumerate(fh, 1):
                        stripped = line.strip()
                        if stripped.startswith(("//", "import ")) or ' from "' in line:
                            continue
                        for code in LITERAL.findall(line.split("//")[0] if '"//' not in line else line):
                            if NOT_CODES.search(code):
                                continue
                            codes.setdefault(code, f"{os.path.relpath(path, root)}:{n}")
    return codes


def table_codes(root, doc, heading="## Errors"):
    """The codes of the first table under `heading` in `doc`: a list, in order."""
    with open(os.path.join(root, doc), encoding="utf-8") as fh:
        text = fh.read()
    at = text.find("\n" + heading + "\n")
    if at < 0:
        return None
    out = []
    in_table = False
    for line in text[at + 1:].splitlines()[1:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            in_table = True
            first = line.split("|")[1]
            out += re.findall(r"`([a-z]+/[a-z_]+)`", first)
        elif in_table:
            break
    return out


def check(root):
    """(faults, emitted codes, documented codes) of the tree at `root`."""
    faults = []
    codes = emitted(root)
    documented = table_codes(root, TABLE_DOC)
    if documented is None:
        return [f"{TABLE_DOC} has no '## Errors' section"], codes, set()
    seen = set()
    for c in documented:
        if c in seen:
            faults.append(f"{c}: twice in {TABLE_DOC}'s table")
        seen.add(c)
    for c, where in sorted(codes.items()):
        if c not in seen:
            faults.append(f"{c}: emitted ({where}), not in {TABLE_DOC}'s table")
    for c in sorted(seen - set(codes)):
        faults.append(f"{c}: in {TABLE_DOC}'s table, emitted nowhere")
    for doc in sorted(os.listdir(os.path.join(root, "docs"))):
        path = "docs/" + doc
        if not doc.endswith(".md") or path == TABLE_DOC:
            continue
        other = table_codes(root, path)
        if other:
            faults.append(f"{path}: a table of codes ({', '.join(other[:3])}, ...): "
                          f"link to {TABLE_DOC}, \"Errors\" instead")
    return faults, codes, seen


PLANTED_DOC = """# Protocol

## Errors

| code | when | HTTP |
| --- | --- | --- |
| `table/full` | every seat is taken | 409 |
| `seat/taken`, `table/full` | the same code twice | 409 |
| `table/gone` | emitted nowhere | |

## HTTP
"""
PLANTED_SOURCE = """// "chat/comment" is in a comment only: not a code
Error full() { return make_error("table/full", "full"); }
Error taken() { return make_error("seat/taken", "taken"); }
constexpr const char* kBusy = "table/busy";  // not in the table
const char* kType = "application/json";  // a media type, not a code
"""
PLANTED_OTHER = """# Server

## Errors

| code | when |
| --- | --- |
| `table/full` | a second table of codes |
"""


def self_test():
    """The check on a planted tree finds each fault, and only those."""
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "docs"))
        os.makedirs(os.path.join(d, "server"))
        for path, text in (("docs/protocol.md", PLANTED_DOC), ("docs/server.md", PLANTED_OTHER),
                           ("server/errors.cpp", PLANTED_SOURCE)):
            with open(os.path.join(d, path), "w", encoding="utf-8") as fh:
                fh.write(text)
        faults, codes, _ = check(d)
    want = [
        "table/full: twice in docs/protocol.md's table",
        "table/busy: emitted (server/errors.cpp:4), not in docs/protocol.md's table",
        "table/gone: in docs/protocol.md's table, emitted nowhere",
        "docs/server.md: a table of codes (table/full, ...): link to docs/protocol.md, \"Errors\" instead",
    ]
    out = []
    if faults != want:
        out.append(f"self-test: the planted tree's faults are {faults}, not {want}")
    if sorted(codes) != ["seat/taken", "table/busy", "table/full"]:
        out.append(f"self-test: the planted tree emits {sorted(codes)}")
    return out


def main():
    broken = self_test()
    for b in broken:
        print("error codes:", b)
    if broken:
        return 1
    faults, codes, seen = check(ROOT)
    for f in faults:
        print("error codes:", f)
    print(f"error codes: {len(codes)} emitted, {len(seen)} documented, {len(faults)} faults")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
