"""The rules from Python: perft equal to the program's, moves, FEN, the end of a game."""

import copy
import subprocess

import pytest

import dama

# Published start-position figures (the perft tables docs/rules.md cites).
PUBLISHED = {
    "international": [9, 81, 658, 4265, 27117, 167140],
    # Antidraughts moves as international draughts does.
    "antidraughts": [9, 81, 658, 4265, 27117, 167140],
    # So do killer (until kings meet) and breakthrough (until a king can be crowned).
    "killer": [9, 81, 658, 4265, 27117, 167140],
    "breakthrough": [9, 81, 658, 4265, 27117, 167140],
    "english": [7, 49, 302, 1469, 7361, 36768],
    "russian": [7, 49, 302, 1469, 7482, 37986],
    # Russian giveaway moves as the Russian rules do.
    "giveaway": [7, 49, 302, 1469, 7482, 37986],
    # dctl's Frisian figures (one move per start, end and pieces taken).
    "frisian": [9, 81, 658, 3874, 21265, 102431],
    # Turkish: pydraughts 0.6.7's figures (no published table).
    "turkish": [8, 64, 708, 7538, 85090],
}


def program_perft(dama_bin, variant, depth):
    out = subprocess.run(
        [str(dama_bin), "perft", "--rules", variant, "--depth", str(depth)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    counts = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit():
            counts.append(int(parts[1]))
    return counts


@pytest.mark.parametrize("variant", dama.VARIANTS)
def test_every_variants_start_perft_equals_the_programs(dama_bin, variant):
    depth = 5 if variant == "international" else 6
    board = dama.Board(variant)
    ours = [board.perft(d) for d in range(1, depth + 1)]
    assert ours == program_perft(dama_bin, variant, depth)
    if variant in PUBLISHED:
        known = PUBLISHED[variant][:depth]
        assert ours[: len(known)] == known


def test_the_variant_list_and_aliases():
    assert dama.VARIANTS == dama.variants()
    assert "international" in dama.VARIANTS and "czech" in dama.VARIANTS
    assert dama.Board("standard").variant == "international"
    assert dama.Board("Checkers").variant == "english"
    with pytest.raises(dama.DamaError, match="unknown rule set 'polish'"):
        dama.Board("polish")


def test_moves_are_pushed_popped_and_written_in_the_rule_sets_notation():
    board = dama.Board("international")
    assert board.size == 10 and board.turn == "white"
    assert sorted(str(m) for m in board.legal_moves) == [
        "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30",
    ]
    mv = board.push_text("32-28")
    assert mv.squares == [32, 28] and mv.captures == [] and not mv.is_capture
    board.push(board.parse_move("19-23"))
    take = board.push("28x19")
    assert take.is_capture and take.captures == [23] and take.squares == [28, 19]
    assert [str(m) for m in board.move_stack] == ["32-28", "19-23", "28x19"]
    assert board.pop() == take
    assert board.turn == "white"
    assert repr(board.legal_moves[0]).startswith("Move('")
    czech = dama.Board("czech")
    assert str(czech.push_text("c3-d4")) == "c3-d4"
    english = dama.Board("english")
    assert english.turn == "black", "English draughts: Black moves first"
    assert str(english.push_text("11-15")) == "11-15"
    pool = dama.Board("pool")
    assert pool.turn == "black", "APCA rule 7"
    assert sorted(m.squares[0] for m in pool.legal_moves) == [9, 9, 10, 10, 11, 11, 12]
    with pytest.raises(IndexError):
        dama.Board("czech").pop()


def test_fen_round_trips_copies_equality_and_hashing():
    board = dama.Board("russian")
    for text in ["c3-d4", "f6-g5", "g3-f4"]:
        board.push_text(text)
    again = dama.Board("russian", board.fen())
    assert again.fen() == board.fen()
    assert again == board and hash(again) == hash(board)
    assert again.move_stack == [] and len(board.move_stack) == 3
    other = board.copy()
    other.push(other.legal_moves[0])
    assert other != board and len(board.move_stack) == 3
    assert copy.deepcopy(board) == board
    assert dama.Board("czech") != dama.Board("russian"), "same pieces, other rules"
    assert {dama.Board("czech"), dama.Board("czech")} == {dama.Board("czech")}
    assert repr(dama.Board("czech")).startswith("Board('czech', 'W:W")


def test_the_end_of_a_game_and_its_reason():
    board = dama.Board("english", "B:W18:B14")
    assert board.result() == "*" and board.outcome() is None
    board.push_text("14x23")
    assert board.is_game_over()
    assert board.result() == "0-1"
    out = board.outcome()
    assert (out.result, out.winner, out.reason) == ("0-1", "black", "no-pieces")
    assert board.legal_moves == []
    with pytest.raises(dama.GameOverError):
        board.push_text("23-27")
    resign = dama.Board("czech")
    resign.resign()
    assert resign.outcome().reason == "resignation" and resign.result() == "0-1"
    assert resign.pop() is None, "the resignation is taken back, no move"
    assert not resign.is_game_over()
    draw = dama.Board("czech")
    draw.agree_draw()
    assert draw.result() == "1/2-1/2" and draw.outcome().winner is None


def test_text_svg_squares_and_arrays():
    board = dama.Board("czech")
    assert str(board).splitlines()[0] == "  b   b   b   b"
    assert str(board).splitlines()[-1] == "w   w   w   w"
    assert board.square_name(29) == "a1"
    assert dama.Board("international").square_name(50) == "50"
    with pytest.raises(dama.DamaError):
        board.square_name(33)
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and 'class="piece white man"' in svg
    planes = dama.Board("international").to_array()
    assert planes.shape == (4, 10, 10) and planes.dtype.name == "float32"
    assert planes[0].sum() == 20 and planes[2].sum() == 20 and planes[1].sum() == 0
    assert planes[0, 9, 0] == 1.0, "square 46 (a1) is White's, bottom left"


def test_legal_moves_are_a_sequence():
    board = dama.Board("czech")
    moves = board.legal_moves
    assert len(moves) == moves.count() == 7 and moves
    assert moves[-1] == moves[6] and moves[:2] == [moves[0], moves[1]]
    with pytest.raises(IndexError):
        moves[7]
    assert board.parse_move("c3-d4") in moves
    assert dama.Board("russian").parse_move("c3-d4") not in moves, "another rule set's move"
    assert "c3-d4" not in moves
    assert list(moves) == [moves[i] for i in range(7)] == moves
    assert moves == board.legal_moves and moves != dama.Board("czech", "W:Wc3:Bh8").legal_moves
    assert repr(moves).startswith("<LegalMoves (a3-b4, ")
    assert not dama.Board("czech", "W:Wa1:Bb2,c3").legal_moves
