"""Bad input from Python is an exception with the program's message, never a crash:
hand-picked cases, then seeded random strings."""

import random

import pytest

import dama


def test_messages_are_the_programs():
    with pytest.raises(dama.FenError, match="three fields separated by ':'"):
        dama.Board("czech", "W:W33")
    with pytest.raises(dama.FenError):
        dama.Board("international", "W:W51:B1")
    board = dama.Board("czech")
    with pytest.raises(dama.IllegalMoveError, match="c4 is a light square"):
        board.push_text("c3-c4")
    with pytest.raises(dama.IllegalMoveError):
        board.push_text("")
    with pytest.raises(TypeError, match="push takes a Move or its text"):
        board.push(42)
    with pytest.raises(dama.IllegalMoveError, match="not a legal move here"):
        board.push(dama.Board("international").legal_moves[0])
    with pytest.raises(dama.DamaError, match="more than 20 plies"):
        board.perft(21)
    assert issubclass(dama.DamaError, ValueError)
    for error in (dama.FenError, dama.IllegalMoveError, dama.PdnError, dama.GameOverError):
        assert issubclass(error, dama.DamaError)


ALPHABET = "WBK:,-x0123456789abcdefgh.[]\"{}() \n\t*/1-0\u00e9\u2603\x00\ufeff"


def fuzz_strings(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 40)))


@pytest.mark.parametrize("variant", ["czech", "international", "english", "russian"])
def test_fuzzed_strings_raise_dama_errors_only(variant):
    board = dama.Board(variant)
    for text in fuzz_strings(hash(variant) % 1000, 2000):
        for call in (
            lambda: dama.Board(variant, text),
            lambda: board.copy().push_text(text),
            lambda: dama.read_games(text, variant=variant),
            lambda: dama.positions_array(text, variant=variant),
            lambda: dama.Board(text),
        ):
            try:
                call()
            except dama.DamaError:
                pass
