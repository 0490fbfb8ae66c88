"""dama against pydraughts and py-draughts, from Python, in one run on one machine.

Two tasks on every variant the libraries share with dama:

- move generation: the legal moves of 14 positions per variant (pydraughts' own FEN strings
  from seeded random games, kings included: positions.json), generated again and again, and
  counted (``len``), or each move object read (a loop over them; dama makes its ``Move``
  objects only when they are read, the others make them all at once);
- perft from the start position: through each library's fastest way (dama's
  ``Board.perft``; py-draughts' ``TurboEngine`` perft on international draughts; elsewhere a
  Python perft over the library's ``legal_moves``/``push``/``pop``).

pydraughts and py-draughts are both imported as ``draughts``, so each runs in a virtual
environment of its own (``setup.sh`` makes them from the pinned requirement files) and this
script runs itself there as a worker. Every count is checked against pydraughts' (moves) and
the published figures (perft); a library whose figures differ is reported, not timed.

    python python/bench/bench.py             # the table of python/README.md
    python python/bench/bench.py --quick     # a short run
"""

from __future__ import annotations

import argparse
import json
import operator
import os
import pathlib
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
POSITIONS = json.loads((HERE / "positions.json").read_text())

# Published start-position perft figures (depths 1-8), as dama's tests check them
# (crates/dama-core/tests/it/perft_official.rs, international.rs, russian_rules.rs).
PERFT = {
    "international": [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961],
    "english": [7, 49, 302, 1469, 7361, 36768, 179740, 845931],
    "russian": [7, 49, 302, 1469, 7482, 37986, 190146, 929899],
    "brazilian": [7, 49, 302, 1469, 7473, 37628, 187302, 907830],
    "italian": [7, 49, 302, 1469, 7361, 36473, 177532, 828783],
}

# The perft depth each library is timed at (quick run, full run): deep enough that the time
# is the counting, not the call; compared in leaves per second.
PERFT_DEPTH = {"dama": (6, 8), "pydraughts": (3, 4), "py-draughts": (4, 5)}

# The variants each library shares with dama: dama's name -> the library's.
PYDRAUGHTS = {
    "international": "standard",
    "english": "english",
    "russian": "russian",
    "brazilian": "brazilian",
    "italian": "italian",
}
PY_DRAUGHTS = {
    "international": "StandardBoard",
    "english": "AmericanBoard",
    "russian": "RussianBoard",
    "brazilian": "BrazilianBoard",
}


def best_of(repeat, run):
    """The least time of `repeat` runs of `run()`, and its result."""
    best = None
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return best, result


def api_perft(board, depth, moves_of):
    """Perft through a library's Python API."""
    if depth == 0:
        return 1
    moves = moves_of(board)
    if depth == 1:
        return len(moves)
    total = 0
    for mv in moves:
        board.push(mv)
        total += api_perft(board, depth - 1, moves_of)
        board.pop()
    return total


def library(name):
    """For a library: (variants it has, a board from FEN, the legal moves of a board (its own
    attribute or method, called directly: no Python function around it), perft of the start
    to a depth, how that perft counts)."""
    if name == "dama":
        import dama

        def perft(variant, depth):
            return dama.Board(variant).perft(depth)

        return (
            list(PERFT),
            lambda variant, fen: dama.Board(variant, fen),
            operator.attrgetter("legal_moves"),
            perft,
            "Board.perft (Rust)",
        )
    if name == "pydraughts":
        import draughts

        def perft(variant, depth):
            board = draughts.Board(variant=PYDRAUGHTS[variant])
            return api_perft(board, depth, lambda b: b.legal_moves())

        return (
            list(PYDRAUGHTS),
            lambda variant, fen: draughts.Board(variant=PYDRAUGHTS[variant], fen=fen),
            operator.methodcaller("legal_moves"),
            perft,
            "legal_moves/push/pop",
        )
    if name == "py-draughts":
        import draughts
        from draughts.engines.turbo import perft_from_board

        def perft(variant, depth):
            board = getattr(draughts, PY_DRAUGHTS[variant])()
            if variant == "international":
                return perft_from_board(board, depth)
            return api_perft(board, depth, lambda b: b.legal_moves)

        return (
            list(PY_DRAUGHTS),
            lambda variant, fen: getattr(draughts, PY_DRAUGHTS[variant]).from_fen(fen),
            operator.attrgetter("legal_moves"),
            perft,
            "TurboEngine perft (international), else legal_moves/push/pop",
        )
    raise SystemExit(f"unknown library {name}")


def worker(name, quick):
    """Times one library; prints its figures as JSON."""
    variants, from_fen, moves_of, perft, how = library(name)
    rounds = 20 if quick else 200
    repeat = 3
    out = {"library": name, "perft_by": how, "variants": {}}
    for variant in variants:
        entry = {}
        boards = [(from_fen(variant, fen), count) for fen, count in POSITIONS[variant]]
        counts = [len(moves_of(board)) for board, _ in boards]
        expected = [count for _, count in boards]
        if counts != expected:
            entry["movegen_error"] = f"legal-move counts {counts} differ from pydraughts' {expected}"
        else:

            def generate():
                total = 0
                for _ in range(rounds):
                    for board, _ in boards:
                        total += len(moves_of(board))
                return total

            def generate_and_read():
                total = 0
                for _ in range(rounds):
                    for board, _ in boards:
                        for _move in moves_of(board):
                            total += 1
                return total

            took, total = best_of(repeat, generate)
            entry["movegen"] = {"calls": rounds * len(boards), "moves": total, "seconds": took}
            took, total = best_of(repeat, generate_and_read)
            entry["movegen_read"] = {"calls": rounds * len(boards), "moves": total, "seconds": took}
        depth = PERFT_DEPTH[name][0 if quick else 1]
        took, nodes = best_of(repeat, lambda: perft(variant, depth))
        if nodes != PERFT[variant][depth - 1]:
            entry["perft_error"] = (
                f"perft({depth}) = {nodes}, the published figure is {PERFT[variant][depth - 1]}"
            )
        else:
            entry["perft"] = {"depth": depth, "nodes": nodes, "seconds": took}
        out["variants"][variant] = entry
    print(json.dumps(out))


def gil(quick):
    """One search against two at once in two threads (each with its own engine and the same
    node budget): with the GIL released they take about the time of one on two cores."""
    import threading

    import dama

    nodes = 300_000 if quick else 3_000_000
    board = dama.Board("international")

    def search():
        dama.Engine(book=False).analyse(board, nodes=nodes)

    one, _ = best_of(3, search)

    def two():
        threads = [threading.Thread(target=search) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    both, _ = best_of(3, two)
    return nodes, one, both


def run_worker(python, name, quick):
    cmd = [python, str(pathlib.Path(__file__).resolve()), "--worker", name]
    if quick:
        cmd.append("--quick")
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{name} ({python}) failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def fmt_time(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def rate(entry):
    """Leaves per second of a perft entry, as text."""
    per_second = entry["nodes"] / entry["seconds"]
    if per_second >= 1e6:
        return f"{per_second / 1e6:.1f} M/s (depth {entry['depth']})"
    return f"{per_second / 1e3:.0f} k/s (depth {entry['depth']})"


def table(results):
    """The Markdown table and the notes on what was not timed. Move generation compares
    times for the same calls; perft compares leaves per second, each library at its depth."""
    dama_r = results["dama"]
    others = [r for r in results.values() if r["library"] != "dama"]
    lines = [
        "| variant | task | " + " | ".join(r["library"] for r in others) + " | dama | dama's speed-up |",
        "|---|---|" + "---|" * len(others) + "---|---|",
    ]
    notes = []
    for variant in PERFT:
        for task, label in (
            ("movegen", "legal moves, counted"),
            ("movegen_read", "legal moves, each read"),
            ("perft", "perft from the start, leaves per second"),
        ):
            ours = dama_r["variants"][variant].get(task)
            if ours is None:
                entry = dama_r["variants"][variant]
                error = entry.get(task + "_error") or entry.get("movegen_error")
                notes.append(f"dama, {variant}: {error}")
                continue
            cells = []
            best = None  # the fastest other library: least time, or most leaves per second
            for r in others:
                entry = r["variants"].get(variant)
                if entry is None:
                    cells.append("—")
                    continue
                got = entry.get(task)
                if got is None:
                    cells.append("wrong count")
                    error = entry.get(task + "_error") or entry.get("movegen_error")
                    note = f"{r['library']}, {variant}: {error}"
                    if note not in notes:
                        notes.append(note)
                    continue
                if task == "perft":
                    cells.append(rate(got))
                    value = got["nodes"] / got["seconds"]
                    best = value if best is None else max(best, value)
                else:
                    cells.append(fmt_time(got["seconds"]))
                    best = got["seconds"] if best is None else min(best, got["seconds"])
            if task == "perft":
                mine = rate(ours)
                speedup = f"{ours['nodes'] / ours['seconds'] / best:.0f}×" if best else "—"
                what = label
            else:
                mine = fmt_time(ours["seconds"])
                speedup = f"{best / ours['seconds']:.0f}×" if best else "—"
                what = f"{label} ({ours['calls']} calls)"
            lines.append(
                f"| {variant} | {what} | " + " | ".join(cells) + f" | {mine} | {speedup} |"
            )
    return "\n".join(lines), notes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument(
        "--pydraughts",
        default=os.environ.get("PYDRAUGHTS_PYTHON", str(HERE / ".venv-pydraughts/bin/python")),
        help="the Python of pydraughts' virtual environment (setup.sh makes it)",
    )
    parser.add_argument(
        "--py-draughts",
        default=os.environ.get("PY_DRAUGHTS_PYTHON", str(HERE / ".venv-py-draughts/bin/python")),
        help="the Python of py-draughts' virtual environment (setup.sh makes it)",
    )
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, args.quick)
        return
    results = {
        "dama": run_worker(sys.executable, "dama", args.quick),
        "pydraughts": run_worker(args.pydraughts, "pydraughts", args.quick),
        "py-draughts": run_worker(args.py_draughts, "py-draughts", args.quick),
    }
    text, notes = table(results)
    print(text)
    print()
    for r in results.values():
        print(f"- {r['library']}: perft by {r['perft_by']}")
    for note in notes:
        print(f"- not timed: {note}")
    nodes, one, both = gil(args.quick)
    print(
        f"- threads: one search of {nodes} nodes {fmt_time(one)}, two at once in two threads "
        f"{fmt_time(both)} ({both / one:.2f} times one; {os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
