#!/usr/bin/env bash
# Regenerates the demo screenshots in README.md and Guides/Terminal.md from a real run: the demo in a
# 72 × 12 tmux window, "sao" typed, the screen captured once the list is up. Each screenshot is the
# code block after a `<!-- screenshot: demo-sao -->` line.
#
# Usage: scripts/update-screenshots.sh [BINARY]   (default: builds and uses .build/debug/autocomplete)
#   CHECK=1: change nothing, exit 1 when a screenshot is out of date (for CI).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${1:-}"
if [[ -z "$BIN" ]]; then
  (cd "$ROOT" && swift build --product autocomplete >&2)
  BIN="$ROOT/.build/debug/autocomplete"
fi
command -v tmux >/dev/null || { echo "update-screenshots: tmux is needed" >&2; exit 2; }

SOCKET="screenshots-$$"
cleanup() { tmux -L "$SOCKET" kill-server 2>/dev/null || true; }
trap cleanup EXIT

# --no-history: the user's remembered cities (screen 1's recents) must not show in the screenshot.
tmux -L "$SOCKET" new-session -d -x 72 -y 12 -s shot "'$BIN' --screen 1 --no-history; sleep 30"
screen=""
for _ in $(seq 1 100); do  # up to 20 s for the first frame
  screen="$(tmux -L "$SOCKET" capture-pane -p -t shot)"
  [[ "$screen" == *"Esc · ^C"* ]] && break
  sleep 0.2
done
tmux -L "$SOCKET" send-keys -t shot s a o
for _ in $(seq 1 100); do  # the answer for the whole query
  screen="$(tmux -L "$SOCKET" capture-pane -p -t shot)"
  [[ "$screen" == *"City: sao"* && "$screen" == *"› São Paulo"* && "$screen" == *"/"* ]] && break
  sleep 0.2
done
[[ "$screen" == *"City: sao"* ]] || { echo "update-screenshots: the demo did not answer:" >&2; echo "$screen" >&2; exit 2; }
tmux -L "$SOCKET" send-keys -t shot C-c

SCREEN="$screen" CHECK="${CHECK:-0}" python3 - "$ROOT/README.md" "$ROOT/Guides/Terminal.md" <<'PY'
import os, re, sys
shot = "\n".join(line.rstrip() for line in os.environ["SCREEN"].rstrip("\n").split("\n")).rstrip("\n")
stale = []
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    pattern = re.compile(r"(<!-- screenshot: demo-sao -->\n```\n)(.*?)(\n```)", re.S)
    if not pattern.search(text):
        sys.exit(f"update-screenshots: no screenshot marker in {path}")
    new = pattern.sub(lambda m: m.group(1) + shot + m.group(3), text)
    if new != text:
        stale.append(path)
        if os.environ["CHECK"] != "1":
            open(path, "w", encoding="utf-8").write(new)
for path in stale:
    print(("out of date: " if os.environ["CHECK"] == "1" else "updated: ") + path)
sys.exit(1 if stale and os.environ["CHECK"] == "1" else 0)
PY
