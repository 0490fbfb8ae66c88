"""`dama analyze --load --annotated` writes an annotated PDN ({[%eval ...]} comments, marks, variations
of the better line) that pydraughts' PDN reader (draughts.PDN.PDNReader) reads as the same game.

Run: pytest interop --dama target/release/dama
"""

import subprocess

from draughts.PDN import PDNReader


# A short Russian game from the start; black's last move costs a man or so by dama's search at
# depth 6, so the file has a mark and a variation.
GAME = """[Event "Interop"]
[White "Ann"]
[Black "Bob"]
[GameType "25"]

1. c3-d4 f6-e5 2. d4xf6 g7xe5 3. b2-c3 h6-g5 *
"""

# The moves as dama writes them for the Russian rules (captures with ':').
MOVES = ["c3-d4", "f6-e5", "d4:f6", "g7:e5", "b2-c3", "h6-g5"]


def test_the_annotated_pdn_reads_in_pydraughts(dama, tmp_path):
    source = tmp_path / "game.pdn"
    source.write_text(GAME)
    annotated = tmp_path / "annotated.pdn"
    tables = tmp_path / "tables"
    tables.mkdir()
    run = subprocess.run(
        [dama, "analyze", "--rules", "russian", "--load", str(source), "--depth", "6",
         "--annotated", str(annotated), "--tb-dir", str(tables)],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    text = annotated.read_text()
    # The file has what pydraughts must skip: eval comments, a mark and a variation.
    assert "{[%eval " in text and "(" in text and "?" in text, text
    games = PDNReader(filename=str(annotated)).games
    assert len(games) == 1
    game = games[0]
    assert game.moves == MOVES, text
    assert game.variant == "russian"
    assert game.game_ending == "*"
    assert game.tags["White"] == "Ann" and game.tags["Black"] == "Bob"
    assert game.tags["Event"] == "Interop"
