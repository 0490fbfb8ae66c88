"""PDN from Python: games written and read back, many games in one text, arrays of them."""

import pytest

import dama


def played(variant, plies):
    board = dama.Board(variant)
    for _ in range(plies):
        board.push(board.legal_moves[-1])
    return board


@pytest.mark.parametrize("variant", dama.VARIANTS)
def test_a_game_round_trips_through_pdn(variant):
    board = played(variant, 8)
    text = dama.write_game(board, {"White": "Ann", "Black": "Bob", "Event": "Club"})
    (game,) = dama.read_games(text)
    assert game.board.variant == variant
    assert game.board.move_stack == board.move_stack
    assert game.board.fen() == board.fen()
    assert game.tags["White"] == "Ann" and game.tags["Event"] == "Club"
    assert dama.write_game(game.board, {"White": "Ann", "Black": "Bob", "Event": "Club"}) == text


def test_many_games_a_file_and_their_positions_as_one_array(tmp_path):
    games = [played("international", n) for n in (3, 6, 9)]
    text = "\n".join(dama.write_game(g) for g in games)
    path = tmp_path / "games.pdn"
    path.write_text("\ufeff" + text, encoding="utf-8")
    read = dama.read_games_file(path)
    assert [len(g.board.move_stack) for g in read] == [3, 6, 9]
    assert "Game('international', 3 moves, *)" == repr(read[0])
    array = dama.positions_array(text)
    assert array.shape == (4 + 7 + 10, 4, 10, 10)
    assert (array[0] == dama.Board("international").to_array()).all()
    assert (array[3] == games[0].to_array()).all()


def test_a_game_without_game_type_takes_the_variant_given():
    text = '[Event "x"]\n1. 11-15 23-19 *\n'
    with pytest.raises(dama.PdnError, match="no GameType tag: give variant="):
        dama.read_games(text)
    (game,) = dama.read_games(text, variant="english")
    assert [str(m) for m in game.board.move_stack] == ["11-15", "23-19"]


def test_bad_pdn_names_the_game_and_line(tmp_path):
    text = '[GameType "29"]\n1. c3-d4 c3-d4 *\n'
    with pytest.raises(dama.PdnError, match=r"line 1: .*line 2: move 1 'c3-d4' is illegal"):
        dama.read_games(text)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        dama.read_games_file(tmp_path / "none.pdn")
    (tmp_path / "bin.pdn").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(dama.PdnError, match="not UTF-8"):
        dama.read_games_file(tmp_path / "bin.pdn")
    with pytest.raises(dama.DamaError, match="not a tag write_game sets"):
        dama.write_game(dama.Board(), {"Opening": "x"})
