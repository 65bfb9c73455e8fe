#!/usr/bin/env bash
# Runs `swift test` beside a CPU-bound busy loop that keeps one core full, as a loaded CI machine
# does, so a contributor can check that the suites are steady (no test starves the cooperative
# thread pool, no wait is shorter than a slow machine needs) before submitting.
#
#   scripts/test-under-load.sh [SWIFT TEST ARGUMENTS...]
#
# The arguments go to `swift test` (e.g. `--filter HTTPSourceTests -j 1`). The busy loop is started
# by this script and always killed when it ends (trap on EXIT, also on Ctrl-C). Prints the run's
# wall-clock time and exits with `swift test`'s status.
set -euo pipefail
cd "$(dirname "$0")/.."

busy_pid=""
stop_busy() {
  if [[ -n "$busy_pid" ]]; then
    kill "$busy_pid" 2>/dev/null || true
    wait "$busy_pid" 2>/dev/null || true
    busy_pid=""
  fi
}
trap stop_busy EXIT
trap 'exit 130' INT TERM HUP

# One core's worth of work: a shell loop that never sleeps, at normal priority.
bash -c 'while :; do :; done' &
busy_pid=$!
echo "test-under-load: busy loop $busy_pid keeps one core full" >&2

start=$(date +%s)
status=0
swift test "$@" || status=$?
end=$(date +%s)
echo "test-under-load: swift test $* took $((end - start)) s beside the busy loop (exit $status)" >&2
exit "$status"
