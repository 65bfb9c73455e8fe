#!/usr/bin/env bash
# Times `autocomplete filter` on hostile input (issue #10's first block): a large --limit, long
# repetitive queries on a 10 MB line, and endless or bad input. Prints wall time and peak memory
# (GNU time) per case; each run is cut at TIMEOUT seconds (default 60) and then reported as such.
#
# Usage: scripts/measure-hostile.sh BINARY [BINARY...]   (for example a build of main and of a branch)
# Environment: TIMEOUT=seconds, WORK=directory for the generated data (default a temporary one).
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 BINARY [BINARY...]" >&2; exit 2; }
TIMEOUT="${TIMEOUT:-60}"
WORK="${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/measure-hostile.XXXXXX")}"
mkdir -p "$WORK"

python3 - "$WORK" <<'PY'
import os, random, sys
work = sys.argv[1]
def write(name, text):
    path = os.path.join(work, name)
    if not os.path.exists(path):
        with open(path, "w") as f: f.write(text)
random.seed(10)
words = ["stand", "standard", "paris", "berlin", "sao", "paulo", "tokyo", "lagos", "lima", "oslo"]
write("1m.txt", "\n".join(" ".join(random.choice(words) for _ in range(random.randint(1, 4))) + str(i) for i in range(1_000_000)) + "\n")
write("ab10m.txt", "ab" * 5_000_000 + "\n")
write("q-ab-65536.txt", "ab" * 32767 + "ba")
write("q-ab-131071.txt", "ab" * 65535 + "a")
write("empty20m.txt", "\n" * 20_000_000)
PY

measure() {  # label, then the command
  local label="$1"; shift
  local out status=0
  /usr/bin/time -f "%e s, %M KB" -o "$WORK/time" timeout "$TIMEOUT" "$@" >/dev/null 2>&1 || status=$?
  out=$(tail -1 "$WORK/time")
  if [[ $status == 124 ]]; then out="timed out after ${TIMEOUT} s"; else out="$out (exit $status)"; fi
  printf '  %-58s %s\n' "$label" "$out"
}

for BIN in "$@"; do
  echo "== $BIN"
  measure "filter contains --limit 10000 on 1M lines" "$BIN" filter --data "$WORK/1m.txt" --mode contains --limit 10000 a
  measure "filter contains --limit 100000 on 1M lines" "$BIN" filter --data "$WORK/1m.txt" --mode contains --limit 100000 a
  measure "filter contains --all on 1M lines" "$BIN" filter --data "$WORK/1m.txt" --mode contains --all a
  for mode in prefix exact suffix contains words fuzzy; do
    measure "$mode, 65,536-char query, 10 MB line" "$BIN" filter --data "$WORK/ab10m.txt" --mode "$mode" "$(cat "$WORK/q-ab-65536.txt")"
  done
  measure "fuzzy, 131,071-char query, 10 MB line" "$BIN" filter --data "$WORK/ab10m.txt" --mode fuzzy "$(cat "$WORK/q-ab-131071.txt")"
  measure "filter --data /dev/zero (endless NUL)" "$BIN" filter --data /dev/zero a
  measure "filter a on 20 MB of empty lines" "$BIN" filter --data "$WORK/empty20m.txt" a
  measure "filter a on one 10 MB line" "$BIN" filter --data "$WORK/ab10m.txt" a
done
