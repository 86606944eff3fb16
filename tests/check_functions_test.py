#!/usr/bin/env python3
"""scripts/check-functions reads C++ as written in this tree: each function
found with its lines, whatever braces, strings and comments stand around it,
and a new long function (or one grown past its known length) fails."""
import os
import subprocess
import sys
import tempfile
from importlib.machinery import SourceFileLoader

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SCRIPT = os.path.join(ROOT, "scripts", "check-functions")
cf = SourceFileLoader("check_functions", SCRIPT).load_module()

TRICKY = r'''// A comment with a brace { and a "string
#include <string>
#define BLOCK(x) { x; \
  }
namespace a::b {
namespace {
constexpr int kTable[] = {1, 2, 3};
const auto kLambda = [](int x) { return x + 1; };
}  // namespace

struct S : Base {
  S(int a) : a_{a}, b_(a) {
    const char* s = "}{";
    char c = '{';
  }
  void inline_one() const { if (a_) { return; } }
  int a_{0};
  int b_ = {};
  void defaults(std::vector<int> v = {}, int n = int{3}) {
    auto raw = R"x(a } raw { string)x";
  }
 private:
  bool operator==(const S&) const = default;
  int operator()(int x) const {
    return x;
  }
};

enum class E { kA, kB };

template <typename T>
T S2<T>::twice(T x) const noexcept -> T {
  /* a block comment
     with } braces { */
  return x * 2;
}

std::string S::long_one(int x) {
  switch (x) {
    case 1: {
      return "{";
    }
  }
  return {};
}
}  // namespace a::b
'''


def check(cond, what):
    if not cond:
        print("FAIL:", what)
        sys.exit(1)


def main():
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "tricky.cpp")
        with open(path, "w") as f:
            f.write(TRICKY)
        found = {name: (first, last) for name, first, last in cf.functions(path)}
        lines = TRICKY.split("\n")

        def at(text):
            return next(i + 1 for i, l in enumerate(lines) if text in l)

        expected = {
            "S": (at("S(int a)"), at("char c = '{';") + 1),
            "inline_one": (at("void inline_one"), at("void inline_one")),
            "defaults": (at("void defaults"), at("auto raw") + 1),
            "operator()": (at("int operator()"), at("return x;") + 1),
            "S2::twice": (at("template <typename T>"), at("return x * 2;") + 1),
            "S::long_one": (at("std::string S::long_one"), at("return {};") + 1),
        }
        for name, span in expected.items():
            check(found.get(name) == span, f"{name}: found {found.get(name)}, expected {span}")
        extra = set(found) - set(expected)
        check(not extra, f"not functions, found as functions: {extra}")

    # A new long function fails; a known one within its length passes.
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "long.cpp")
        with open(src, "w") as f:
            f.write("int long_one() {\n" + "  int x = 0;\n" * 100 + "  return 0;\n}\n")
        found = cf.long_functions([src])
        check(found == {f"{src}:long_one": 103}, f"long_one: {found}")
    # The tree as it is passes (the list is up to date).
    run = subprocess.run([SCRIPT], capture_output=True, text=True)
    check(run.returncode == 0, "scripts/check-functions on the tree: " + run.stdout + run.stderr)
    print("check-functions: parser and list ok")


if __name__ == "__main__":
    main()
