#!/usr/bin/env python3
"""Latency of `dama hub`, measured from outside (a script, not a test: figures for docs/hub.md).

1. `level move-time=0.1` and `go think`: seconds from sending `go think` to reading `done`,
   over 20 positions (the first 20 of a game dama plays against itself at depth 3).
2. `stop` during `go analyze`: seconds from sending `stop` to reading `done`, 20 times, each
   after the analysis has run for 0.3 s.

Usage: python3 interop/latency.py path/to/dama [variant]   (standard library only)
"""

import statistics
import subprocess
import sys
import time

START = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"


def main():
    dama = sys.argv[1]
    variant = sys.argv[2] if len(sys.argv) > 2 else "russian"
    p = subprocess.Popen([dama, "hub"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(word):
        while True:
            line = p.stdout.readline()
            if not line:
                raise SystemExit("dama hub ended")
            if line.split()[0] == word:
                return line

    send("hub")
    until("wait")
    send(f"set-param name=variant value={variant}")
    send("init")
    until("ready")

    # The positions: a game at depth 3.
    moves = []
    positions = []
    for _ in range(20):
        positions.append(list(moves))
        send(f'pos pos={START} moves="{" ".join(moves)}"' if moves else f"pos pos={START}")
        send("level depth=3")
        send("go think")
        done = until("done")
        moves.append(done.split()[1].split("=", 1)[1])

    think = []
    for pos_moves in positions:
        send(f'pos pos={START} moves="{" ".join(pos_moves)}"' if pos_moves else f"pos pos={START}")
        send("level move-time=0.1")
        started = time.perf_counter()
        send("go think")
        until("done")
        think.append(time.perf_counter() - started)

    # `go think` plays a forced move at once; `go analyze` searches it like any other.
    forced = sum(1 for t in think if t < 0.01)
    stop = []
    for pos_moves in positions:
        send(f'pos pos={START} moves="{" ".join(pos_moves)}"' if pos_moves else f"pos pos={START}")
        send("level infinite")
        send("go analyze")
        time.sleep(0.3)
        started = time.perf_counter()
        send("stop")
        until("done")
        stop.append(time.perf_counter() - started)

    send("quit")
    p.wait(timeout=10)
    ms = lambda xs: ", ".join(f"{x * 1000:.1f}" for x in sorted(xs))
    print(f"go think at move-time=0.1: median {statistics.median(think):.4f} s, max {max(think):.4f} s")
    print(f"  sorted (ms): {ms(think)}")
    print(f"  ({forced} of the 20 positions have one legal move: go think plays it at once)")
    print(f"stop during go analyze: median {statistics.median(stop) * 1000:.2f} ms, max {max(stop) * 1000:.2f} ms")
    print(f"  sorted (ms): {ms(stop)}")


if __name__ == "__main__":
    main()
