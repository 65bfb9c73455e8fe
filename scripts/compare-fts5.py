#!/usr/bin/env python3
"""The on-disk index (`autocomplete index`, `filter --index`) beside SQLite FTS5 on the same 1M lines.

Measures what issue 34's "Numbers" list asks, as far as a whole process can show it, in one run:
building both indexes, their file sizes (with where the bytes go), open + first prefix query (warm,
and cold after evicting both files from the page cache with posix_fadvise(DONTNEED), which needs no
root), a ranked one-letter prefix query, a commit of one change, 100,000 adds in bulk, keystrokes
after 10,000 unmerged updates against the same index merged, and the peak resident memory of a
searching process. FTS5 runs in this process through Python's sqlite3 module (the system SQLite,
3.40 on Debian 12) and, for the whole-process query, through the `sqlite3` CLI; its table is
`fts5(text, tokenize='unicode61 remove_diacritics 2')`.

Every number is the median of repeated runs of a whole process unless said otherwise, so ours
include the process's start-up (shown on its own line: `filter` on a one-line file).

Usage: scripts/compare-fts5.py [--bin PATH] [--data FILE] [--runs N] [--work DIR]
  --bin   the autocomplete binary (default .build/release/autocomplete; build it once with
          `swift build -c release --product autocomplete`)
  --data  the lines (default data/bench-1m.txt from scripts/fetch-bench-data.sh)
"""

import argparse
import os
import shutil
import sqlite3
import statistics
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STORED_TAGS = {"ioff", "item", "idh ", "idn ", "anam"}


def run(command):
    """Runs `command`; returns (seconds, stdout)."""
    start = time.perf_counter()
    result = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed ({result.returncode}): {' '.join(command)}\n{result.stderr.decode()}")
    return elapsed, result.stdout


def median_ms(command, runs):
    return statistics.median(run(command)[0] for _ in range(runs)) * 1000


def peak_kib(command):
    """The peak resident memory of one run of `command` (KiB)."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_maxrss


def evict(paths):
    """Drops the files' pages from the page cache (clean pages only; no root needed)."""
    for top in paths:
        files = [top] if os.path.isfile(top) else [
            os.path.join(d, f) for d, _, names in os.walk(top) for f in names]
        for path in files:
            fd = os.open(path, os.O_RDONLY)
            try:
                os.fsync(fd) if os.access(path, os.W_OK) else None
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def directory_bytes(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, names in os.walk(path) for f in names)


def segment_sections(path):
    """Bytes per section tag of a segment file (its documented section table)."""
    with open(path, "rb") as f:
        header = f.read(64)
        count = struct.unpack_from("<I", header, 20)[0]
        table = f.read(32 * count)
    sizes = {}
    for i in range(count):
        tag, _, _, size, _ = struct.unpack_from("<4sIQQQ", table, 32 * i)
        name = tag.decode("ascii", "replace")
        sizes[name] = sizes.get(name, 0) + size
    return sizes


def fts5_build(db, lines):
    if os.path.exists(db):
        os.remove(db)
    connection = sqlite3.connect(db)
    connection.execute("pragma journal_mode=wal")
    connection.execute("create virtual table t using fts5(text, tokenize='unicode61 remove_diacritics 2')")
    start = time.perf_counter()
    with connection:
        connection.executemany("insert into t(text) values (?)", ((line,) for line in lines))
    elapsed = time.perf_counter() - start
    connection.execute("pragma wal_checkpoint(truncate)")
    connection.close()
    return elapsed


def fts5_open_and_query(db, query, ranked):
    start = time.perf_counter()
    connection = sqlite3.connect(db)
    order = " order by rank" if ranked else ""
    rows = connection.execute(f"select text from t where t match ?{order} limit 10", (query,)).fetchall()
    elapsed = time.perf_counter() - start
    connection.close()
    return elapsed, rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/autocomplete"))
    parser.add_argument("--data", default=os.path.join(ROOT, "data/bench-1m.txt"))
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--work", default=None)
    args = parser.parse_args()
    binary, runs = args.bin, args.runs
    with open(args.data, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    work = args.work or tempfile.mkdtemp(prefix="compare-fts5-")
    os.makedirs(work, exist_ok=True)
    index, db = os.path.join(work, "index"), os.path.join(work, "fts5.db")
    one_line = os.path.join(work, "one.txt")
    with open(one_line, "w") as f:
        f.write("x\n")
    rows = []

    def row(what, ours, fts5, note=""):
        rows.append((what, ours, fts5, note))
        print(f"{what}: ours {ours} | FTS5 {fts5} {note}", flush=True)

    # Build.
    shutil.rmtree(index, ignore_errors=True)
    ours_build = run([binary, "index", "build", "--data", args.data, "-o", index])[0]
    fts_build = fts5_build(db, lines)
    row("build 1M lines (s)", f"{ours_build:.2f} (whole process, reading included)",
        f"{fts_build:.2f} (inserts in one transaction)")

    # Sizes.
    ours_size, fts_size = directory_bytes(index), os.path.getsize(db)
    row("file size (MB)", f"{ours_size / 1e6:.1f}", f"{fts_size / 1e6:.1f}", f"ratio {ours_size / fts_size:.2f}")
    sections = {}
    for name in os.listdir(index):
        if name.endswith(".aks"):
            for tag, size in segment_sections(os.path.join(index, name)).items():
                sections[tag] = sections.get(tag, 0) + size
    stored = sum(size for tag, size in sections.items() if tag in STORED_TAGS)
    print("ours, bytes by section (MB): " + ", ".join(
        f"{tag.strip()} {size / 1e6:.1f}" for tag, size in sorted(sections.items(), key=lambda x: -x[1])
        if size >= 100_000) + f"; search sections {(sum(sections.values()) - stored) / 1e6:.1f}, "
        f"stored items {stored / 1e6:.1f}")
    connection = sqlite3.connect(db)
    try:
        by_table = connection.execute(
            "select name, sum(pgsize) from dbstat group by name order by 2 desc").fetchall()
        print("FTS5, bytes by table (MB): " + ", ".join(f"{n} {s / 1e6:.1f}" for n, s in by_table))
    except sqlite3.OperationalError:
        print("FTS5, bytes by table: dbstat not compiled in")
    connection.close()

    # Whole process: start-up, open + first prefix query, ranked one-letter prefix query.
    startup = median_ms([binary, "filter", "--data", one_line, "x"], runs)
    ours_query = [binary, "filter", "--index", index, "--mode", "prefix", "--limit", "10", "s"]
    ours_warm = median_ms(ours_query, runs)
    cli = ["sqlite3", db, "select text from t where t match '\"s\"*' order by rank limit 10;"]
    cli_warm = median_ms(cli, max(3, runs // 5))
    row("start-up: `filter` on a one-line file (ms)", f"{startup:.1f}", "-")
    row("process: open + ranked prefix `s`, top 10 (ms, warm)", f"{ours_warm:.1f}",
        f"{cli_warm:.1f} (sqlite3 CLI, order by rank)",
        f"target ours <= 1.5 x start-up + 5 = {1.5 * startup + 5:.1f}; FTS5/ours {cli_warm / ours_warm:.1f}x")
    fts_inproc = statistics.median(fts5_open_and_query(db, '"sta"*', False)[0] for _ in range(runs)) * 1000
    fts_inproc_ranked = statistics.median(
        fts5_open_and_query(db, '"s"*', True)[0] for _ in range(max(3, runs // 5))) * 1000
    row("in process: open + first prefix query `sta`, 10 rows (ms, warm)", "(whole process above; "
        f"minus start-up: {ours_warm - startup:.1f})", f"{fts_inproc:.2f} (unranked)")
    row("in process: open + ranked `s*` top 10 (ms, warm)", "-", f"{fts_inproc_ranked:.1f}")
    cold_ours, cold_fts = [], []
    for _ in range(5):
        evict([index, db])
        cold_ours.append(run(ours_query)[0] * 1000)
        evict([index, db])
        cold_fts.append(fts5_open_and_query(db, '"sta"*', False)[0] * 1000)
    row("open + first prefix query, cold (ms; files evicted by posix_fadvise, binary warm)",
        f"{statistics.median(cold_ours):.1f} (whole process)", f"{statistics.median(cold_fts):.1f} (in process)")

    # Memory of a searching process.
    rss = peak_kib(ours_query)
    row("peak resident memory of `filter --index` (MB)", f"{rss * 1024 / 1e6:.1f}", "-",
        f"{rss * 1024 / ours_size:.2f} x the file size")

    # Changes go to copies.
    copy, db_copy = os.path.join(work, "index-changed"), os.path.join(work, "fts5-changed.db")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(index, copy)
    shutil.copyfile(db, db_copy)

    # One commit: `index add --commit-every 1` of 1 and of 21 lines; the difference over 20.
    batch = os.path.join(work, "batch.txt")

    def add_lines(count, commit_every=None):
        with open(batch, "w") as f:
            f.write("".join(f"added line {i} {time.time_ns()}\n" for i in range(count)))
        command = [binary, "index", "add", copy, "--data", batch]
        return run(command + (["--commit-every", str(commit_every)] if commit_every else []))[0]

    singles = [add_lines(1, 1) for _ in range(5)]
    twenties = [add_lines(21, 1) for _ in range(5)]
    per_commit = (statistics.median(twenties) - statistics.median(singles)) / 20 * 1000
    connection = sqlite3.connect(db_copy, isolation_level=None)
    connection.execute("pragma journal_mode=wal")
    connection.execute("pragma synchronous=full")
    commits = []
    for i in range(50):
        start = time.perf_counter()
        connection.execute("begin")
        connection.execute("insert into t(text) values (?)", (f"added row {i}",))
        connection.execute("commit")
        commits.append(time.perf_counter() - start)
    row("commit of one added item, p50 (ms)", f"{per_commit:.2f} (per commit of `index add --commit-every 1`)",
        f"{statistics.median(commits) * 1000:.2f} (insert + commit, WAL, synchronous=full)")

    # Bulk: 100,000 adds, one commit.
    bulk = [f"bulk {line}" for line in lines[:100_000]]
    with open(batch, "w") as f:
        f.write("\n".join(bulk) + "\n")
    ours_bulk = run([binary, "index", "add", copy, "--data", batch])[0]
    start = time.perf_counter()
    connection.execute("begin")
    connection.executemany("insert into t(text) values (?)", ((line,) for line in bulk))
    connection.execute("commit")
    fts_bulk = time.perf_counter() - start
    connection.close()
    row("100,000 adds, one commit (rows/s)", f"{100_000 / ours_bulk:,.0f} (whole process)",
        f"{100_000 / fts_bulk:,.0f}")

    # 10,000 updates (removed by text, added changed) on a fresh copy of the 1M index, unmerged
    # (the 1M segment with a deletion set, and one segment of the 10,000), against the same merged.
    copy = os.path.join(work, "index-updated")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(index, copy)
    updated = lines[200_000:210_000]
    with open(batch, "w") as f:
        f.write("\n".join(updated) + "\n")
    run([binary, "index", "remove", copy, "--data", batch])
    with open(batch, "w") as f:
        f.write("\n".join(f"{line} updated" for line in updated) + "\n")
    run([binary, "index", "add", copy, "--data", batch])
    queries = ["s", "sta", "stand", "san fr"]

    def keystrokes():
        return statistics.median(
            median_ms([binary, "filter", "--index", copy, "--mode", "prefix", "--limit", "10", q], max(3, runs // 3))
            for q in queries)

    unmerged = keystrokes()
    segments = sum(1 for name in os.listdir(copy) if name.endswith(".aks"))
    run([binary, "index", "merge", copy])
    merged = keystrokes()
    row(f"after 10,000 updates: process with a prefix query, p50 of {queries} (ms)",
        f"unmerged ({segments} segments) {unmerged:.1f}, merged {merged:.1f}", "-",
        f"ratio {unmerged / merged:.2f}")

    print("\n| Measure | Ours | SQLite FTS5 | Note |\n|---|---|---|---|")
    for what, ours, fts5, note in rows:
        print(f"| {what} | {ours} | {fts5} | {note} |")
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
