#!/usr/bin/env python3
"""How `autocomplete pick` answers keys on one huge line (issue #10), measured on a pseudo-terminal.

For each SIZE (MB), writes one line of SIZE MB ("abab…") to a scratch file, starts the picker on a
new pseudo-terminal (its controlling terminal, 100x30) with the line as `--data FILE` (or, with
--pipe, through `cat FILE |`), keeps a screen model of its output (pyte) and measures:

  first frame   from the fork until the prompt and footer are on the screen;
  loaded        until the status shows the line (`1/1`);
  echo          per key: a key is written, the clock stops at the read that puts the new query on the
                prompt line (the frame answering the key; its row may still be searched). "abab" typed
                one key at a time without waiting for rows, then four Backspaces; ROUNDS times;
  row           "ab" typed at once: until the row is on the screen again;
  Esc / Ctrl-C  (two runs) until the picker has left the alternate screen (ESC [?1049l read) and until
                the process has exited. Esc includes the picker's 30 ms wait for a longer sequence;
  peak          the largest peak RSS of the two runs (wait4).

Every process started is killed on every path (its whole process group).

Usage: scripts/measure-huge-line.py [--ours BIN] [--pipe] [--rounds N] [SIZE_MB ...]  (default 10 100)
Needs pyte (pip install pyte).
"""

import argparse
import os
import pty
import select
import signal
import struct
import sys
import tempfile
import termios
import time
import fcntl

try:
    import pyte
except ImportError:
    sys.exit("measure-huge-line: needs pyte (pip install pyte)")

COLUMNS, LINES = 100, 30
LEAVE_ALTERNATE = b"\x1b[?1049l"


class Picker:
    """One picker on a pseudo-terminal, with a screen model and the raw output."""

    def __init__(self, argv):
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.start = time.monotonic()
        self.status = None
        self.rusage = None
        pid, fd = pty.fork()
        if pid == 0:
            try:
                os.environ["TERM"] = "xterm-256color"
                os.execvp(argv[0], argv)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        os.kill(pid, signal.SIGWINCH)

    def rows(self):
        return [row.rstrip() for row in self.screen.display]

    def read_once(self, timeout):
        if not select.select([self.fd], [], [], max(0, timeout))[0]:
            return None
        try:
            chunk = os.read(self.fd, 1 << 16)
        except OSError:
            return b""
        at = time.monotonic()
        if chunk:
            self.raw += chunk
            self.stream.feed(chunk)
        return at if chunk else b""

    def wait_for(self, predicate, timeout):
        """The time of the read after which `predicate(self)` holds, or None."""
        deadline = time.monotonic() + timeout
        if predicate(self):
            return time.monotonic()
        while time.monotonic() < deadline:
            at = self.read_once(deadline - time.monotonic())
            if at == b"":
                return None
            if at is not None and predicate(self):
                return at
        return None

    def drain(self, quiet=0.02):
        while self.read_once(quiet) not in (None, b""):
            pass

    def send(self, data):
        os.write(self.fd, data)
        return time.monotonic()

    def wait_exit(self, timeout):
        """The time the process was seen gone (polled every 0.5 ms), or None."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status, rusage = os.wait4(self.pid, os.WNOHANG)
            if pid == self.pid:
                self.status, self.rusage = status, rusage
                return time.monotonic()
            self.read_once(0.0005)
        return None

    def kill(self):
        if self.status is None:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(self.pid, sig)
                except ProcessLookupError:
                    break
                time.sleep(0.05)
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
        try:
            os.close(self.fd)
        except OSError:
            pass


def prompt_is(query):
    return lambda p: any(row == "> " + query or (query == "" and row == ">") for row in p.rows())


def measure(argv, rounds, timeout, finishing_key):
    p = Picker(argv)
    try:
        first = p.wait_for(lambda p: any("Esc cancel" in r for r in p.rows()), timeout)
        if first is None:
            return None, "no first frame"
        loaded = p.wait_for(lambda p: any(r.strip() == "1/1" for r in p.rows()), timeout)
        if loaded is None:
            return None, "the line was not loaded"
        p.drain()
        echoes = []
        for _ in range(rounds):
            for query in ["a", "ab", "aba", "abab"]:
                sent = p.send(query[-1].encode())
                at = p.wait_for(prompt_is(query), timeout)
                if at is None:
                    return None, f"no echo of {query!r}"
                echoes.append((at - sent) * 1000)
            for query in ["aba", "ab", "a", ""]:
                sent = p.send(b"\x7f")
                at = p.wait_for(prompt_is(query), timeout)
                if at is None:
                    return None, f"no echo of Backspace to {query!r}"
                echoes.append((at - sent) * 1000)
        p.drain(0.05)
        sent = p.send(b"ab")
        row = p.wait_for(lambda p: prompt_is("ab")(p) and any(r.startswith("› abab") for r in p.rows()), timeout)
        if row is None:
            return None, "no row for 'ab'"
        row -= sent
        p.drain(0.05)
        mark = len(p.raw)
        sent = p.send(finishing_key)
        left = p.wait_for(lambda p: LEAVE_ALTERNATE in p.raw[mark:], timeout)
        exited = p.wait_exit(timeout)
        if left is None or exited is None:
            return None, "the key was not answered"
        return {
            "first": (first - p.start) * 1000,
            "loaded": (loaded - p.start) * 1000,
            "echoes": echoes,
            "row": row * 1000,
            "left": (left - sent) * 1000,
            "exited": (exited - sent) * 1000,
            "peak": p.rusage.ru_maxrss / 1024,
        }, None
    finally:
        p.kill()


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sizes", nargs="*", type=int, default=[10, 100])
    parser.add_argument("--ours", default=os.path.join(root, ".build", "release", "autocomplete"))
    parser.add_argument("--pipe", action="store_true", help="feed the line through a pipe (cat FILE |)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    print(f"{'line':>7} {'first':>7} {'loaded':>8} {'echo p50':>9} {'echo max':>9} {'row':>7} "
          f"{'Esc left':>9} {'Esc exit':>9} {'^C left':>8} {'^C exit':>8} {'peak':>8}")
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "line.txt")
        for size in args.sizes:
            with open(path, "w") as f:
                f.write("ab" * (size * 500000) + "\n")
            if args.pipe:
                argv = ["sh", "-c", f"cat '{path}' | exec '{args.ours}' pick"]
            else:
                argv = [args.ours, "pick", "--data", path]
            esc, why = measure(argv, args.rounds, args.timeout, b"\x1b")
            if esc is None:
                print(f"{size:>4} MB: {why}")
                continue
            ctrl_c, why = measure(argv, 1, args.timeout, b"\x03")
            if ctrl_c is None:
                print(f"{size:>4} MB: {why} (Ctrl-C run)")
                continue
            echoes = sorted(esc["echoes"])
            print(f"{size:>4} MB {esc['first']:6.0f}ms {esc['loaded']:6.0f}ms {echoes[len(echoes) // 2]:7.1f}ms "
                  f"{echoes[-1]:7.1f}ms {esc['row']:5.0f}ms {esc['left']:7.1f}ms {esc['exited']:7.1f}ms "
                  f"{ctrl_c['left']:6.1f}ms {ctrl_c['exited']:6.1f}ms {max(esc['peak'], ctrl_c['peak']):5.0f} MB",
                  flush=True)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(130)
