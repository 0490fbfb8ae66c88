"""Makes the checked-in perft tables that `dama` is tested against: for a variant pydraughts
shares with us, positions reached by seeded random play from the start, each with its
depth-4 perft counted by pydraughts (its own Board, legal_moves, push and pop).

Run from the repository root with the pinned pydraughts of interop/requirements.txt:

    python interop/perft/make_table.py antidraughts --positions 200 --seed 1 \
        > interop/perft/antidraughts.txt

A table of N lines is extended with `--from N` (the same seed gives the same positions in the
same order), appending: each position takes pydraughts 5-20 s.

Each line is `FEN count` (the FEN as pydraughts writes it); `crates/dama-core/tests/it/
pydraughts_perft.rs` reads the file and checks dama's perft of every FEN against the count.
Perft counts the leaves `depth` plies down; a position where pydraughts says the game is won
(breakthrough: a king on the board) has no moves, as under dama's rules. pydraughts lists a
capture once per route: two routes with the same start, end and pieces taken (a king's
capture landing on different squares on its way) are two of its moves but one move under the
FMJD's rules, in dama and in the published perft figures (dctl's "drop duplicates" counts).
So moves are counted here once per start, end and set of pieces taken.

Turkish: pydraughts 0.6.7 lets a king's plain move slide over pieces (from a1 past a man on
a3 to a4 ... a8), which no source of the rules allows (a king moves along an open line); the
script leaves those moves out. Its captures are the rules' (the most pieces, no turn of 180°,
a piece taken leaves the board at once).

Frisian and Frysk! limit a king's plain moves in a row (Art. 17: three with the same king,
while its side has men). pydraughts reads that limit from its move stack, and counts a man's
moves before its crowning among the king's (the three moves 11-6, 6-1, 1-6 of a man crowned
on 1 bar the new king there); a FEN does not carry it. So for these two the script keeps the
count itself, as the rules and dama keep it: a king's plain move made while its side has men
counts (one more if the same king moved last, else one), any other move of that side clears
it, and a counted king that is taken is counted no more. It counts perft from a board made
from the FEN alone (no move stack, so pydraughts' own limit never applies within four
plies), taking pydraughts' legal moves and leaving out the plain moves of a king whose count
has reached three. Where a count runs, the FEN gets lidraughts' field for it,
`:+<count><square>+<count><square>` (black's first), which dama reads.
"""

import argparse
import random
import sys

import draughts

DEPTH = 4


def game_won(board, variant):
    # pydraughts' legal_moves goes on after a crowning in breakthrough; the game is over.
    return variant == "breakthrough" and board.winner() is not None


def distinct_moves(board, variant):
    """pydraughts' legal moves, one per start, end and set of pieces taken; in Turkish
    without the kings' plain moves that slide over a piece."""
    seen = {}
    occupied = turkish_occupied(board.fen) if variant == "turkish" else None
    for move in board.legal_moves():
        if occupied is not None and slides_over_a_piece(move, occupied):
            continue
        key = (move.board_move[0][0], move.board_move[-1][-1], frozenset(move.captures))
        seen.setdefault(key, move)
    return list(seen.values())


def turkish_occupied(fen):
    """The occupied squares of a Turkish FEN (algebraic, `Kd4` for a king) as pydraughts
    numbers them in its moves: a1 = 1, h1 = 8, a2 = 9, ... h8 = 64."""
    occupied = set()
    for field in fen.split(":")[1:3]:
        for item in filter(None, field[1:].split(",")):
            name = item.lstrip("K")
            occupied.add((int(name[1:]) - 1) * 8 + ord(name[0]) - ord("a") + 1)
    return occupied


def slides_over_a_piece(move, occupied):
    """Whether `move` is a plain move that passes over a piece (pydraughts 0.6.7 lets a
    Turkish king's plain move slide over pieces, which the rules do not: a king moves along
    an open line)."""
    if move.captures:
        return False
    start, end = move.board_move[0][0], move.board_move[-1][-1]
    step = 1 if (start - 1) // 8 == (end - 1) // 8 else 8
    step = step if end > start else -step
    return any(square in occupied for square in range(start + step, end, step))


def perft(board, variant, depth, counts=None):
    """pydraughts' perft; with `counts` (Frisian), under the rules' limit on a king's plain
    moves in a row, the counts kept by the script."""
    if depth == 0:
        return 1
    if game_won(board, variant):
        return 0
    moves = distinct_moves(board, variant)
    if counts is not None:
        fen = board.fen
        barred = counts[fen[0]]
        if barred and barred[1] >= 3 and pieces(fen)[fen[0]][0]:
            moves = [m for m in moves if m.captures or m.board_move[0][0] != barred[0]]
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        after = None if counts is None else next_counts(counts, board.fen, move)
        board.push(move)
        total += perft(board, variant, depth - 1, after)
        board.pop()
    return total


COUNTS_KING_MOVES = ("frisian", "frysk!")


def pieces(fen):
    """The squares of each side in a FEN, as {"W": (men, kings), "B": (men, kings)}."""
    sides = {}
    for field in fen.split(":")[1:3]:
        men, kings = set(), set()
        for item in filter(None, field[1:].split(",")):
            if item.startswith("K"):
                kings.add(int(item[1:]))
            else:
                men.add(int(item))
        sides[field[0]] = (men, kings)
    return sides


def next_counts(counts, fen, move):
    """The kings' counts ({"W": (square, count) or None, "B": ...}) after `move` is played
    in the position `fen` (see the module's text)."""
    mover = fen[0]
    other = "B" if mover == "W" else "W"
    men, kings = pieces(fen)[mover]
    start, end = move.board_move[0][0], move.board_move[-1][-1]
    counts = dict(counts)
    if start in kings and not move.captures and men:
        last = counts[mover]
        counts[mover] = (end, last[1] + 1 if last and last[0] == start else 1)
    else:
        counts[mover] = None
    if counts[other] and counts[other][0] in move.captures:
        counts[other] = None
    return counts


def fen_with_counts(fen, counts):
    """`fen` with lidraughts' field of the kings' counts where one runs."""
    if not counts["W"] and not counts["B"]:
        return fen
    field = "".join(
        f"+{counts[side][1]}{counts[side][0]:02}" if counts[side] else "+0" for side in "BW"
    )
    return f"{fen}:{field}"


def random_positions(variant, count, rng):
    """Positions after 4 to 80 random plies from the start, none with the game over, none
    twice; each with its FEN (with the kings' counts where the variant keeps them)."""
    seen = set()
    while len(seen) < count:
        board = draughts.Board(variant=variant)
        counts = {"W": None, "B": None}
        plies = rng.randint(4, 80)
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves or game_won(board, variant):
                break
            move = rng.choice(moves)
            if variant in COUNTS_KING_MOVES:
                counts = next_counts(counts, board.fen, move)
            board.push(move)
        else:
            fen = fen_with_counts(board.fen, counts)
            if board.legal_moves() and not game_won(board, variant) and fen not in seen:
                seen.add(fen)
                if variant in COUNTS_KING_MOVES:
                    yield draughts.Board(variant=variant, fen=board.fen), fen, counts
                else:
                    yield board, fen, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--from", dest="start", type=int, default=0,
        help="count only the positions from this one on (0-based), without the header: "
        "appended to a table of the same seed, it extends it",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.start == 0:
        print_header(args)
    positions = random_positions(args.variant, args.positions, rng)
    for index, (board, fen, counts) in enumerate(positions):
        if index >= args.start:
            count = perft(board, args.variant, DEPTH, counts)
            print(f"{fen} {count}", flush=True)


def print_header(args):
    print(f"# pydraughts {draughts.__version__ if hasattr(draughts, '__version__') else '0.6.7'}: "
          f"{args.variant}, {args.positions} positions by random play (seed {args.seed}), "
          f"perft depth {DEPTH}")
    print(f"# made by: python interop/perft/make_table.py {args.variant} "
          f"--positions {args.positions} --seed {args.seed}")


if __name__ == "__main__":
    sys.exit(main())
