#!/usr/bin/env bash
# How fast `autocomplete pick` answers keys on one huge line (issue #10): starts the picker in a
# detached tmux window on a file holding one line of SIZE MB ("abab…"), waits for the first frame,
# types "ab" and waits for the row, then sends Esc and measures how long until the picker has
# exited. tmux and the picker are always killed at the end.
#
# Usage: scripts/measure-pick-keys.sh BINARY [SIZE_MB...]   (default sizes: 3 10 100)
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 BINARY [SIZE_MB...]" >&2; exit 2; }
BIN="$1"; shift
SIZES=("$@"); [[ ${#SIZES[@]} -gt 0 ]] || SIZES=(3 10 100)
SOCKET_PREFIX=measure-pick
# shellcheck source=scripts/tmux-measure-lib.sh
source "$(dirname "$0")/tmux-measure-lib.sh"
for size in "${SIZES[@]}"; do
  python3 -c "import sys; sys.stdout.write('ab' * ($size * 500000) + '\n')" > "$WORK/line.txt"
  rm -f "$WORK/status" "$WORK/rss"
  start=$(now)
  tmux -L "$SOCKET" -f /dev/null new-session -d -x 100 -y 30 -s main \
    "TERM=xterm-256color /usr/bin/time -f '%M' -o '$WORK/rss' '$BIN' pick --data '$WORK/line.txt' >/dev/null; echo \$? > '$WORK/status'; sleep 600"
  if ! wait_for "Esc cancel" 300; then echo "$size MB: no first frame within 300 s"; tmux -L "$SOCKET" kill-server; continue; fi
  first=$(echo "$(now) - $start" | bc)
  typed=$(now)
  tmux -L "$SOCKET" send-keys -t main -l "ab"
  if ! wait_for "› abab" 300; then echo "$size MB: no row within 300 s of typing"; tmux -L "$SOCKET" kill-server; continue; fi
  rows=$(echo "$(now) - $typed" | bc)
  sent=$(now)
  tmux -L "$SOCKET" send-keys -t main Escape
  deadline=$(echo "$sent + 300" | bc)
  while [[ ! -s "$WORK/status" ]] && (( $(echo "$(now) < $deadline" | bc) )); do sleep 0.005; done
  if [[ -s "$WORK/status" ]]; then
    answered=$(echo "$(now) - $sent" | bc)
    sleep 0.2
    printf '%4s MB line: first frame %.2f s; row after typing "ab" %.2f s; Esc answered in %.3f s (exit %s); peak %s MB\n' \
      "$size" "$first" "$rows" "$answered" "$(cat "$WORK/status")" "$(( $(grep -E '^[0-9]+$' "$WORK/rss" | tail -1) / 1024 ))"
  else
    echo "$size MB line: first frame ${first} s; Esc not answered within 300 s"
  fi
  tmux -L "$SOCKET" kill-server 2>/dev/null || true
done
