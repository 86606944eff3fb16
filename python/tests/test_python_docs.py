"""Every ```python example of docs/python.md runs: in order, in one
namespace, as a reader would type them into one session (each example keeps
itself true with its asserts)."""

import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
DOC = os.path.join(HERE, "..", "..", "docs", "python.md")
if os.environ.get("MEEPLE_PYTHON_PATH"):
    sys.path.insert(0, os.environ["MEEPLE_PYTHON_PATH"])
    import meeple_engine  # noqa: F401,E402  (must import where ctest built it)
else:
    pytest.importorskip("meeple_engine")


def examples():
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def test_docs_have_an_example_per_section():
    assert len(examples()) >= 9


def test_every_example_of_docs_python_md_runs():
    namespace = {}
    for i, code in enumerate(examples()):
        try:
            exec(compile(code, f"docs/python.md example {i + 1}", "exec"), namespace)
        except Exception as e:  # noqa: BLE001
            pytest.fail(f"docs/python.md example {i + 1} fails: {e!r}\n{code}")
