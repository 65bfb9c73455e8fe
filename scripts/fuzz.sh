#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ (with AddressSanitizer) and runs each for SECONDS seconds
# (default 60) from its seed corpus in Fuzz/Corpus/TARGET (read only: new inputs go to a scratch
# folder). Exits 1 at the first target that crashes, trips a sanitizer, breaks one of its checks or
# takes more than 10 s on one input (a scan that is not linear), after printing the input in base64
# (make it a regression test). Targets: key-decoder folding match-modes line-reader session
# disk-index.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(key-decoder folding match-modes line-reader session disk-index)
WORK="$(mktemp -d "${TMPDIR:-/tmp}/fuzz.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

(cd Fuzz && swift build -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld 2>&1 | tail -1)
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0
for target in "${TARGETS[@]}"; do
  mkdir -p "$WORK/$target"
  status=0
  Fuzz/.build/debug/"fuzz-$target" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$WORK/$target-" "$WORK/$target" "Fuzz/Corpus/$target" \
    > "$WORK/$target.log" 2>&1 || status=$?
  runs=$(grep -E '^stat::number_of_executed_units' "$WORK/$target.log" | awk '{print $2}' || true)
  if [[ $status -ne 0 ]]; then
    echo "fuzz-$target: FAILED (exit $status)"
    grep -E 'Fatal error|ERROR|SUMMARY|timeout|deadly signal' "$WORK/$target.log" | head -5 || true
    for artifact in "$WORK/$target"-*; do
      [[ -f "$artifact" ]] && echo "input ($(basename "$artifact")): $(base64 -w0 "$artifact")"
    done
    exit 1
  fi
  echo "fuzz-$target: ${runs:-?} inputs in ${SECONDS_PER_TARGET} s, no failure"
done
