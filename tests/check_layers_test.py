#!/usr/bin/env python3
"""scripts/check-layers refuses an include circle between the files of one
folder (a unit is a file's name without .h/.cpp), tolerates only the circles
scripts/known-circles.txt lists, and passes a tree without one."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SCRIPT = os.path.join(ROOT, "scripts", "check-layers")


def run(files, known=None):
    """check-layers over a git tree of `files` ({path: text}): (rc, output)."""
    with tempfile.TemporaryDirectory() as d:
        os.makedirs(os.path.join(d, "scripts"))
        shutil.copy(SCRIPT, os.path.join(d, "scripts", "check-layers"))
        if known is not None:
            with open(os.path.join(d, "scripts", "known-circles.txt"), "w") as f:
                f.write(known)
        for path, text in files.items():
            os.makedirs(os.path.join(d, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(d, path), "w") as f:
                f.write(text)
        subprocess.run(["git", "init", "-q", d], check=True)
        subprocess.run(["git", "-C", d, "add", "-A"], check=True)
        p = subprocess.run([os.path.join(d, "scripts", "check-layers")], capture_output=True,
                           text=True)
        return p.returncode, p.stdout + p.stderr


failures = []


def expect(name, ok, detail):
    if not ok:
        failures.append(f"{name}: {detail}")


# hub.cpp includes table.h, table.h includes hub.h: the two units include
# each other though no file includes itself.
CIRCLE = {
    "server/hub.h": "#pragma once\n",
    "server/hub.cpp": '#include "server/hub.h"\n#include "server/table.h"\n',
    "server/table.h": '#pragma once\n#include "server/hub.h"\n',
    "server/table.cpp": '#include "server/table.h"\n',
}
rc, out = run(CIRCLE)
expect("two units", rc != 0 and "include circle between server/hub server/table" in out,
       f"rc {rc}: {out}")

# Through a third unit, and in a .cpp only.
rc, out = run({
    "room/a.h": "#pragma once\n",
    "room/a.cpp": '#include "room/a.h"\n#include "room/b.h"\n',
    "room/b.h": '#pragma once\n#include "room/c.h"\n',
    "room/c.h": "#pragma once\n",
    "room/c.cpp": '#include "room/c.h"\n#include "room/a.h"\n',
})
expect("three units", rc != 0 and "include circle between room/a room/b room/c" in out,
       f"rc {rc}: {out}")

# The same tree with the table's need of the hub in a header of its own.
rc, out = run({
    "server/hub.h": '#pragma once\n#include "server/table_host.h"\n',
    "server/hub.cpp": '#include "server/hub.h"\n#include "server/table.h"\n',
    "server/table_host.h": "#pragma once\n",
    "server/table.h": '#pragma once\n#include "server/table_host.h"\n',
    "server/table.cpp": '#include "server/table.h"\n',
})
expect("no circle", rc == 0 and "check-layers: ok" in out, f"rc {rc}: {out}")

# Different folders are not one folder's circle (the layer rule governs them).
rc, out = run({
    "core/a.h": "#pragma once\n",
    "core/a.cpp": '#include "core/a.h"\n',
    "server/a.h": '#pragma once\n#include "core/a.h"\n',
})
expect("folders apart", rc == 0, f"rc {rc}: {out}")

# A known circle passes; a unit joining it makes another circle, which fails.
known = "# a comment\nserver/hub server/table\n"
rc, out = run(CIRCLE, known)
expect("known", rc == 0, f"rc {rc}: {out}")
grown = dict(CIRCLE)
grown["server/table.cpp"] = '#include "server/table.h"\n#include "server/lobby.h"\n'
grown["server/lobby.h"] = '#pragma once\n#include "server/hub.h"\n'
grown["server/hub.h"] = '#pragma once\n#include "server/lobby.h"\n'
rc, out = run(grown, known)
expect("grown", rc != 0 and "server/hub server/lobby server/table" in out, f"rc {rc}: {out}")

for f in failures:
    print("FAIL", f)
print(f"check_layers_test: {'ok' if not failures else f'{len(failures)} failed'}")
sys.exit(1 if failures else 0)
