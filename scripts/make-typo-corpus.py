#!/usr/bin/env python3
"""Makes Benchmarks/typo-corpus.tsv: city names as people mistype them on a phone keyboard.

The cities are the most populous ones of the embedded GeoNames table
(Sources/AutocompleteCities/Resources/cities15000.tsv) whose plain (ASCII) name has at least four
letters, one per distinct name. Each gets one query: its name in lower case with one typo, or two
for names of eight letters or more (a third of those), drawn with a fixed seed from what thumbs do
on a QWERTY phone keyboard:

- a neighbouring key instead of the right one ("guangzhoh"),
- two neighbouring letters swapped ("zurcih"),
- a letter left out ("kolkta"),
- a letter too many: a neighbouring key hit as well, or a key hit twice ("moscpo").

Typos fall on letters only (not on spaces or hyphens); the query is never the name itself.

Columns: the query, the city's row in the table (0 = first city after the header), its name, its
country code. Usage:

    python3 scripts/make-typo-corpus.py [--count 150] [--seed 16] > Benchmarks/typo-corpus.tsv
"""
import argparse
import os
import random

ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]


def neighbours():
    """Each letter's neighbouring keys on a QWERTY keyboard (same row and the rows above/below)."""
    position = {}
    for row, keys in enumerate(ROWS):
        for column, key in enumerate(keys):
            # Rows are staggered by about half a key.
            position[key] = (row, column + 0.5 * row)
    result = {}
    for key, (row, column) in position.items():
        result[key] = sorted(
            other for other, (r, c) in position.items()
            if other != key and abs(r - row) <= 1 and abs(c - column) <= 1.0
        )
    return result


NEIGHBOURS = neighbours()


def typo(name, rng):
    """One phone-keyboard typo in `name` (lower case), at a letter."""
    letters = [i for i, ch in enumerate(name) if ch in NEIGHBOURS]
    kind = rng.choice(["neighbour", "swap", "missing", "extra"])
    i = rng.choice(letters)
    if kind == "neighbour":
        return name[:i] + rng.choice(NEIGHBOURS[name[i]]) + name[i + 1:]
    if kind == "swap":
        pairs = [j for j in letters if j + 1 < len(name) and name[j + 1] in NEIGHBOURS and name[j] != name[j + 1]]
        if not pairs:
            return typo(name, rng)
        j = rng.choice(pairs)
        return name[:j] + name[j + 1] + name[j] + name[j + 2:]
    if kind == "missing":
        return name[:i] + name[i + 1:]
    extra = rng.choice([name[i]] + NEIGHBOURS[name[i]])
    return name[:i + 1] + extra + name[i + 1:] if rng.random() < 0.5 else name[:i] + extra + name[i:]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=150)
    parser.add_argument("--seed", type=int, default=16)
    arguments = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    table = os.path.join(root, "Sources/AutocompleteCities/Resources/cities15000.tsv")
    cities = []
    with open(table, encoding="utf-8") as f:
        next(f)
        for row, line in enumerate(f):
            name, ascii_name, _, country, population = line.rstrip("\n").split("\t")
            cities.append((int(population), row, name, ascii_name, country))
    cities.sort(key=lambda city: (-city[0], city[1]))
    rng = random.Random(arguments.seed)
    seen = set()
    print("query\trow\tname\tcountry")
    count = 0
    for _, row, name, ascii_name, country in cities:
        plain = ascii_name.lower()
        if sum(ch.isalpha() for ch in plain) < 4 or plain in seen or not plain.isascii():
            continue
        seen.add(plain)
        query = typo(plain, rng)
        if len(plain) >= 8 and rng.random() < 1 / 3:
            query = typo(query, rng)
        if query == plain:
            continue
        print(f"{query}\t{row}\t{name}\t{country}")
        count += 1
        if count == arguments.count:
            break


if __name__ == "__main__":
    main()
