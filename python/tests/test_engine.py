"""The engine from Python: a whole game, analyses, the book, the tables, the GIL released."""

import threading

import pytest

import dama


def test_an_engine_game_is_played_to_the_end():
    board = dama.Board("czech")
    white, black = dama.Engine(seed=1), dama.Engine(seed=2)
    for _ in range(600):
        if board.is_game_over():
            break
        engine = white if board.turn == "white" else black
        board.push(engine.play(board, nodes=3000))
    assert board.is_game_over(), "the draw rules end every game"
    assert board.result() in ("1-0", "0-1", "1/2-1/2")
    assert board.outcome().reason in {
        "no-pieces", "blocked", "repetition", "no-progress", "king-ending",
    }
    assert dama.Engine().play(board) is None
    (again,) = dama.read_games(dama.write_game(board))
    assert again.board.result() == board.result()


def test_analyses_report_score_depth_and_line():
    board = dama.Board("international")
    engine = dama.Engine(book=False)
    analysis = engine.analyse(board, depth=5)
    assert analysis.depth == 5 and analysis.nodes > 0
    assert analysis.score is not None and analysis.mate is None
    assert analysis.pv and analysis.pv[0] in board.legal_moves
    assert analysis.source == "search"
    lines = engine.analyse(board, depth=3, multipv=3)
    assert len(lines) == 3 and len({line.pv[0] for line in lines}) == 3
    assert lines[0].score >= lines[1].score >= lines[2].score
    assert "Analysis(score=" in repr(analysis)


def test_a_won_ending_is_a_mate_score_and_the_tables_know_it():
    board = dama.Board("czech", "W:WKa1,Kc1:Bh8")
    tables = dama.Tablebase()
    wdl, plies = tables.probe(board)
    assert wdl == 1 and plies > 0
    engine = dama.Engine(tablebase=tables)
    move, analysis = engine.play_with_analysis(board, depth=8)
    assert move in board.legal_moves
    assert analysis.mate is not None and analysis.mate > 0
    assert tables.probe(dama.Board("czech")) is None, "no table holds the start"
    with pytest.raises(FileNotFoundError, match="no such table directory"):
        dama.Tablebase("/nonexistent/tables")


def test_the_book_answers_first():
    board = dama.Board("czech")
    move, analysis = dama.Engine().play_with_analysis(board)
    assert analysis.source == "book" and move in board.legal_moves
    _, searched = dama.Engine(book=False).play_with_analysis(board, depth=3)
    assert searched.source == "search"


def test_bad_limits_are_refused():
    engine = dama.Engine()
    board = dama.Board()
    for kwargs, message in [
        ({"depth": 0}, "depth must be from 1 to 64"),
        ({"movetime": -1.0}, "not a number of seconds"),
        ({"movetime": float("nan")}, "not a number of seconds"),
        ({"nodes": 0}, "nodes must be at least 1"),
        ({"multipv": 0}, "multipv must be from 1 to 64"),
    ]:
        with pytest.raises(dama.DamaError, match=message):
            engine.analyse(board, **kwargs)
    with pytest.raises(dama.DamaError, match="level must be from 1 to 10"):
        engine.play(board, level=11)
    with pytest.raises(dama.DamaError, match="threads must be"):
        dama.Engine(threads=0)
    with pytest.raises(dama.DamaError, match="hash_mb must be a power of two"):
        dama.Engine(hash_mb=3)


def test_a_search_releases_the_gil():
    """While one thread searches for two seconds, Python runs in another and finishes a perft:
    with the GIL held the main thread could not run until the search ended."""
    board = dama.Board("international")
    started, finished = threading.Event(), threading.Event()

    def search():
        started.set()
        dama.Engine(book=False).analyse(board, movetime=2.0)
        finished.set()

    worker = threading.Thread(target=search)
    worker.start()
    started.wait()
    count = 0
    for _ in range(1000):
        count += 1
    nodes = dama.Board("czech").perft(4)
    ran_during_search = not finished.is_set()
    worker.join()
    assert count == 1000 and nodes == 1469
    assert ran_during_search, "the main thread ran only after the search ended"


START_CZECH = "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8"


def test_a_book_file_of_ones_own_is_played_from(tmp_path):
    book = tmp_path / "mine.txt"
    book.write_text(f"# my openings\nbook czech\n{START_CZECH} a3-b4=10\n")
    for path in (book, str(book)):
        engine = dama.Engine(book=path)
        board = dama.Board("czech")
        move, analysis = engine.play_with_analysis(board, depth=3)
        assert (str(move), analysis.source) == ("a3-b4", "book")
        board.push(move)
        # Out of the book: the search.
        assert engine.play_with_analysis(board, depth=3)[1].source == "search"
    # Its rule set only.
    with pytest.raises(dama.DamaError, match="the engine's book is for czech, not for russian"):
        dama.Engine(book=book).play(dama.Board("russian"))


def test_a_bad_book_file_is_refused_with_the_programs_message(tmp_path):
    missing = tmp_path / "none.txt"
    with pytest.raises(FileNotFoundError, match="none.txt: the file does not exist"):
        dama.Engine(book=missing)
    cases = {
        "book czech\nW:Wzz a3-b4=10\n": "line 2",
        f"book czech\n{START_CZECH} a3-a5=10\n": "line 2",
        "book chess\n": "the book is for 'chess', which is not a rule set",
        f"{START_CZECH} a3-b4=10\n": "line 1",
    }
    for text, said in cases.items():
        path = tmp_path / "bad.txt"
        path.write_text(text)
        with pytest.raises(dama.DamaError, match=said):
            dama.Engine(book=path)
    with pytest.raises(TypeError, match="book must be True, False or the path of a book file"):
        dama.Engine(book=3)
