#!/usr/bin/env python3
"""The cost of one durable commit: `autocomplete index add --commit-every 1` beside SQLite FTS5.

A smaller harness than compare-fts5.py, for the commit path alone (issue 34: `commit()` of one
change within 2x of SQLite's durable insert + commit). Builds an index of the first N lines, then
times whole `index add` processes that commit after every line: one of 1 line and one of K + 1
lines, R runs each; a commit costs (median of the long runs - median of the short ones) / K (the
process's start-up and open cancel out). FTS5 runs in this process: an `fts5(text, tokenize=
'unicode61 remove_diacritics 2')` table of the same lines, WAL, synchronous=full, each commit one
`insert` between `begin` and `commit`, timed one by one (p50).

Usage: scripts/compare-commit.py [--bin PATH ...] [--data FILE] [--lines N] [--commits K] [--runs R]
  --bin   one or more autocomplete binaries to compare (default .build/release/autocomplete)
"""

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True)
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr.decode()}")
    return time.perf_counter() - start


def per_commit_ms(binary, index, work, commits, runs):
    batch = os.path.join(work, "batch.txt")

    def add(count):
        with open(batch, "w") as f:
            f.write("".join(f"commit line {i} {time.time_ns()}\n" for i in range(count)))
        return timed([binary, "index", "add", index, "--data", batch, "--commit-every", "1"])

    short = statistics.median(add(1) for _ in range(runs))
    long = statistics.median(add(commits + 1) for _ in range(runs))
    return (long - short) / commits * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", nargs="+", default=[os.path.join(ROOT, ".build/release/autocomplete")])
    parser.add_argument("--data", default=os.path.join(ROOT, "data/bench-1m.txt"))
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--commits", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with open(args.data, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for _, line in zip(range(args.lines), f)]
    work = tempfile.mkdtemp(prefix="compare-commit-")
    try:
        data = os.path.join(work, "lines.txt")
        with open(data, "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
        for binary in args.bin:
            index = os.path.join(work, "index")
            shutil.rmtree(index, ignore_errors=True)
            timed([binary, "index", "build", "--data", data, "-o", index])
            ms = per_commit_ms(binary, index, work, args.commits, args.runs)
            print(f"{binary}: {ms:.2f} ms per commit of one added line ({len(lines):,} lines indexed)")
        db = os.path.join(work, "fts5.db")
        connection = sqlite3.connect(db, isolation_level=None)
        connection.execute("pragma journal_mode=wal")
        connection.execute("pragma synchronous=full")
        connection.execute("create virtual table t using fts5(text, tokenize='unicode61 remove_diacritics 2')")
        connection.execute("begin")
        connection.executemany("insert into t(text) values (?)", ((line,) for line in lines))
        connection.execute("commit")
        times = []
        for i in range(args.commits):
            start = time.perf_counter()
            connection.execute("begin")
            connection.execute("insert into t(text) values (?)", (f"commit row {i}",))
            connection.execute("commit")
            times.append(time.perf_counter() - start)
        print(f"SQLite {sqlite3.sqlite_version} FTS5: {statistics.median(times) * 1000:.2f} ms per commit, p50 "
              f"(insert + commit, WAL, synchronous=full)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
