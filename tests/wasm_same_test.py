#!/usr/bin/env python3
"""One engine, the same answers: the device tables (wasm/device_table.h) built
natively and built to WebAssembly replay every golden record (tests/golden)
through the same requests (wasm/trace_main.cpp: apply, legal with words in
three languages, every seat's and the spectator's view with its text, the
result, the record), and the two answer texts must be equal byte for byte.

Usage: wasm_same_test.py NATIVE_TRACE WASM_TRACE_JS GOLDEN_DIR
Exits 77 (skipped) when the WebAssembly build or node is missing
(scripts/build builds it where Emscripten is installed)."""
import glob
import os
import shutil
import subprocess
import sys
import time


def run(cmd):
    t = time.monotonic()
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr.decode()[-2000:]}")
    return out.stdout, time.monotonic() - t


def main():
    native, wasm_js, golden = sys.argv[1:4]
    node = shutil.which("node")
    if not os.path.exists(wasm_js) or not node:
        print(f"skipped: no WebAssembly build at {wasm_js} (cmake --preset wasm) or no node")
        return 77
    records = sorted(glob.glob(os.path.join(golden, "*.record.json")))
    if not records:
        sys.exit(f"no golden records in {golden}")
    failed = 0
    for rec in records:
        want, tn = run([native, rec])
        got, tw = run([node, wasm_js, rec])
        name = os.path.basename(rec)
        lines = want.count(b"\n")
        if want == got:
            print(f"{name}: {lines} answers, {len(want)} bytes alike "
                  f"(native {tn:.2f} s, wasm under node {tw:.2f} s)")
            continue
        failed += 1
        w, g = want.split(b"\n"), got.split(b"\n")
        i = next((k for k in range(min(len(w), len(g))) if w[k] != g[k]), min(len(w), len(g)))
        print(f"{name}: answer {i + 1} differs\n  native: {w[i][:400] if i < len(w) else '(end)'}\n"
              f"  wasm:   {g[i][:400] if i < len(g) else '(end)'}")
    print(f"{len(records) - failed} of {len(records)} records give the same answers")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
