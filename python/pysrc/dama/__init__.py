"""Draughts for Python: the rules of every rule set the dama program plays, PDN, its engine,
its endgame tables, SVG diagrams and NumPy arrays, compiled from Rust.

>>> import dama
>>> board = dama.Board("international")
>>> len(board.legal_moves)
9
>>> board.push_text("32-28")
Move('32-28')
>>> board.turn
'black'
"""

from ._dama import (
    VARIANTS,
    Analysis,
    Board,
    DamaError,
    Engine,
    FenError,
    Game,
    GameOverError,
    IllegalMoveError,
    LegalMoves,
    Move,
    Outcome,
    PdnError,
    Tablebase,
    positions_array,
    read_games,
    read_games_file,
    variants,
    write_game,
)

__all__ = [
    "VARIANTS",
    "Analysis",
    "Board",
    "DamaError",
    "Engine",
    "FenError",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "Outcome",
    "PdnError",
    "Tablebase",
    "positions_array",
    "read_games",
    "read_games_file",
    "variants",
    "write_game",
]
