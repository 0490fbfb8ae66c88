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
"""

import argparse
import random
import sys

import draughts

DEPTH = 4


def game_won(board, variant):
    # pydraughts' legal_moves goes on after a crowning in breakthrough; the game is over.
    return variant == "breakthrough" and board.winner() is not None


def distinct_moves(board):
    """pydraughts' legal moves, one per start, end and set of pieces taken."""
    seen = {}
    for move in board.legal_moves():
        key = (move.board_move[0][0], move.board_move[-1][-1], frozenset(move.captures))
        seen.setdefault(key, move)
    return list(seen.values())


def perft(board, variant, depth):
    if depth == 0:
        return 1
    if game_won(board, variant):
        return 0
    moves = distinct_moves(board)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, variant, depth - 1)
        board.pop()
    return total


def random_positions(variant, count, rng):
    """Positions after 4 to 80 random plies from the start, none with the game over, none
    twice."""
    seen = set()
    while len(seen) < count:
        board = draughts.Board(variant=variant)
        plies = rng.randint(4, 80)
        for _ in range(plies):
            moves = board.legal_moves()
            if not moves or game_won(board, variant):
                break
            board.push(rng.choice(moves))
        else:
            if board.legal_moves() and not game_won(board, variant) and board.fen not in seen:
                seen.add(board.fen)
                yield board


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
    for index, board in enumerate(random_positions(args.variant, args.positions, rng)):
        if index >= args.start:
            count = perft(board, args.variant, DEPTH)
            print(f"{board.fen} {count}", flush=True)


def print_header(args):
    print(f"# pydraughts {draughts.__version__ if hasattr(draughts, '__version__') else '0.6.7'}: "
          f"{args.variant}, {args.positions} positions by random play (seed {args.seed}), "
          f"perft depth {DEPTH}")
    print(f"# made by: python interop/perft/make_table.py {args.variant} "
          f"--positions {args.positions} --seed {args.seed}")


if __name__ == "__main__":
    sys.exit(main())
