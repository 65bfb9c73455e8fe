#!/usr/bin/env bash
# How `autocomplete pick` copes with many lines on standard input (issue #10): pipes `seq 1 N` into
# the picker in a detached tmux window and reports the time to the first frame (the footer drawn),
# the time until the count shows every line (all read and searched), and the peak memory (GNU time),
# after Esc. tmux and the picker are always killed at the end.
#
# Usage: scripts/measure-pick-stream.sh BINARY [LINES]   (default 5000000)
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 BINARY [LINES]" >&2; exit 2; }
BIN="$1"
LINES="${2:-5000000}"
SOCKET_PREFIX=measure-stream
# shellcheck source=scripts/tmux-measure-lib.sh
source "$(dirname "$0")/tmux-measure-lib.sh"
start=$(now)
tmux -L "$SOCKET" -f /dev/null new-session -d -x 100 -y 30 -s main \
  "seq 1 $LINES | TERM=xterm-256color /usr/bin/time -f '%M' -o '$WORK/rss' '$BIN' pick --data - >/dev/null; sleep 600"
wait_for "Esc cancel" 300 && printf 'first frame:          %.2f s\n' "$(echo "$(now) - $start" | bc)"
wait_for "/$LINES\$" 600 && printf 'all %s lines shown: %.2f s\n' "$LINES" "$(echo "$(now) - $start" | bc)"
tmux -L "$SOCKET" send-keys -t main -l "4242"
wait_for "› 4242" 60 && printf 'row for "4242" at:    %.2f s\n' "$(echo "$(now) - $start" | bc)"
tmux -L "$SOCKET" send-keys -t main Escape
for _ in $(seq 1 600); do [[ -s "$WORK/rss" ]] && break; sleep 0.1; done
echo "peak memory:          $(( $(tail -1 "$WORK/rss") / 1024 )) MB"
