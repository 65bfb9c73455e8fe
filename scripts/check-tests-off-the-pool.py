#!/usr/bin/env python3
"""Every synchronous test runs off the cooperative pool: checks (or, with --fix, adds) `.offThePool`.

Swift Testing runs synchronous test functions as tasks on Swift's cooperative pool (one thread per
core: two in CI). Started all at once, they fill the pool's queue, and an async test's continuation —
a child process ended, a server answered, a timer fired — waits behind every synchronous test not
yet run: in a whole `swift test` on two cores, minutes. Marked `.offThePool` (Tests/TestSupport),
a synchronous test runs on the test lane's own threads instead, and the pool serves the async tests.

Usage: check-tests-off-the-pool.py [--fix] [DIRECTORY…]   (default: Tests)
Exits 1 naming each synchronous `@Test` without the trait (after --fix: none).
"""
import os
import re
import sys

TRAIT = ".offThePool"


def skip_string(s, i):
    """Index just past the string literal starting at s[i] (a quote, possibly a triple quote)."""
    if s.startswith('"""', i):
        end = s.index('"""', i + 3)
        return end + 3
    i += 1
    while s[i] != '"':
        i += 2 if s[i] == "\\" else 1
    return i + 1


def attribute_end(s, i):
    """Index just past `@Test` or `@Test(…)` starting at s[i]; and the index of `arguments:` at the
    top level of its parentheses (or -1)."""
    j = i + len("@Test")
    if j >= len(s) or s[j] != "(":
        return j, -1
    depth, k, arguments = 0, j, -1
    while True:
        c = s[k]
        if c == '"':
            k = skip_string(s, k)
            continue
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth == 0:
                return k + 1, arguments
        elif depth == 1 and s.startswith("arguments:", k) and arguments < 0:
            arguments = k
        k += 1


def tests(s):
    """Each `@Test` attribute: (start, end, arguments index, whether its function is async)."""
    for match in re.finditer(r"@Test\b", s):
        i = match.start()
        line_start = s.rfind("\n", 0, i) + 1
        if s[line_start:i].lstrip().startswith("//"):
            continue
        end, arguments = attribute_end(s, i)
        body = s.index("{", end)
        signature = s[end:body]
        if "func " not in signature:
            continue
        yield i, end, arguments, re.search(r"\basync\b", signature) is not None


def fix(s):
    for i, end, arguments, is_async in sorted(tests(s), reverse=True):
        if is_async or TRAIT in s[i:end]:
            continue
        if end == i + len("@Test"):
            s = s[:i] + "@Test(" + TRAIT + ")" + s[end:]
        elif arguments >= 0:
            s = s[:arguments] + TRAIT + ", " + s[arguments:]
        elif s[i:end] == "@Test()":
            s = s[:i] + "@Test(" + TRAIT + ")" + s[end:]
        else:
            s = s[: end - 1] + ", " + TRAIT + s[end - 1 :]
    if "import TestSupport\n" not in s:
        s = re.sub(r"^import Testing\n", "import TestSupport\nimport Testing\n", s, count=1, flags=re.M)
    return s


def main():
    arguments = sys.argv[1:]
    fixing = "--fix" in arguments
    directories = [a for a in arguments if a != "--fix"] or ["Tests"]
    missing = []
    for directory in directories:
        for root, _, files in os.walk(directory):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as file:
                    source = file.read()
                if fixing and any(not a and TRAIT not in source[i:e] for i, e, _, a in tests(source)):
                    source = fix(source)
                    with open(path, "w", encoding="utf-8") as file:
                        file.write(source)
                for i, end, _, is_async in tests(source):
                    if not is_async and TRAIT not in source[i:end]:
                        line = source.count("\n", 0, i) + 1
                        missing.append(f"{path}:{line}: a synchronous @Test without {TRAIT}")
                    elif TRAIT in source[i:end] and "import TestSupport" not in source:
                        missing.append(f"{path}: uses {TRAIT} without importing TestSupport")
    for message in missing:
        print(message)
    if missing:
        print(f"{len(missing)} synchronous test(s) would run on the cooperative pool: "
              f"add {TRAIT} (scripts/check-tests-off-the-pool.py --fix does)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
