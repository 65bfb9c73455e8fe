# Shared by the measure-pick-*.sh scripts (sourced, not run): a tmux server of its own on socket
# $SOCKET, a scratch folder $WORK, both removed on exit, and helpers to read and wait for the screen.
# Set SOCKET_PREFIX before sourcing.
WORK="$(mktemp -d "${TMPDIR:-/tmp}/${SOCKET_PREFIX}.XXXXXX")"
SOCKET="${SOCKET_PREFIX}-$$"
cleanup() { tmux -L "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
now() { date +%s.%N; }
screen() { tmux -L "$SOCKET" capture-pane -p -t main 2>/dev/null || true; }
wait_for() {  # pattern, timeout seconds
  local deadline; deadline=$(echo "$(now) + $2" | bc)
  while (( $(echo "$(now) < $deadline" | bc) )); do
    if screen | grep -q -- "$1"; then return 0; fi
    sleep 0.01
  done
  return 1
}
