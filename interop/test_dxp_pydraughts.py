"""`dama dxp` against pydraughts' DXPEngine: pydraughts starts the game over DXP (it is the
initiator and plays white), `dama dxp --listen` follows and plays black. pydraughts' Board
(variant "standard", the international game) checks every move dama sends, and dama checks
every move pydraughts sends. Run: pytest interop --dama target/release/dama
"""

import random
import subprocess

import draughts
from draughts.engine import DXPEngine

# Plies played before pydraughts ends the game with GAMEEND (a game to the end would take a
# while at any depth; what is tested is the exchange, move by move).
PLIES = 40


def start_dama(dama):
    """`dama dxp` listening on a free port, and that port."""
    proc = subprocess.Popen(
        [dama, "dxp", "--listen", "127.0.0.1:0", "--depth", "3", "--timeout", "60"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first = proc.stderr.readline().strip()
    prefix = "dxp: listening on 127.0.0.1:"
    assert first.startswith(prefix), f"unexpected first line of dama dxp: {first!r}"
    return proc, int(first[len(prefix):])


def test_a_game_with_pydraughts_dxpengine(dama):
    proc, port = start_dama(dama)
    engine = DXPEngine(options={"engine-opened": True, "ip": "127.0.0.1", "port": port})
    board = draughts.Board(variant="standard")
    rng = random.Random(7)
    plies = 0
    try:
        while plies < PLIES and not board.is_over():
            if board.turn == draughts.WHITE:
                # pydraughts' side: a legal move, chosen reproducibly.
                move = rng.choice(board.legal_moves())
            else:
                # dama's side, sent over DXP; pydraughts rejects an illegal one.
                move = engine.play(board).move
                assert move is not None, f"ply {plies + 1}: dama sent no move"
                legal = [m.board_move for m in board.legal_moves()]
                assert move.board_move in legal, (
                    f"ply {plies + 1}: dama's {move.pdn_move} is not legal in pydraughts"
                )
            board.push(move)
            plies += 1
    finally:
        engine.quit()
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("moves "), out
    moves = lines[0].split()[1:]
    # dama saw the same game: the moves pydraughts pushed, in order (dama writes every
    # landing square of a capture, pydraughts the start and the end).
    assert len(moves) == plies, (moves, plies)
    for ours, theirs in zip(moves, board.move_stack):
        squares = ours.replace("x", "-").split("-")
        theirs_squares = theirs.pdn_move.replace("x", "-").split("-")
        assert (squares[0], squares[-1]) == (theirs_squares[0], theirs_squares[-1]), (
            ours,
            theirs.pdn_move,
        )
    assert lines[1].startswith("result no result (the other program ended the game"), lines[1]
