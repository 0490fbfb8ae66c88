"""Type stubs of the extension module dama._dama (re-exported by the package dama)."""

import os
from typing import Dict, Iterator, List, Optional, Sequence, Tuple, Union, overload

import numpy as np
import numpy.typing as npt

VARIANTS: List[str]
"""The names of the rule sets, in the program's order."""

class DamaError(ValueError):
    """Bad input: a FEN, a move, a PDN text, a name, a limit."""

class FenError(DamaError):
    """A text that is not a FEN position of the variant."""

class IllegalMoveError(DamaError):
    """A move that is not legal here, or a text that is not a move."""

class PdnError(DamaError):
    """A PDN text that is not a game of the variant."""

class GameOverError(DamaError):
    """A move asked for after the end of the game."""

class Move:
    """A move of a board; str() gives it in the rule set's notation."""

    @property
    def squares(self) -> List[int]:
        """The squares the piece stands on, start to landing, by their board numbers."""
    @property
    def captures(self) -> List[int]:
        """The numbers of the squares whose pieces the move takes (ascending)."""
    @property
    def is_capture(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class LegalMoves(Sequence[Move]):
    """The legal moves of a position: made in Rust at once, the Move objects when read."""

    def __len__(self) -> int: ...
    def count(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...
    def __contains__(self, move: object) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __eq__(self, other: object) -> bool: ...

class Outcome:
    """How a game ended."""

    result: str
    """'1-0', '0-1' or '1/2-1/2'."""
    winner: Optional[str]
    """'white', 'black', or None for a draw."""
    reason: str
    """'no-pieces', 'blocked', 'crowned' (breakthrough), 'resignation', 'time', 'repetition', 'no-progress',
    'king-ending', 'material-unchanged' or 'agreement'."""

class Board:
    """A game under one rule set: the position, the moves played and the result."""

    def __init__(self, variant: str = "international", fen: Optional[str] = None) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def size(self) -> int:
        """Squares along a side: 8 or 10."""
    @property
    def turn(self) -> str:
        """'white' or 'black'."""
    @property
    def legal_moves(self) -> LegalMoves: ...
    @property
    def move_stack(self) -> List[Move]: ...
    def parse_move(self, text: str) -> Move: ...
    def push(self, move: Union[Move, str]) -> Move: ...
    def push_text(self, text: str) -> Move: ...
    def pop(self) -> Optional[Move]:
        """Takes back the last move (None when a declared result was taken back)."""
    def fen(self) -> str: ...
    def is_game_over(self) -> bool: ...
    def result(self) -> str:
        """'1-0', '0-1', '1/2-1/2', or '*' while the game goes on."""
    def outcome(self) -> Optional[Outcome]: ...
    def resign(self, side: Optional[str] = None) -> None: ...
    def agree_draw(self) -> None: ...
    def perft(self, depth: int) -> int: ...
    def square_name(self, number: int) -> str: ...
    def copy(self) -> "Board": ...
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: object) -> "Board": ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def _repr_svg_(self) -> str: ...
    def to_array(self) -> npt.NDArray[np.float32]:
        """Piece planes (white men, white kings, black men, black kings), shape (4, n, n)."""

class Game:
    """A game read from PDN."""

    tags: Dict[str, str]
    board: Board

def read_games(text: str, variant: Optional[str] = None) -> List[Game]: ...
def read_games_file(
    path: Union[str, "os.PathLike[str]"], variant: Optional[str] = None
) -> List[Game]: ...
def write_game(board: Board, tags: Optional[Dict[str, str]] = None) -> str: ...
def positions_array(text: str, variant: Optional[str] = None) -> npt.NDArray[np.float32]:
    """Every position of every game, shape (positions, 4, n, n)."""

def variants() -> List[str]: ...

class Analysis:
    """An engine's report, from the side to move's view."""

    score: Optional[int]
    """Hundredths of a man; None for a forced result."""
    mate: Optional[int]
    """Plies to a forced result: positive a win, negative a loss."""
    depth: int
    nodes: int
    pv: List[Move]
    source: str
    """'search' or 'book'."""

class Tablebase:
    """Endgame tables of a directory (and the smallest classes built in memory)."""

    def __init__(self, directory: Optional[Union[str, "os.PathLike[str]"]] = None) -> None: ...
    def probe(self, board: Board) -> Optional[Tuple[int, Optional[int]]]:
        """(1, plies) a win, (-1, plies) a loss, (0, None) a draw; None if not covered."""

class Engine:
    """The engine: its opening book, then its search."""

    def __init__(
        self,
        threads: int = 1,
        hash_mb: int = 16,
        tablebase: Optional[Tablebase] = None,
        book: Union[bool, str, "os.PathLike[str]"] = True,
        seed: int = 0,
    ) -> None: ...
    def analyse(
        self,
        board: Board,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        multipv: int = 1,
    ) -> Union[Optional[Analysis], List[Analysis]]: ...
    def play(
        self,
        board: Board,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        level: Optional[int] = None,
    ) -> Optional[Move]: ...
    def play_with_analysis(
        self,
        board: Board,
        movetime: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        level: Optional[int] = None,
    ) -> Optional[Tuple[Move, Analysis]]: ...
    def clear(self) -> None: ...
