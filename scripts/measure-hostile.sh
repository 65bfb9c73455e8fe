#!/usr/bin/env bash
# Times `autocomplete filter` and `pick` on hostile input (issues #10 and #21): a large --limit, long
# repetitive queries on a 10 MB line, endless or bad input, text whose occurrences split grapheme
# clusters, --highlight on a large file, input refused only after it was read, and a 1 MB query in
# `pick`. Prints wall time and peak memory (GNU time) per case; each run is cut at TIMEOUT seconds
# (default 60) and then reported as such. Give a build of main and one of a branch to compare them
# in the same run (timings here vary 2-3x between runs: compare ratios within a run).
#
# Usage: scripts/measure-hostile.sh BINARY [BINARY...]
# Environment: TIMEOUT=seconds; WORK=directory for the generated data (default a temporary one);
#   HIGHLIGHT_MB=size of the --highlight file (default 200; the issue's case is 1000);
#   ONLY=a regular expression the case labels must match (say ONLY='pick|Hindi').
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 BINARY [BINARY...]" >&2; exit 2; }
TIMEOUT="${TIMEOUT:-60}"
HIGHLIGHT_MB="${HIGHLIGHT_MB:-200}"
ONLY="${ONLY:-.}"
WORK="${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/measure-hostile.XXXXXX")}"
mkdir -p "$WORK"
SOCKET="measure-hostile-$$"
SOCKET_NOW="$SOCKET"
trap 'for s in short long; do tmux -L "$SOCKET-$s" kill-server 2>/dev/null || true; done' EXIT

python3 - "$WORK" "$HIGHLIGHT_MB" <<'PY'
import os, random, sys
work, highlight_mb = sys.argv[1], int(sys.argv[2])
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
write("hundred.txt", "".join(f"{i}\n" for i in range(1, 101)))
# Occurrences that split clusters: 👍 inside 👍🏽, क inside कि.
write("thumbs.txt", "👍🏽" * 16000 + "\n")
write("ki.txt", "कि " * 8000 + "\n")
# 20 MB of 200-byte lines: Hindi where every क is followed by a vowel sign (a miss for क, with a
# rejected candidate every 7 bytes), and Latin where every a is followed by b (a miss for ac).
hindi = ("कि " * 28).strip()
write("hindi20m.txt", (hindi + "\n") * (20_000_000 // (len(hindi.encode()) + 1)))
latin = ("ab " * 66).strip()
write("latin20m.txt", (latin + "\n") * (20_000_000 // (len(latin) + 1)))
write("hello.txt", "hello world foo\n" * (highlight_mb * 1_000_000 // 16))
write("query-1mb.txt", "ab" * 500_000)
PY
[[ -f "$WORK/nul3g.txt" ]] || truncate -s 3G "$WORK/nul3g.txt"  # sparse: all NUL bytes, no disk

measure() {  # label, then the command
  local label="$1"; shift
  [[ "$label" =~ $ONLY ]] || return 0
  local out status=0
  /usr/bin/time -f "%e s, %M KB" -o "$WORK/time" timeout "$TIMEOUT" "$@" >/dev/null 2>"$WORK/stderr" || status=$?
  out=$(tail -1 "$WORK/time")
  if [[ $status == 124 ]]; then out="timed out after ${TIMEOUT} s"; else out="$out (exit $status)"; fi
  printf '  %-64s %s\n' "$label" "$out"
}

now() { date +%s.%N; }
# Seconds until the first line of the tmux pane matches a pattern (or "timed out").
wait_input_line() {  # pattern, timeout seconds, start time
  local deadline; deadline=$(echo "$3 + $2" | bc)
  while (( $(echo "$(now) < $deadline" | bc) )); do
    if tmux -L "$SOCKET_NOW" capture-pane -p -t main 2>/dev/null | head -1 | grep -q -- "$1"; then
      printf '%.3f s' "$(echo "$(now) - $3" | bc)"; return 0
    fi
    sleep 0.005
  done
  echo "timed out"
}

# pick with a 1 MB query (pasted, as a terminal pastes): one key, then 50 Backspaces and a letter;
# the same keys on a short query, for comparison.
measure_pick_query() {  # binary
  [[ "pick 1 MB query" =~ $ONLY ]] || return 0
  local bin="$1" start socket
  for size in short long; do
    socket="$SOCKET-$size"
    tmux -L "$socket" -f /dev/null new-session -d -x 100 -y 20 -s main \
      "seq 1000 | TERM=xterm-256color '$bin' pick; sleep 600"
    SOCKET_NOW="$socket"
    sleep 1
    if [[ $size == long ]]; then
      tmux -L "$socket" load-buffer "$WORK/query-1mb.txt"
      start=$(now); tmux -L "$socket" paste-buffer -p -t main
      printf '  %-64s %s\n' "pick 1 MB query: paste shown" "$(wait_input_line 'abab *$' "$TIMEOUT" "$start")"
    else
      tmux -L "$socket" send-keys -t main -l "abababab"
      sleep 0.5
    fi
    start=$(now); tmux -L "$socket" send-keys -t main Z
    printf '  %-64s %s\n' "pick $size query: one key answered" "$(wait_input_line 'abZ *$' "$TIMEOUT" "$start")"
    local keys=(); for _ in $(seq 50); do keys+=(BSpace); done
    [[ $size == short ]] && keys=(BSpace BSpace)  # "ababababZ" less 2: "abababa"
    start=$(now); tmux -L "$socket" send-keys -t main "${keys[@]}" Y
    printf '  %-64s %s\n' "pick $size query: ${#keys[@]} Backspaces and a letter answered" \
      "$(wait_input_line 'aY *$' "$TIMEOUT" "$start")"
    tmux -L "$socket" kill-server 2>/dev/null || true
  done
}

for BIN in "$@"; do
  echo "== $BIN"
  measure "filter contains --limit 10000 on 1M lines" "$BIN" filter --data "$WORK/1m.txt" --mode contains --limit 10000 a
  measure "filter contains --limit 100000 on 1M lines" "$BIN" filter --data "$WORK/1m.txt" --mode contains --limit 100000 a
  measure "filter contains --all on 1M lines" "$BIN" filter --data "$WORK/1m.txt" --mode contains --all a
  measure "filter --limit 2^62 on 100 lines (#21.1)" "$BIN" filter --data "$WORK/hundred.txt" --limit 4611686018427387904 1
  for mode in prefix exact suffix contains words fuzzy; do
    measure "$mode, 65,536-char query, 10 MB line" "$BIN" filter --data "$WORK/ab10m.txt" --mode "$mode" "$(cat "$WORK/q-ab-65536.txt")"
  done
  measure "fuzzy, 131,071-char query, 10 MB line" "$BIN" filter --data "$WORK/ab10m.txt" --mode fuzzy "$(cat "$WORK/q-ab-131071.txt")"
  measure "filter --data /dev/zero (endless NUL)" "$BIN" filter --data /dev/zero a
  measure "filter a on 20 MB of empty lines" "$BIN" filter --data "$WORK/empty20m.txt" a
  measure "filter a on one 10 MB line" "$BIN" filter --data "$WORK/ab10m.txt" a
  for mode in contains fuzzy; do
    measure "$mode 👍 in one line of 👍🏽 × 16000 (#21.6)" "$BIN" filter --data "$WORK/thumbs.txt" --mode "$mode" 👍
    measure "$mode क in one line of 'कि ' × 8000 (#21.6)" "$BIN" filter --data "$WORK/ki.txt" --mode "$mode" क
    measure "$mode miss: क in 20 MB of Hindi (#21.6)" "$BIN" filter --data "$WORK/hindi20m.txt" --mode "$mode" क
    measure "$mode miss: ac in 20 MB of Latin, its peer" "$BIN" filter --data "$WORK/latin20m.txt" --mode "$mode" ac
  done
  measure "--highlight hello on ${HIGHLIGHT_MB} MB of lines (#21.10)" "$BIN" filter --data "$WORK/hello.txt" --highlight hello
  measure "hello on ${HIGHLIGHT_MB} MB of lines, its peer" "$BIN" filter --data "$WORK/hello.txt" hello
  measure "yes abcdefghijklmnop | filter zzz (#21.11)" bash -c "yes abcdefghijklmnop | '$BIN' filter zzz"
  measure "filter on a 3 GiB file of NUL bytes (#21.11)" "$BIN" filter --data "$WORK/nul3g.txt" a
  measure_pick_query "$BIN"
done
