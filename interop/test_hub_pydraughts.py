"""`dama hub` driven by pydraughts' HubEngine, as its users and lidraughts-bot drive engines.

For each variant, pydraughts' Board keeps the game and checks every move dama returns; the
game goes on until pydraughts says it is over. Run: pytest interop --dama target/release/dama
"""

import subprocess
import time

import pytest
import draughts
from draughts.engine import HubEngine, Limit

# The variants played with pydraughts' board of the same name; "standard" is pydraughts' (and
# lidraughts') international game, played on its 10x10 board.
VARIANTS = [
    "russian", "brazilian", "english", "italian", "standard", "antidraughts", "breakthrough",
    "frisian", "frysk!", "turkish",
]

# The name sent in `set-param name=variant` when it is not pydraughts' own: the Hub protocol's
# (Scan's) name of the international game is "normal", as lidraughts-bot sends it.
HUB_NAMES = {"standard": "normal"}

# The arguments of `dama hub` for a variant: the international game is started with
# `--rules international`, so that its `variant` parameter declares `normal` as Scan does.
HUB_ARGS = {
    "standard": ["--rules", "international"],
    "antidraughts": ["--rules", "antidraughts"],
    "breakthrough": ["--rules", "breakthrough"],
    "frisian": ["--rules", "frisian"],
    "frysk!": ["--rules", "frysk"],
    "turkish": ["--rules", "turkish"],
}

# Variants in VARIANTS that this build of dama does not have yet (they come with the rule
# sets of another branch). Remove a name here once `dama --rules NAME` exists: from then on
# the test fails loudly if `dama hub` refuses it.
NOT_YET_IN_DAMA = set()

# Czech draughts has no pydraughts board: men capture forward only (as in english and
# italian) while kings fly (as in russian and brazilian), so no board of pydraughts has its
# moves; a game checked on the nearest one would fail on the first capture they differ on.
CZECH_SKIP = (
    "pydraughts has no Czech rules and none of its boards has the Czech moves "
    "(men capture forward only, flying kings, king captures first)"
)

# A game longer than this is not a finished game: the test fails.
MAX_PLIES = 500


def read_until(engine, last):
    """The lines the engine writes up to the first that starts with `last`."""
    lines = []
    while True:
        line = engine.recv()
        lines.append(line)
        if line.split()[0] == last:
            return lines


def start(dama, variant):
    engine = HubEngine([dama, "hub", *HUB_ARGS.get(variant, [])])
    assert engine.id.get("name") == "dama", engine.id
    assert "variant" in engine.options, engine.options
    name = HUB_NAMES.get(variant, variant)
    assert name in engine.variants, (
        f"dama hub does not offer the variant {name} (it offers {sorted(engine.variants)})"
    )
    engine.setoption("variant", name)
    engine.init()
    # An error about the variant would come before this pong.
    engine.send("ping")
    lines = read_until(engine, "pong")
    errors = [line for line in lines if line.startswith("error")]
    assert not errors, f"dama hub refused the variant {variant}: {errors}"
    return engine


def play_game(engine, variant, limit):
    board = draughts.Board(variant=variant)
    engine.send("new-game")
    plies = 0
    while not board.is_over():
        assert plies < MAX_PLIES, f"{variant}: no result after {MAX_PLIES} plies"
        legal = {m.hub_move for m in board.legal_moves()}
        try:
            result = engine.play(board, limit, False)
        except (KeyError, ValueError) as e:
            pytest.fail(f"{variant}, ply {plies + 1}: dama's move is not legal in pydraughts ({e!r}); legal: {sorted(legal)}")
        move = result.move
        assert move is not None and move.board_move in [m.board_move for m in board.legal_moves()], (
            f"{variant}, ply {plies + 1}: {move and move.hub_move} not in {sorted(legal)}"
        )
        board.push(move)
        plies += 1
    assert board.winner() is not None
    return plies, board.winner()


def variant_params():
    params = []
    for v in VARIANTS:
        marks = []
        if v in NOT_YET_IN_DAMA:
            marks.append(pytest.mark.skip(reason=f"{v} is not in this build of dama yet (NOT_YET_IN_DAMA)"))
        params.append(pytest.param(v, marks=marks, id=v))
    params.append(pytest.param("czech", marks=[pytest.mark.skip(reason=CZECH_SKIP)], id="czech"))
    return params


@pytest.mark.parametrize("variant", variant_params())
def test_complete_games_by_depth(dama, variant):
    engine = start(dama, variant)
    try:
        for depth in (4, 6):
            plies, winner = play_game(engine, variant, Limit(depth=depth))
            print(f"{variant}: {plies} plies, winner {winner}")
            assert plies > 0
    finally:
        engine.quit()
        engine.p.wait(timeout=10)


@pytest.mark.parametrize("variant", variant_params())
def test_complete_game_on_a_clock(dama, variant):
    engine = start(dama, variant)
    try:
        # 3 s + 0.05 s a move, counted down by the test as a GUI would.
        left, inc = 3.0, 0.05
        board = draughts.Board(variant=variant)
        plies = 0
        while not board.is_over():
            assert plies < MAX_PLIES
            legal = [m.board_move for m in board.legal_moves()]
            left += inc  # the protocol adds the increment before every move
            started = time.monotonic()
            result = engine.play(board, Limit(time=left, inc=inc), False)
            left -= time.monotonic() - started
            assert left > 0, f"{variant}: dama lost on time at ply {plies + 1}"
            assert result.move.board_move in legal
            board.push(result.move)
            plies += 1
        print(f"{variant} on a clock: {plies} plies, winner {board.winner()}, {left:.2f} s left")
        assert board.winner() is not None
    finally:
        engine.quit()
        engine.p.wait(timeout=10)


@pytest.mark.parametrize("name", ["normal", "standard", "international"])
def test_every_name_of_the_international_game(dama, name):
    """`dama hub` started for 8x8 takes Scan's, pydraughts' and its own name of the
    international game, then plays pydraughts' standard board a few moves."""
    engine = HubEngine([dama, "hub"])
    try:
        engine.setoption("variant", name)
        engine.init()
        engine.send("ping")
        lines = read_until(engine, "pong")
        assert not [line for line in lines if line.startswith("error")], lines
        board = draughts.Board(variant="standard")
        for _ in range(6):
            result = engine.play(board, Limit(depth=3), False)
            assert result.move.board_move in [m.board_move for m in board.legal_moves()]
            board.push(result.move)
    finally:
        engine.quit()
        engine.p.wait(timeout=10)


def test_refuses_10x10_and_bad_lines(dama):
    p = subprocess.run(
        [dama, "hub"],
        input="hub\ninit\npos pos=W" + "e" * 50 + "\nlevel depth=2\ngo think\nnonsense x=\"\nping\nquit\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    lines = p.stdout.splitlines()
    assert p.returncode == 0
    assert any(line.startswith("error message=") and "10x10" in line for line in lines), lines
    assert lines[-1] == "pong", lines


# Two white kings against two black men (Russian), in the position string of pydraughts'
# internal board: black men on 14 and 15, white kings on 30 and 31. With the tables of three
# pieces the search finds a won (or, black to move, lost) 3-piece ending a few plies ahead.
TABLE_POSITION = "eeeeeeeeeeeeebbeeeeeeeeeeeeeeWWe"


@pytest.mark.parametrize("side,sign", [("W", 1), ("B", -1)], ids=["win", "loss"])
def test_a_table_win_reads_with_its_sign(dama, tmp_path, side, sign):
    """pydraughts reads the Hub score of a table win (and of a table loss) with its sign: a
    large evaluation or a win of the right side, never a win of the other side (issue 39:
    the score was written beyond 100 men, e.g. 279.97, which pydraughts reads as a win in
    minus 8999 moves)."""
    tables = tmp_path / "tb"
    subprocess.run(
        [dama, "tb", "build", "--rules", "russian", "--pieces", "3", "--tb-dir", str(tables)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    engine = HubEngine([dama, "hub"])
    try:
        engine.setoption("variant", "russian")
        engine.setoption("tb-dir", str(tables))
        engine.setoption("book", False)
        engine.init()
        engine.go(side + TABLE_POSITION, depth=6)
        score = engine.info["score"]
        assert engine.info["depth"] == 6, engine.info
        if "win" in score:
            assert score["win"] * sign > 0, score
        else:
            # Scan's band of bitbase wins, 80-90 men, read by pydraughts as centimen.
            assert 8000 < score["cp"] * sign < 9000, score
    finally:
        engine.quit()
        engine.p.wait(timeout=10)
