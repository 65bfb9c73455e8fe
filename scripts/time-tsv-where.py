#!/usr/bin/env python3
"""Whole-process cost of `--where` on a 1M-row TSV (issue 35): `autocomplete filter --tsv FILE
QUERY` against the same with `--where country:=XX`, which should take at most 1.5x the time.

The TSV is made from data/bench-1m.txt (scripts/fetch-bench-data.sh): a header `name country
population`, then each line as the name with a seeded country (random.Random(SEED): "AA" for 50 % of
the rows, "BB" 5 %, "CC" 0.05 %, the rest spread over 20 other codes) and a seeded population. It is
written to data/bench-1m.tsv (git-ignored, as data/ is), once.

Each filter is timed with hyperfine when it is installed (--warmup 1, --runs RUNS), else by a Python
loop of RUNS runs of each command, alternating, taking the median. Prints one Markdown row per query and
filter with the median times and their ratio to the run without --where.

Usage: python3 scripts/time-tsv-where.py --autocomplete BIN [--runs N] [--seed N] [--queries q1,q2]
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "data/bench-1m.txt")
TABLE = os.path.join(ROOT, "data/bench-1m.tsv")


def make_table(seed):
    """data/bench-1m.tsv from data/bench-1m.txt, with seeded `country` and `population` columns."""
    marker = TABLE + f".seed{seed}"  # written last: the table is whole and of this seed
    if os.path.exists(marker) and os.path.getmtime(marker) >= os.path.getmtime(SOURCE):
        return
    draw = random.Random(seed)
    others = [f"X{n}" for n in range(20)]
    with open(SOURCE, encoding="utf-8") as source, open(TABLE + ".partial", "w", encoding="utf-8") as out:
        out.write("name\tcountry\tpopulation\n")
        for line in source:
            name = line.rstrip("\n").replace("\t", " ")
            u = draw.random()
            country = "AA" if u < 0.5 else "BB" if u < 0.55 else "CC" if u < 0.5505 else draw.choice(others)
            out.write(f"{name}\t{country}\t{draw.randrange(1, 10_000_000)}\n")
    os.replace(TABLE + ".partial", TABLE)
    for stale in (p for p in os.listdir(os.path.dirname(TABLE)) if p.startswith("bench-1m.tsv.seed")):
        os.remove(os.path.join(os.path.dirname(TABLE), stale))
    open(TABLE + f".seed{seed}", "w").close()


def time_commands(commands, runs):
    """The median wall time in ms of each command (lists of arguments), with hyperfine if present."""
    if shutil.which("hyperfine"):
        with tempfile.NamedTemporaryFile(suffix=".json") as export:
            subprocess.run(
                ["hyperfine", "--warmup", "1", "--runs", str(runs), "-N", "-i", "--export-json", export.name]
                + [" ".join(f"'{part}'" for part in command) for command in commands],
                check=True, capture_output=True)
            with open(export.name) as f:
                return [result["median"] * 1000 for result in json.load(f)["results"]]
    times = [[] for _ in commands]
    for command in commands:  # warm-up
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(runs):
        for index, command in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[index].append((time.perf_counter() - start) * 1000)
    return [statistics.median(t) for t in times]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--autocomplete", required=True, help="the autocomplete binary (a release build)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--queries", default="lon,san")
    arguments = parser.parse_args()
    if not os.path.exists(SOURCE):
        sys.exit(f"{SOURCE} is missing: run scripts/fetch-bench-data.sh")
    make_table(arguments.seed)
    filters = ["country:=AA", "country:=BB", "country:=CC"]
    print(f"{arguments.autocomplete} filter --tsv {os.path.relpath(TABLE, ROOT)} QUERY [--where F], "
          f"median of {arguments.runs} ({'hyperfine' if shutil.which('hyperfine') else 'Python loop'}):")
    print("| query | without --where | " + " | ".join(f"--where {f}" for f in filters) + " |")
    print("| --- | --- |" + " --- |" * len(filters))
    for query in arguments.queries.split(","):
        base = [arguments.autocomplete, "filter", "--tsv", TABLE, query]
        commands = [base] + [base + ["--where", f] for f in filters]
        times = time_commands(commands, arguments.runs)
        cells = [f"{times[0]:.0f} ms"] + [f"{t:.0f} ms ({t / times[0]:.2f}x)" for t in times[1:]]
        print(f"| {query} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
